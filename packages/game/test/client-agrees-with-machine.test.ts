/**
 * The clients' side of the game model against the server's, over random games: a client that
 * reads the machine's notices with applyEvent holds the state the server would send it afresh, and
 * what the seat functions allow a seat is what `step` accepts (and what they forbid, it refuses;
 * the one difference is the abort a seat that has moved is not offered, documented in
 * seat-actions.ts).
 */
import {
  CLAIM_WIN_AFTER_MS,
  COLORS,
  OFFER_ACTIONS,
  OFFER_KINDS,
  type Color,
  type GameState,
  type OfferAction,
  type OfferKind,
  type ServerEvent,
  type TimeControl,
} from '@citadel/protocol';
import { sampleSize } from '@citadel/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  gameState,
  hasMoved,
  mayAbort,
  mayAddTime,
  mayBerserk,
  mayClaimWin,
  mayMove,
  mayOffer,
  mayResign,
  newGameRecord,
  positionOf,
  step,
  tournamentGameRecord,
  type GameEvent,
  type GameRecord,
  type Notice,
  type SeatRecord,
} from '../src/index.ts';

const RUNS = sampleSize(30, 600);
const CONNECTED = { white: true, black: true };
const REMATCH_ID = 'rematch01';

const seat = (name: string): SeatRecord => ({
  tokenHash: name.repeat(8),
  accountId: null,
  name,
  bot: false,
});

/** What a client is sent for a notice: `state` stands for the whole game, read afresh. */
function sent(n: Notice, g: GameRecord, now: number): ServerEvent {
  if (n.type !== 'state') return n;
  const pos = positionOf(g);
  if (!pos.ok) throw new Error(pos.error);
  return { type: 'state', game: gameState(g, pos.value, now, CONNECTED), you: null };
}

/** Whether `step` accepts `event` on `g` at `now`; the game itself is left as it was. */
function accepts(g: GameRecord, event: GameEvent, now: number): boolean {
  const pos = positionOf(g);
  if (!pos.ok) throw new Error(pos.error);
  return step(g, pos.value, event, now).ok;
}

/** A state as the client's clock reads it at `now`: the running clock less the time since `at`. */
function readAt(s: GameState, now: number): unknown {
  const { clocks, ...rest } = s;
  if (!clocks) return rest;
  const left = { white: clocks.white, black: clocks.black };
  if (clocks.running)
    left[clocks.running] = Math.max(0, left[clocks.running] - Math.max(0, now - clocks.at));
  return { ...rest, clocks: { ...left, running: clocks.running } };
}

interface Action {
  readonly type:
    'join' | 'move' | 'resign' | 'abort' | 'claim-win' | 'offer' | 'berserk' | 'add-time';
  /** Who acts; a move is mostly the side to move's (`wrongSide` makes it the other's). */
  readonly by: Color;
  readonly wrongSide: boolean;
  /** Which legal move. */
  readonly pick: number;
  readonly kind: OfferKind;
  readonly action: OfferAction;
  /** How long the opponent has been away, or null while connected. */
  readonly away: number | null;
}

const actionArb: fc.Arbitrary<Action> = fc.record({
  type: fc.constantFrom<Action['type'][]>(
    'join',
    'move',
    'move',
    'move',
    'move',
    'move',
    'resign',
    'abort',
    'claim-win',
    'offer',
    'offer',
    'offer',
    'offer',
    'berserk',
    'add-time',
  ),
  by: fc.constantFrom(...COLORS),
  wrongSide: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  pick: fc.nat(),
  kind: fc.constantFrom(...OFFER_KINDS),
  // Offers and answers to them more often than the rest, so that agreements happen.
  action: fc.constantFrom<OfferAction[]>('offer', 'offer', 'accept', 'accept', 'decline', 'cancel'),
  away: fc.constantFrom(null, 0, CLAIM_WIN_AFTER_MS - 1, CLAIM_WIN_AFTER_MS),
});

const clockArb = fc.constantFrom<Array<TimeControl | null>>(
  null,
  { initial: 60, increment: 1 },
  { daysPerMove: 1 },
);

