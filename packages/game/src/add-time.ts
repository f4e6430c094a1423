/**
 * "Add time": in a live game a player may give the opponent ADD_TIME_MS on their clock, as the
 * big sites allow, at most MAX_TIME_GIVEN times a game (who may, and when: permissions.ts,
 * `addTimeRefusal`). The time goes on the clock as it stands, running or not, so every page that
 * draws the clocks from the server's reading shows it at once.
 */
import { otherColor, type ByColor, type Color } from '@citadel/protocol';

/** What one "add time" gives the opponent (ms). */
export const ADD_TIME_MS = 15_000;
/** How many times one player may give time in one game. */
export const MAX_TIME_GIVEN = 5;

/** The clocks after `by` gave the opponent ADD_TIME_MS. */
export function clockLeftWithTimeGiven(clockLeft: ByColor<number>, by: Color): ByColor<number> {
  const to = otherColor(by);
  return { ...clockLeft, [to]: clockLeft[to] + ADD_TIME_MS };
}
