/**
 * What a time control allows: the time on each clock, and the first-move deadline as the big
 * chess sites keep it. In a started game with a clock, a side that lets its first move wait too
 * long has the game aborted (no result, not rated); the wait is counted from the start of the
 * game for White and from White's first move for Black. It is FIRST_MOVE_LIVE_MS in a live game
 * and the days per move in a correspondence game; a game without a clock has no deadline.
 */
import { FIRST_MOVE_LIVE_MS, type TimeControl } from '@citadel/protocol';

/**
 * An arena player who goes berserk keeps the whole increment only where the base time is at least
 * this many increments; below it (1+2: 60 s against 80 s) the increment is most of the game's time,
 * so the player gives up the increment and keeps the base (1+2 plays as 1+0), as on lichess.
 */
export const BERSERK_HALVES_FROM_INCREMENTS = 40;

/** Milliseconds each clock starts with (live) or each move may take (correspondence). */
export function clockBudget(clock: TimeControl | null): number {
  if (!clock) return 0;
  if ('daysPerMove' in clock) return clock.daysPerMove * 86_400_000;
  return clock.initial * 1000;
}

/** How long a first move may take under `clock`, or null when it may take for ever. */
export function firstMoveLimit(clock: TimeControl | null): number | null {
  if (!clock) return null;
  return 'daysPerMove' in clock ? clockBudget(clock) : FIRST_MOVE_LIVE_MS;
}

/** The side to move's first-move deadline once `plies` moves have been played at `now`, if any. */
export function firstMoveDeadline(
  clock: TimeControl | null,
  plies: number,
  now: number,
): number | null {
  const limit = firstMoveLimit(clock);
  return limit === null || plies >= 2 ? null : now + limit;
}

/** One seat's live clock, in milliseconds: what it starts with and what each move adds to it. */
export interface SeatTime {
  readonly initialMs: number;
  readonly incrementMs: number;
}

/**
 * The clock of an arena player who goes berserk before their first move, or null where the time
 * control offers no berserk: no clock, correspondence, or no base time (0+1, where halving leaves
 * nothing). The player loses the increment and half the base, halved to the millisecond (45 s
 * becomes 22.5 s); where the base is under BERSERK_HALVES_FROM_INCREMENTS increments, the
 * increment alone.
 */
export function berserkTime(clock: TimeControl | null): SeatTime | null {
  if (!clock || 'daysPerMove' in clock || clock.initial === 0) return null;
  const initialMs = clock.initial * 1000;
  const keepsBase = clock.initial < BERSERK_HALVES_FROM_INCREMENTS * clock.increment;
  return { initialMs: keepsBase ? initialMs : initialMs / 2, incrementMs: 0 };
}
