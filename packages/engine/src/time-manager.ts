/**
 * Time per move from the UCI limits: a fixed `movetime`, or a share of the remaining clock plus
 * most of the increment; with both, `movetime` caps the clock's share (a game whose engine has a
 * time per move for its strength and a clock it must not run out of). `softMs`: do not start
 * another iteration after it; `hardMs`: stop at once.
 *
 * The overhead (UCI `Move Overhead`) is kept back from the clock, where running out loses. A fixed
 * `movetime` is the time to think and is searched in full, as Stockfish does, less at most
 * MOVETIME_RESERVE ms for sending the reply.
 */
const MOVETIME_RESERVE = 2;

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
  const time = Math.max(1, limits.time - overhead);
  const inc = limits.increment ?? 0;
  const movesToGo = Math.max(1, Math.min(limits.movesToGo ?? 30, 50));
  const share = time / movesToGo + inc * 0.8;
  const hard = Math.max(1, Math.min(time * 0.4, share * 3));
  const soft = Math.max(1, Math.min(hard, share * 0.6));
  return { softMs: soft, hardMs: hard };
}
