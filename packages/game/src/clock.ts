/**
 * Clock arithmetic. The server's clock is the truth: the side to move loses the time since
 * `turnStartedAt`. No clock runs until each side has made its first move (so either may still
 * abort); a live clock gains its increment after each move, a correspondence clock is refilled
 * to the days per move.
 */
import { otherColor, type ByColor, type Clocks, type Color } from '@citadel/protocol';
import { turnAfter } from './permissions.ts';
import type { GameRecord } from './record.ts';
import { clockBudget } from './time-control.ts';

/** The side to move, from the number of moves played (White starts every variant's array). */
export const sideToMove = (g: GameRecord): Color => turnAfter(g.moves.length);

/** Time left on each clock at `now`. */
export function clockLeftAt(g: GameRecord, now: number): ByColor<number> {
  if (g.turnStartedAt === null || g.status !== 'started') return g.clockLeft;
  const turn = sideToMove(g);
  const left = Math.max(0, g.clockLeft[turn] - Math.max(0, now - g.turnStartedAt));
  return { ...g.clockLeft, [turn]: left };
}

/** The clocks as the protocol reports them, or undefined for a game without a clock. */
export function clocksAt(g: GameRecord, now: number): Clocks | undefined {
  if (!g.clock) return undefined;
  const left = clockLeftAt(g, now);
  const running = g.turnStartedAt !== null && g.status === 'started' ? sideToMove(g) : null;
  return { white: left.white, black: left.black, running, at: now };
}

/** When the side to move runs out of time, or null while no clock runs. */
export function flagAt(g: GameRecord): number | null {
  if (g.turnStartedAt === null || g.status !== 'started') return null;
  return g.turnStartedAt + g.clockLeft[sideToMove(g)];
}

export const isFlagged = (g: GameRecord, now: number): boolean => {
  const at = flagAt(g);
  return at !== null && now >= at;
};

/** Whether the side to move of a started game has let its first-move deadline pass at `now`. */
export const missedFirstMove = (g: GameRecord, now: number): boolean =>
  g.status === 'started' && g.firstMoveBy !== null && now >= g.firstMoveBy;

/** When the game next needs the server's attention without a player acting: a flag or a missed first move. */
export function deadlineAt(g: GameRecord): number | null {
  if (g.status !== 'started') return null;
  return flagAt(g) ?? g.firstMoveBy;
}

/**
 * The clocks after `mover` moved at `now` (the move count is the one after the move): the mover's
 * time is charged and topped up (not a berserk seat's); the opponent's clock starts once both
 * sides have moved.
 */
export function clocksAfterMove(
  g: GameRecord,
  mover: Color,
  now: number,
  pliesAfter: number,
): { clockLeft: ByColor<number>; turnStartedAt: number | null } {
  if (!g.clock) return { clockLeft: g.clockLeft, turnStartedAt: null };
  const running = g.turnStartedAt !== null;
  const left = clockLeftAt(g, now);
  const budget = clockBudget(g.clock);
  let mine = left[mover];
  if ('daysPerMove' in g.clock) mine = budget;
  else if (running && !g.berserk[mover]) mine += g.clock.increment * 1000;
  const theirs = 'daysPerMove' in g.clock ? budget : left[otherColor(mover)];
  return {
    clockLeft: { [mover]: mine, [otherColor(mover)]: theirs } as ByColor<number>,
    turnStartedAt: pliesAfter >= 2 ? now : null,
  };
}
