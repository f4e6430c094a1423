/**
 * The game state machine: record + event + time -> next record + what to tell everyone. It is
 * pure over the record; the position (the rules core's game, kept beside the record) is advanced
 * in step with accepted moves and takebacks and left unchanged by refused events.
 */
import type { Position } from '@citadel/core';
import {
  colorTitle,
  otherColor,
  type Color,
  type OfferAction,
  type OfferKind,
} from '@citadel/protocol';
import {
  clockLeftAt,
  clocksAfterMove,
  clocksAt,
  isFlagged,
  missedFirstMove,
  sideToMove,
} from './clock.ts';
import type { GameEvent, Notice, RefusalReason, Step } from './events.ts';
import { ADD_TIME_MS, clockLeftWithTimeGiven } from './add-time.ts';
import { compensate, lagQuota } from './lag-compensation.ts';
import {
  abortRefusal,
  addTimeRefusal,
  berserkRefusal,
  claimWinRefusal,
  moveRefusal,
  offerRefusal,
  resignRefusal,
} from './permissions.ts';
import { NO_OFFERS, recordFacts, type GameRecord } from './record.ts';
import { berserkTime, firstMoveDeadline } from './time-control.ts';

const refuse = (reason: RefusalReason, error: string): Step => ({ ok: false, reason, error });
const winToken = (c: Color): '1-0' | '0-1' => (c === 'white' ? '1-0' : '0-1');

type Ending = Pick<GameRecord, 'result' | 'reason' | 'text'>;
interface Ended {
  readonly game: GameRecord;
  readonly notice: Notice;
}

/** The record of a game ended at `now`, and the notice that says so. */
function end(g: GameRecord, e: Ending, now: number): Ended {
  const game: GameRecord = {
    ...g,
    ...e,
    status: 'ended',
    clockLeft: clockLeftAt(g, now),
    turnStartedAt: null,
    firstMoveBy: null,
    offers: NO_OFFERS,
    version: g.version + 1,
    endedAt: now,
  };
  const clocks = clocksAt(game, now);
  return {
    game,
    notice: {
      type: 'end',
      result: e.result!,
      reason: e.reason!,
      text: e.text!,
      ...(clocks ? { clocks } : {}),
    },
  };
}

/** The game ended at `now` because the side to move ran out of time. */
function timeout(g: GameRecord, now: number): Ended & { late: string } {
  const late = sideToMove(g);
  const winner = otherColor(late);
  const e = end(
    g,
    {
      result: winToken(winner),
      reason: 'timeout',
      text: `${colorTitle(late)} ran out of time: ${colorTitle(winner)} wins`,
    },
    now,
  );
  return { ...e, late: 'the game is over: your time ran out' };
}

/** The game ended by a deadline that passed before `now` (a flag, a missed first move), if any. */
function lapsed(g: GameRecord, now: number): (Ended & { late: string }) | null {
  if (g.status !== 'started') return null;
  const late = sideToMove(g);
  if (isFlagged(g, now)) return timeout(g, now);
  if (missedFirstMove(g, now) && g.tournamentId !== null) {
    // A tournament's game is mandatory: the player who does not start it loses it.
    const winner = otherColor(late);
    const e = end(
      g,
      {
        result: winToken(winner),
        reason: 'no-start',
        text: `${colorTitle(late)} did not make a first move in time: ${colorTitle(winner)} wins`,
      },
      now,
    );
    return { ...e, late: 'the game is over: you did not make your first move in time' };
  }
  if (missedFirstMove(g, now)) {
    const e = end(
      g,
      {
        result: '*',
        reason: 'abort',
        text: `${colorTitle(late)} did not make a first move in time: the game is aborted`,
      },
      now,
    );
    return { ...e, late: 'the game is over: it was aborted for want of a first move in time' };
  }
  return null;
}

