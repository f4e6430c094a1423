/**
 * The colours a player has had in a tournament, as the pairing needs them: no player gets more than
 * MAX_SAME_COLOR_IN_A_ROW games in a row with one colour, and among the colourings that keep to
 * that, the one that evens out each player's games with White and with Black is chosen.
 */
import type { Color } from '@citadel/core';

export const MAX_SAME_COLOR_IN_A_ROW = 3;

export interface ColorHistory {
  /** Games with White minus games with Black. */
  readonly balance: number;
  /** The colour of the last game, null before the first. */
  readonly last: Color | null;
  /** How many games in a row, up to the last, had that colour. */
  readonly streak: number;
}

export const NO_COLORS: ColorHistory = { balance: 0, last: null, streak: 0 };

/** The history after one more game with `color`. */
export const afterColor = (h: ColorHistory, color: Color): ColorHistory => ({
  balance: h.balance + (color === 'white' ? 1 : -1),
  last: color,
  streak: h.last === color ? h.streak + 1 : 1,
});

/** The history of games played with `colors`, oldest first. */
export const colorHistoryOf = (colors: readonly Color[]): ColorHistory =>
  colors.reduce(afterColor, NO_COLORS);

/** Whether the player may take `color` in their next game without too long a run of it. */
export const mayTake = (h: ColorHistory, color: Color): boolean =>
  h.last !== color || h.streak < MAX_SAME_COLOR_IN_A_ROW;

/** Whether two players can meet with some colouring that keeps both within the limit. */
export const canMeet = (a: ColorHistory, b: ColorHistory): boolean =>
  (mayTake(a, 'white') && mayTake(b, 'black')) || (mayTake(a, 'black') && mayTake(b, 'white'));

/** How much the player is owed White by their latest run: the length of a Black run, minus that of a White run. */
const owedByRun = (h: ColorHistory): number =>
  h.last === null ? 0 : h.last === 'black' ? h.streak : -h.streak;

/**
 * The colour of the first of two players who can meet (canMeet): the only colouring within the
 * limit when there is one; otherwise White goes to the player with fewer Whites than Blacks
 * relative to the other (the lower balance), then to the one owed it by their latest run, then by
 * `coin` (true: the first takes White).
 */
export function firstPlayersColor(a: ColorHistory, b: ColorHistory, coin: boolean): Color {
  const aWhite = mayTake(a, 'white') && mayTake(b, 'black');
  const aBlack = mayTake(a, 'black') && mayTake(b, 'white');
  if (aWhite !== aBlack) return aWhite ? 'white' : 'black';
  if (a.balance !== b.balance) return a.balance < b.balance ? 'white' : 'black';
  const owed = owedByRun(a) - owedByRun(b);
  if (owed !== 0) return owed > 0 ? 'white' : 'black';
  return coin ? 'white' : 'black';
}
