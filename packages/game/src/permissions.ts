/**
 * Who may do what in a game, and why not: the one statement of the rules that the state machine
 * enforces (step.ts refuses with these sentences) and that the clients show (seat-actions.ts offers
 * a seat only what these allow). They read only what both the server's record and the protocol's
 * state hold (`GameFacts`); the deadlines that end a game by themselves are the machine's alone.
 */
import {
  CLAIM_WIN_AFTER_MS,
  otherColor,
  type ByColor,
  type Color,
  type OfferAction,
  type OfferKind,
  type Offers,
  type Status,
  type TimeControl,
} from '@citadel/protocol';
import { MAX_TIME_GIVEN } from './add-time.ts';
import type { RefusalReason } from './events.ts';
import { berserkTime } from './time-control.ts';

/** Why an action is refused: the reason, and the sentence the server answers with. */
export interface Refusal {
  readonly reason: RefusalReason;
  readonly error: string;
}

/** What the rules of who may act read of a game. */
export interface GameFacts {
  readonly status: Status;
  /** The number of moves played. */
  readonly plies: number;
  readonly clock: TimeControl | null;
  readonly offers: Offers;
  /** Whether each seat has been taken. */
  readonly seated: ByColor<boolean>;
  /** Whether a rematch of this game has been agreed. */
  readonly rematchAgreed: boolean;
  /** Whether the game is a tournament's (mandatory: no abort, takeback or rematch). */
  readonly tournament: boolean;
  /** The seats that went berserk. */
  readonly berserk: ByColor<boolean>;
  /** How many times each seat has given the opponent time. */
  readonly timeGiven: ByColor<number>;
}

const refusal = (error: string, reason: RefusalReason = 'conflict'): Refusal => ({
  reason,
  error,
});

/** The side to move after `plies` moves (White starts every variant's array). */
export const turnAfter = (plies: number): Color => (plies % 2 === 0 ? 'white' : 'black');

/** Whether `color` has made its first move after `plies` moves. */
export const hasMoved = (plies: number, color: Color): boolean =>
  plies > (color === 'white' ? 0 : 1);

/** A live game: minutes and an increment, as opposed to correspondence or no clock. */
export const isLive = (clock: TimeControl | null): boolean =>
  clock !== null && !('daysPerMove' in clock);

/**
 * Why `by` may not move now, or null when it may (whether the move is legal is the rules core's
 * to say). `ply`, when given, is the number of moves the mover saw played.
 */
export function moveRefusal(f: GameFacts, by: Color, ply?: number): Refusal | null {
  if (f.status === 'waiting') return refusal('the game waits for an opponent');
  if (f.status === 'ended') return refusal('the game is over');
  if (turnAfter(f.plies) !== by) return refusal('it is not your turn');
  if (ply !== undefined && ply !== f.plies)
    return refusal(`stale move: ${f.plies} moves have been played, not ${ply}`);
  return null;
}

/** Why a seat may not resign now, or null when it may: only a game in progress is resigned. */
export function resignRefusal(f: GameFacts): Refusal | null {
  if (f.status === 'waiting') return refusal('the game has not started: abort it instead');
  if (f.status === 'ended') return refusal('the game is over');
  return null;
}

/** Why a seat may not abort now, or null when it may: until each side has made its first move. */
export function abortRefusal(f: GameFacts): Refusal | null {
  if (f.status === 'ended') return refusal('the game is over');
  if (f.tournament) return refusal('a tournament game cannot be aborted: resign instead');
  if (f.plies >= 2)
    return refusal('a game can be aborted only before each side has made its first move');
  return null;
}

/**
 * Why a seat may not claim the win at `now`, or null when it may: in a live game in progress whose
 * opponent has been away (no connection since `opponentAwaySince`) for CLAIM_WIN_AFTER_MS.
 */
export function claimWinRefusal(
  f: GameFacts,
  opponentAwaySince: number | null,
  now: number,
): Refusal | null {
  if (f.status !== 'started') return refusal('the game is not in progress');
  if (!isLive(f.clock)) return refusal('a win can be claimed only in a live game');
  if (opponentAwaySince === null) return refusal('your opponent is connected');
  const waited = now - opponentAwaySince;
  if (waited < CLAIM_WIN_AFTER_MS)
    return refusal(
      `your opponent may reconnect: claim in ${Math.ceil((CLAIM_WIN_AFTER_MS - waited) / 1000)} s`,
    );
  return null;
}

/**
 * Why `by` may not take `action` on an offer of `kind` now, or null when it may. A draw or a
 * takeback is for a game in progress, a rematch for an ended game between two players, once.
 * A seat offers what it has not offered yet (an offer meeting the opponent's own agrees to it),
 * cancels its own offer, accepts or declines the opponent's; a takeback needs a move of one's own.
 */
export function offerRefusal(
  f: GameFacts,
  kind: OfferKind,
  action: OfferAction,
  by: Color,
): Refusal | null {
  if (f.tournament && kind !== 'draw')
    return refusal(
      kind === 'rematch'
        ? 'a tournament game has no rematch: the tournament pairs you again'
        : 'a tournament game has no takebacks',
    );
  if (kind === 'rematch') {
    if (f.status !== 'ended') return refusal('the game is not over');
    if (f.rematchAgreed) return refusal('the rematch has been agreed already');
    if (!f.seated.white || !f.seated.black) return refusal('the game had no opponent');
  } else if (f.status !== 'started') return refusal('the game is not in progress');
  const pending = f.offers[kind];
  const theirs = otherColor(by);
  if (action === 'offer' && pending === by) return refusal(`you have offered a ${kind} already`);
  if (action === 'decline' && pending !== theirs)
    return refusal(`there is no ${kind} offer to decline`);
  if (action === 'accept' && pending !== theirs)
    return refusal(`there is no ${kind} offer to accept`);
  if (action === 'cancel' && pending !== by) return refusal(`you have no ${kind} offer to cancel`);
  if (kind === 'takeback' && action === 'offer' && !hasMoved(f.plies, by))
    return refusal('you have no move to take back');
  return null;
}

/**
 * Why `by` may not go berserk now, or null when it may: in a tournament game in progress, before
 * its own first move, once, under a live clock with base time (time-control.ts's berserkTime).
 */
export function berserkRefusal(f: GameFacts, by: Color): Refusal | null {
  if (!f.tournament) return refusal('only a tournament game has berserk');
  if (f.status !== 'started') return refusal('the game is not in progress');
  if (f.berserk[by]) return refusal('you have gone berserk already');
  if (hasMoved(f.plies, by)) return refusal('berserk is only before your first move');
  if (berserkTime(f.clock) === null) return refusal('this clock has no berserk');
  return null;
}

/**
 * Why `by` may not give the opponent time now, or null when it may: in a live game in progress
 * that is not a tournament's (its clocks are the same for every pairing, as on the big sites), at
 * most MAX_TIME_GIVEN times.
 */
export function addTimeRefusal(f: GameFacts, by: Color): Refusal | null {
  if (f.tournament) return refusal('time cannot be given in a tournament game');
  if (f.status !== 'started') return refusal('the game is not in progress');
  if (!isLive(f.clock)) return refusal('time can be given only in a live game', 'invalid');
  if (f.timeGiven[by] >= MAX_TIME_GIVEN)
    return refusal(`you have given time ${MAX_TIME_GIVEN} times: the most one game allows`);
  return null;
}
