import { describe, expect, it } from 'vitest';
import { canMeet, colorHistoryOf, firstPlayersColor, mayTake, NO_COLORS } from './color-history.ts';

describe('colour history', () => {
  it('counts the balance and the latest run', () => {
    expect(colorHistoryOf(['white', 'black', 'black'])).toEqual({
      balance: -1,
      last: 'black',
      streak: 2,
    });
    expect(colorHistoryOf([])).toEqual(NO_COLORS);
  });

  it('allows at most three games in a row with one colour', () => {
    const twoWhites = colorHistoryOf(['black', 'white', 'white']);
    const threeWhites = colorHistoryOf(['white', 'white', 'white']);
    expect(mayTake(twoWhites, 'white')).toBe(true);
    expect(mayTake(threeWhites, 'white')).toBe(false);
    expect(mayTake(threeWhites, 'black')).toBe(true);
    // Two players who both must have Black cannot meet; one who must and one who may can.
    expect(canMeet(threeWhites, threeWhites)).toBe(false);
    expect(canMeet(threeWhites, twoWhites)).toBe(true);
    expect(canMeet(threeWhites, colorHistoryOf(['black', 'black', 'black']))).toBe(true);
    expect(firstPlayersColor(threeWhites, twoWhites, true)).toBe('black');
    expect(firstPlayersColor(twoWhites, threeWhites, false)).toBe('white');
  });

  it('gives White to the player with fewer Whites, then to the one owed it by their run, then by the coin', () => {
    const moreBlacks = colorHistoryOf(['black', 'black', 'white']);
    const moreWhites = colorHistoryOf(['white', 'white', 'black']);
    expect(firstPlayersColor(moreBlacks, moreWhites, false)).toBe('white');
    expect(firstPlayersColor(moreWhites, moreBlacks, true)).toBe('black');
    // Balanced alike: the one who had Black last has White.
    const lastBlack = colorHistoryOf(['white', 'black']);
    const lastWhite = colorHistoryOf(['black', 'white']);
    expect(firstPlayersColor(lastBlack, lastWhite, false)).toBe('white');
    expect(firstPlayersColor(lastWhite, lastBlack, true)).toBe('black');
    // Equal in every way: the coin decides.
    expect(firstPlayersColor(NO_COLORS, NO_COLORS, true)).toBe('white');
    expect(firstPlayersColor(NO_COLORS, NO_COLORS, false)).toBe('black');
  });
});
