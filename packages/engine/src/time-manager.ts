/**
 * Time per move from the UCI limits: a fixed `movetime`, or a share of the remaining clock plus
 * most of the increment; with both, `movetime` caps the clock's share (a game whose engine has a
 * time per move for its strength and a clock it must not run out of). `softMs`: do not start
 * another iteration after it; `hardMs`: stop at once.
 *
 * The overhead (UCI `Move Overhead`) is kept back from the clock, where running out loses. A fixed
 * `movetime` is the time to think and is searched in full, as Stockfish does, less at most
 * MOVETIME_RESERVE ms for sending the reply.
 *
 * From a clock, a move's expected time is the clock spread over the moves to go plus most of the
 * increment; the soft limit is part of it, the hard limit a few times it. The hard limit is also
 * capped by a share of the clock left (after the overhead), so one move never takes more than a
 * quarter of it however large the increment: three quarters stay in reserve for a loaded machine's
 * delays, and with an increment the clock grows back until a quarter of it covers the increment.
 * When the GUI says the clock is refilled after `movesToGo` moves, the cap grows towards the whole
 * share of the last move before the refill, and still keeps a fifth of the clock back.
 */
const MOVETIME_RESERVE = 2;
/** Moves the clock is spread over when the GUI does not say (sudden death, or an increment). */
const DEFAULT_MOVES_TO_GO = 30;
const MAX_MOVES_TO_GO = 50;
/** Share of the increment counted as this move's own. */
const INCREMENT_USE = 0.8;
/** The soft limit as a share of the expected time, and the hard limit as a multiple of it. */
const SOFT_SHARE = 0.6;
const HARD_MULTIPLE = 3;
/** The most of the clock left (after the overhead) one move may take without a refill in sight. */
export const MAX_CLOCK_SHARE = 0.25;
/** The most of the clock left one move may take just before the clock is refilled. */
export const LAST_MOVE_CLOCK_SHARE = 0.8;

export interface ClockLimits {
  readonly movetime?: number;
  readonly time?: number;
  readonly increment?: number;
  readonly movesToGo?: number;
  /** Milliseconds kept back for communication and process overhead. */
  readonly overhead?: number;
}

export interface TimeBudget {
  readonly softMs?: number;
  readonly hardMs?: number;
}

export function budget(limits: ClockLimits): TimeBudget {
  const overhead = limits.overhead ?? 20;
  const clock = clockBudget(limits, overhead);
  if (limits.movetime === undefined) return clock;
  const t = Math.max(1, limits.movetime - Math.min(overhead, MOVETIME_RESERVE));
  if (clock.softMs === undefined || clock.hardMs === undefined) return { softMs: t, hardMs: t };
  return { softMs: Math.min(t, clock.softMs), hardMs: Math.min(t, clock.hardMs) };
}

/** The clock's share for this move, or no limit without a clock. */
function clockBudget(limits: ClockLimits, overhead: number): TimeBudget {
  if (limits.time === undefined) return {};
  const left = Math.max(1, limits.time - overhead);
  const inc = Math.max(0, limits.increment ?? 0);
  const movesToGo = Math.max(1, Math.min(limits.movesToGo ?? DEFAULT_MOVES_TO_GO, MAX_MOVES_TO_GO));
  const expected = left / movesToGo + inc * INCREMENT_USE;
  const hard = Math.max(1, Math.min(expected * HARD_MULTIPLE, left * maxClockShare(limits)));
  const soft = Math.max(1, Math.min(hard, expected * SOFT_SHARE));
  return { softMs: soft, hardMs: hard };
}

/** The most of the clock left one move may take: more only as a refill comes near. */
function maxClockShare(limits: ClockLimits): number {
  if (limits.movesToGo === undefined) return MAX_CLOCK_SHARE;
  const share = 1 / Math.max(1, limits.movesToGo);
  return Math.max(MAX_CLOCK_SHARE, Math.min(LAST_MOVE_CLOCK_SHARE, share));
}