/** Applies one event at `now` (epoch ms). */
export function step(g: GameRecord, pos: Position, event: GameEvent, now: number): Step {
  const f = lapsed(g, now);
  if (f) {
    if (event.type === 'flag') return { ok: true, game: f.game, tell: [f.notice] };
    if (event.type === 'offer' && event.kind === 'rematch')
      return refuse('conflict', 'the game is not over');
    return {
      ok: true,
      game: f.game,
      tell: [f.notice],
      refusal: { reason: 'conflict', error: f.late },
    };
  }
  switch (event.type) {
    case 'flag':
      return { ok: true, game: g, tell: [] };
    case 'join':
      if (g.status !== 'waiting') return refuse('conflict', 'both seats are taken');
      return {
        ok: true,
        game: {
          ...g,
          seats: {
            white: g.seats.white ?? event.seat,
            black: g.seats.black ?? event.seat,
          },
          status: 'started',
          firstMoveBy: firstMoveDeadline(g.clock, g.moves.length, now),
          version: g.version + 1,
        },
        tell: [{ type: 'state' }],
      };
    case 'move':
      return move(g, pos, event, now);
    case 'add-time': {
      const no = addTimeRefusal(recordFacts(g), event.by);
      if (no) return { ok: false, ...no };
      const next: GameRecord = {
        ...g,
        clockLeft: clockLeftWithTimeGiven(g.clockLeft, event.by),
        timeGiven: { ...g.timeGiven, [event.by]: g.timeGiven[event.by] + 1 },
        version: g.version + 1,
      };
      const added: Notice = {
        type: 'time-added',
        by: event.by,
        ms: ADD_TIME_MS,
        given: next.timeGiven[event.by],
        clocks: clocksAt(next, now)!,
      };
      return { ok: true, game: next, tell: [added] };
    }
    case 'resign': {
      const no = resignRefusal(recordFacts(g));
      if (no) return { ok: false, ...no };
      const winner = otherColor(event.by);
      const e = end(
        g,
        {
          result: winToken(winner),
          reason: 'resign',
          text: `${colorTitle(event.by)} resigned: ${colorTitle(winner)} wins`,
        },
        now,
      );
      return { ok: true, game: e.game, tell: [e.notice] };
    }
    case 'abort': {
      const no = abortRefusal(recordFacts(g));
      if (no) return { ok: false, ...no };
      const e = end(
        g,
        { result: '*', reason: 'abort', text: `${colorTitle(event.by)} aborted the game` },
        now,
      );
      return { ok: true, game: e.game, tell: [e.notice] };
    }
    case 'claim-win': {
      const no = claimWinRefusal(recordFacts(g), event.opponentAwaySince, now);
      if (no) return { ok: false, ...no };
      const e = end(
        g,
        {
          result: winToken(event.by),
          reason: 'abandon',
          text: `${colorTitle(otherColor(event.by))} left the game: ${colorTitle(event.by)} wins`,
        },
        now,
      );
      return { ok: true, game: e.game, tell: [e.notice] };
    }
    case 'offer':
      return offer(g, pos, event.kind, event.action, event.by, event.rematchId, now);
    case 'berserk': {
      const no = berserkRefusal(recordFacts(g), event.by);
      if (no) return { ok: false, ...no };
      const time = berserkTime(g.clock)!;
      return {
        ok: true,
        game: {
          ...g,
          clockLeft: { ...g.clockLeft, [event.by]: time.initialMs },
          berserk: { ...g.berserk, [event.by]: true },
          version: g.version + 1,
        },
        tell: [{ type: 'state' }],
      };
    }
  }
}

/** The lag credited to `by`'s move at `now` and its quota after, in a live game whose clock runs. */
function lagCredit(
  g: GameRecord,
  event: Extract<GameEvent, { type: 'move' }>,
  now: number,
): { credit: number; quota: number } | null {
  const quota = lagQuota(g.clock);
  if (!quota || g.turnStartedAt === null) return null;
  return compensate(quota, g.lagQuota[event.by], {
    span: Math.max(0, now - g.turnStartedAt),
    moveTime: event.moveTime,
    roundTrip: event.roundTrip ?? null,
  });
}