/** Checks every action of both seats: the client's permission against the machine's answer. */
function checkPermissions(g: GameRecord, client: GameState, now: number): void {
  const pos = positionOf(g);
  if (!pos.ok) throw new Error(pos.error);
  const legal = pos.value.legalMoves()[0]?.text ?? 'a1a2';
  for (const by of COLORS) {
    const seen = `${by} after ${JSON.stringify(g.moves)} (${g.status})`;
    expect(mayMove(client, by), `move: ${seen}`).toBe(
      accepts(g, { type: 'move', by, move: legal }, now),
    );
    expect(mayResign(client), `resign: ${seen}`).toBe(accepts(g, { type: 'resign', by }, now));
    expect(mayBerserk(client, by), `berserk: ${seen}`).toBe(
      accepts(g, { type: 'berserk', by }, now),
    );
    const abort = accepts(g, { type: 'abort', by }, now);
    if (mayAbort(client, by)) expect(abort, `abort: ${seen}`).toBe(true);
    else if (abort) expect(hasMoved(g.moves.length, by), `abort: ${seen}`).toBe(true);
    for (const away of [null, now - CLAIM_WIN_AFTER_MS + 1, now - CLAIM_WIN_AFTER_MS])
      expect(mayClaimWin(client, away, now), `claim-win, away since ${away}: ${seen}`).toBe(
        accepts(g, { type: 'claim-win', by, opponentAwaySince: away }, now),
      );
    expect(mayAddTime(client, by), `add-time: ${seen}`).toBe(
      accepts(g, { type: 'add-time', by }, now),
    );
    for (const kind of OFFER_KINDS)
      for (const action of OFFER_ACTIONS)
        expect(mayOffer(client, by, kind, action), `${kind} ${action}: ${seen}`).toBe(
          accepts(g, { type: 'offer', kind, action, by, rematchId: REMATCH_ID }, now),
        );
  }
}

describe('the clients’ game model', () => {
  it('reads the machine’s notices into the state the server sends, and allows what step accepts', () => {
    fc.assert(
      fc.property(
        clockArb,
        fc.constantFrom(...COLORS),
        // Mostly a game whose second player joins at once; sometimes the creator acts alone first.
        fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
        // One game in four a tournament's, started by its pairing.
        fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
        fc.array(actionArb, { minLength: 1, maxLength: 40, size: 'max' }),
        (clock, creator, joinFirst, tournament, actions) => {
          const settings = {
            id: 'abcdefgh',
            variant: 'chess',
            array: 'standard',
            rules: {},
            clock,
            rated: false,
          };
          let g = tournament
            ? tournamentGameRecord({
                ...settings,
                seats: { white: seat('w'), black: seat('b') },
                tournamentId: 'arena001',
                now: 0,
              })
            : newGameRecord({ ...settings, lobby: false, creator, seat: seat('c'), now: 0 });
          const made = positionOf(g);
          if (!made.ok) throw new Error(made.error);
          const pos = made.value;
          let client = gameState(g, pos, 0, CONNECTED);
          // Each action a millisecond after the last: no clock runs out and no first move is late.
          let now = 0;
          const joined: Action[] = joinFirst ? [{ ...actions[0]!, type: 'join' }] : [];
          for (const a of [...joined, ...actions]) {
            now++;
            checkPermissions(g, client, now);
            const turn = g.moves.length % 2 === 0 ? 'white' : 'black';
            const legal = pos.legalMoves();
            const event: GameEvent =
              a.type === 'join'
                ? { type: 'join', seat: seat('j') }
                : a.type === 'move'
                  ? {
                      type: 'move',
                      by: a.wrongSide ? a.by : turn,
                      move: legal.length ? legal[a.pick % legal.length]!.text : 'a1a2',
                      // A client that reports having held the turn for no time: lag is credited.
                      moveTime: 0,
                    }
                  : a.type === 'claim-win'
                    ? {
                        type: 'claim-win',
                        by: a.by,
                        opponentAwaySince: a.away === null ? null : now - a.away,
                      }
                    : a.type === 'offer'
                      ? {
                          type: 'offer',
                          kind: a.kind,
                          action: a.action,
                          by: a.by,
                          rematchId: REMATCH_ID,
                        }
                      : { type: a.type, by: a.by };
            const s = step(g, pos, event, now);
            if (!s.ok) continue;
            g = s.game;
            for (const n of s.tell) client = applyEvent(client, sent(n, g, now));
            expect(readAt(client, now), `after ${JSON.stringify(event)}`).toEqual(
              readAt(gameState(g, pos, now, CONNECTED), now),
            );
          }
          checkPermissions(g, client, now + 1);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
