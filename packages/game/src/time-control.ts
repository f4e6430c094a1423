/**
 * What a time control allows: the time on each clock, and the first-move deadline as the big
 * chess sites keep it. In a started game with a clock, a side that lets its first move wait too
 * long has the game aborted (no result, not rated); the wait is counted from the start of the
 * game for White and from White's first move for Black. It is FIRST_MOVE_LIVE_MS in a live game
 * and the days per move in a correspondence game; a game without a clock has no deadline.
 */
import { FIRST_MOVE_LIVE_MS, type TimeControl } from '@citadel/protocol';

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