function move(
  g: GameRecord,
  pos: Position,
  event: Extract<GameEvent, { type: 'move' }>,
  now: number,
): Step {
  const by = event.by;
  const no = moveRefusal(recordFacts(g), by, event.ply);
  if (no) return { ok: false, ...no };
  const lag = lagCredit(g, event, now);
  const clocks = clocksAfterMove(g, by, now, g.moves.length + 1, lag?.credit ?? 0);
  if (clocks.outOfTime) {
    // Within the lag grace, but the lag credited does not bring the clock above zero.
    const e = timeout(g, now);
    return {
      ok: true,
      game: e.game,
      tell: [e.notice],
      refusal: { reason: 'conflict', error: e.late },
    };
  }
  const played = pos.play(event.move);
  if (!played.ok) return refuse('invalid', played.error);
  const plies = g.moves.length + 1;
  const theirs = otherColor(by);
  let next: GameRecord = {
    ...g,
    moves: [...g.moves, played.value.text],
    moveClocks: g.clock ? [...g.moveClocks, clocks.clockLeft[by]] : g.moveClocks,
    moveLag: g.clock ? [...g.moveLag, lag?.credit ?? 0] : g.moveLag,
    lagQuota: lag ? { ...g.lagQuota, [by]: lag.quota } : g.lagQuota,
    lagTotal: lag ? { ...g.lagTotal, [by]: g.lagTotal[by] + lag.credit } : g.lagTotal,
    clockLeft: clocks.clockLeft,
    turnStartedAt: clocks.turnStartedAt,
    firstMoveBy: firstMoveDeadline(g.clock, plies, now),
    // A move answers the opponent's offers: they lapse.
    offers: {
      draw: g.offers.draw === theirs ? null : g.offers.draw,
      takeback: g.offers.takeback === theirs ? null : g.offers.takeback,
      rematch: null,
    },
    version: g.version + 1,
  };
  const tell: Notice[] = [];
  const moveClocks = clocksAt(next, now);
  tell.push({
    type: 'move',
    ply: plies,
    move: played.value.text,
    san: played.value.san,
    fen: pos.fen(),
    ...(moveClocks ? { clocks: moveClocks } : {}),
    ...(next.firstMoveBy !== null ? { firstMoveBy: next.firstMoveBy } : {}),
  });
  if (next.offers.draw !== g.offers.draw || next.offers.takeback !== g.offers.takeback)
    tell.push({ type: 'offers', offers: next.offers });
  const outcome = pos.outcome();
  if (outcome) {
    const e = end(
      next,
      {
        result: outcome.winner === null ? '1/2-1/2' : winToken(outcome.winner),
        reason: outcome.reason,
        text: outcome.text,
      },
      now,
    );
    next = { ...e.game, version: next.version };
    tell.push(e.notice);
  }
  return { ok: true, game: next, tell };
}

function offer(
  g: GameRecord,
  pos: Position,
  kind: OfferKind,
  action: OfferAction,
  by: Color,
  rematchId: string | undefined,
  now: number,
): Step {
  const no = offerRefusal(recordFacts(g), kind, action, by);
  if (no) return { ok: false, ...no };
  const theirs = otherColor(by);
  const pending = g.offers[kind];
  const withOffer = (value: Color | null): GameRecord => ({
    ...g,
    offers: { ...g.offers, [kind]: value },
    version: g.version + 1,
  });
  if (action === 'decline' || action === 'cancel' || (action === 'offer' && pending !== theirs)) {
    const next = withOffer(action === 'offer' ? by : null);
    // A decline is said as such: the seat that offered is told in words (a cancel is its own).
    const declined = action === 'decline' ? { declined: kind } : {};
    return { ok: true, game: next, tell: [{ type: 'offers', offers: next.offers, ...declined }] };
  }
  // Agreed: an offer meets the opponent's own, or an accept.
  if (kind === 'draw') {
    const e = end(g, { result: '1/2-1/2', reason: 'agreement', text: 'draw by agreement' }, now);
    return { ok: true, game: e.game, tell: [e.notice] };
  }
  if (kind === 'rematch') {
    if (!rematchId) return refuse('conflict', 'no id for the rematch');
    return {
      ok: true,
      game: { ...withOffer(null), rematchId },
      tell: [{ type: 'rematch', id: rematchId }],
      rematch: true,
    };
  }
  return takeBack(g, pos, theirs, now);
}

/** Takes back moves until it is `asker`'s turn again, before their last move. */
function takeBack(g: GameRecord, pos: Position, asker: Color, now: number): Step {
  const undo = sideToMove(g) === asker ? 2 : 1;
  const left = clockLeftAt(g, now);
  for (let i = 0; i < undo; i++) pos.undo();
  const moves = g.moves.slice(0, g.moves.length - undo);
  const game: GameRecord = {
    ...g,
    moves,
    moveClocks: g.moveClocks.slice(0, moves.length),
    moveLag: g.moveLag.slice(0, moves.length),
    clockLeft: left,
    turnStartedAt: g.clock && moves.length >= 2 ? now : null,
    firstMoveBy: firstMoveDeadline(g.clock, moves.length, now),
    offers: NO_OFFERS,
    version: g.version + 1,
  };
  return { ok: true, game, tell: [{ type: 'state' }] };
}
