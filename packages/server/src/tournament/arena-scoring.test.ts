import type { Color } from '@citadel/core';
import { sampleSize } from '@citadel/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arenaSheet,
  isOnFire,
  movesBy,
  scoreGame,
  EMPTY_SHEET,
  type ArenaGame,
} from './arena-scoring.ts';
import { OUTCOMES, type Outcome } from './vocabulary.ts';

/** A game of 40 plies (no early draw, berserk bonus earned) unless told otherwise. */
const game = (outcome: Outcome, more: Partial<ArenaGame> = {}): ArenaGame => ({
  outcome,
  color: 'white',
  plies: 40,
  berserk: false,
  ...more,
});
const points = (games: ArenaGame[]) => arenaSheet(games).games.map((g) => g.points);

describe('arena scoring', () => {
  it('scores a win 2, a draw 1 and a loss 0', () => {
    expect(points([game('win')])).toEqual([2]);
    expect(points([game('draw')])).toEqual([1]);
    expect(points([game('loss')])).toEqual([0]);
    const sheet = arenaSheet([game('win'), game('draw'), game('loss')]);
    expect(sheet).toMatchObject({ score: 3, wins: 1, draws: 1, losses: 1 });
  });

  it('doubles the games after two wins in a row until one that is not a win', () => {
    expect(points([game('win'), game('win'), game('win'), game('win')])).toEqual([2, 2, 4, 4]);
    // The example of the published rules: two wins and a draw score 2 + 2 + 2.
    expect(points([game('win'), game('win'), game('draw')])).toEqual([2, 2, 2]);
    // A loss while on fire scores nothing and puts the fire out: the next win is worth 2.
    expect(points([game('win'), game('win'), game('loss'), game('win'), game('win')])).toEqual([
      2, 2, 0, 2, 2,
    ]);
    // A draw puts it out too, even a doubled one.
    expect(points([game('win'), game('win'), game('draw'), game('win')])).toEqual([2, 2, 2, 2]);
    // A win, a draw and a win are not two in a row.
    expect(points([game('win'), game('draw'), game('win'), game('win')])).toEqual([2, 1, 2, 2]);
    expect(isOnFire(arenaSheet([game('win'), game('win')]))).toBe(true);
    expect(isOnFire(arenaSheet([game('win'), game('win'), game('draw')]))).toBe(false);
    expect(isOnFire(arenaSheet([game('win')]))).toBe(false);
  });

  it('adds 1 to a berserk win in which the berserker made at least 7 moves', () => {
    // White has made 7 moves after 13 plies, Black only 6.
    expect(movesBy('white', 13)).toBe(7);
    expect(movesBy('black', 13)).toBe(6);
    expect(movesBy('black', 14)).toBe(7);
    expect(points([game('win', { berserk: true, color: 'white', plies: 13 })])).toEqual([3]);
    expect(points([game('win', { berserk: true, color: 'black', plies: 13 })])).toEqual([2]);
    expect(points([game('win', { berserk: true, color: 'black', plies: 14 })])).toEqual([3]);
    expect(points([game('win', { berserk: true, color: 'white', plies: 12 })])).toEqual([2]);
    // Only a win earns it.
    expect(points([game('draw', { berserk: true })])).toEqual([1]);
    expect(points([game('loss', { berserk: true })])).toEqual([0]);
    // On fire, the win is doubled and the bonus is not: 4 + 1.
    const sheet = arenaSheet([game('win'), game('win'), game('win', { berserk: true })]);
    expect(sheet.games.map((g) => g.points)).toEqual([2, 2, 5]);
    expect(sheet.games[2]).toMatchObject({ doubled: true, berserkBonus: true });
  });

  it('gives nothing for a draw in fewer than 10 moves, and it puts out the fire', () => {
    expect(points([game('draw', { plies: 19 })])).toEqual([0]);
    expect(points([game('draw', { plies: 20 })])).toEqual([1]);
    expect(points([game('draw', { plies: 0 })])).toEqual([0]);
    // A short win or loss is scored as usual.
    expect(points([game('win', { plies: 3 })])).toEqual([2]);
    const sheet = arenaSheet([game('win'), game('win'), game('draw', { plies: 10 }), game('win')]);
    expect(sheet.games.map((g) => g.points)).toEqual([2, 2, 0, 2]);
    expect(sheet.games[2]).toMatchObject({ earlyDraw: true, doubled: true });
    expect(sheet).toMatchObject({ score: 6, draws: 1 });
  });

  it('refuses a ply count that is not a whole number of plies', () => {
    expect(() => scoreGame(EMPTY_SHEET, game('win', { plies: -1 }))).toThrow(/whole number/);
    expect(() => scoreGame(EMPTY_SHEET, game('win', { plies: 2.5 }))).toThrow(/whole number/);
  });

  it('agrees with the rules read game by game on random sheets', () => {
    const arbGame = fc.record({
      outcome: fc.constantFrom(...OUTCOMES),
      color: fc.constantFrom<Color>('white', 'black'),
      plies: fc.nat(120),
      berserk: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbGame, { maxLength: 30 }), (games) => {
        const sheet = arenaSheet(games);
        let total = 0;
        games.forEach((g, i) => {
          // Doubled exactly when the two games before were wins.
          const doubled =
            i >= 2 && games[i - 1].outcome === 'win' && games[i - 2].outcome === 'win';
          const own = g.color === 'white' ? Math.ceil(g.plies / 2) : Math.floor(g.plies / 2);
          const base = g.outcome === 'win' ? 2 : g.outcome === 'draw' && g.plies >= 20 ? 1 : 0;
          const expected =
            base * (doubled ? 2 : 1) + (g.berserk && g.outcome === 'win' && own >= 7 ? 1 : 0);
          expect(sheet.games[i].points).toBe(expected);
          total += expected;
        });
        expect(sheet.score).toBe(total);
        expect(sheet.wins + sheet.draws + sheet.losses).toBe(games.length);
      }),
      { numRuns: sampleSize(200, 2000) },
    );
  });
});
