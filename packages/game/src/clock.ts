/**
 * Clock arithmetic. The server's clock is the truth: the side to move loses the time since
 * `turnStartedAt`. No clock runs until each side has made its first move (so either may still
 * abort); a live clock gains its increment after each move, and the network lag credited to the
 * move (lag-compensation.ts), a correspondence clock is refilled to the days per move. A live
 * clock that shows zero falls a little later, by the lag its side was last credited (within its
 * quota): the move that side sent in time may still be on its way.
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

/**
 * How long after its clock shows zero the side to move still counts as in time: the lag credited
 * to its last move, within its quota now (0 without a live clock). A move that arrives then is
 * credited its lag and stands if that puts its clock above zero.
 */
export function lagGrace(g: GameRecord): number {
  const side = sideToMove(g);
  // The side to move made the move before last (a live game credits every move, 0 or more).
  const last = g.moveLag[g.moves.length - 2] ?? 0;
  return Math.max(0, Math.min(last, g.lagQuota[side]));
}

/** When the side to move runs out of time (after its lag grace), or null while no clock runs. */
export function flagAt(g: GameRecord): number | null {
  if (g.turnStartedAt === null || g.status !== 'started') return null;
  return g.turnStartedAt + g.clockLeft[sideToMove(g)] + lagGrace(g);
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
 * The clocks after `mover` moved at `now` (the move count is the one after the move), `credit`
 * ms of lag given back: the mover's time is charged, credited and topped up (not a berserk
 * seat's: it gives up its increment, never its lag credit); the opponent's clock starts once both
 * sides have moved. `outOfTime`: the mover's clock was at zero even with the credit (a move within
 * the lag grace that the credit does not save), so the move does not stand.
 */
export function clocksAfterMove(
  g: GameRecord,
  mover: Color,
  now: number,
  pliesAfter: number,
  credit = 0,
): { clockLeft: ByColor<number>; turnStartedAt: number | null; outOfTime: boolean } {
  if (!g.clock) return { clockLeft: g.clockLeft, turnStartedAt: null, outOfTime: false };
  const theirs = otherColor(mover);
  const turnStartedAt = pliesAfter >= 2 ? now : null;
  if ('daysPerMove' in g.clock) {
    const budget = clockBudget(g.clock);
    return {
      clockLeft: { [mover]: budget, [theirs]: budget } as ByColor<number>,
      turnStartedAt,
      outOfTime: false,
    };
  }
  const running = g.turnStartedAt !== null && g.status === 'started';
  const spent = running ? Math.max(0, now - g.turnStartedAt!) : 0;
  const left = g.clockLeft[mover] - spent + credit;
  const mine = running && !g.berserk[mover] ? left + g.clock.increment * 1000 : left;
  return {
    clockLeft: { [mover]: mine, [theirs]: g.clockLeft[theirs] } as ByColor<number>,
    turnStartedAt,
    outOfTime: running && left <= 0,
  };
}
