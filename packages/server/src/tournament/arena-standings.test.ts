import { describe, expect, it } from 'vitest';
import { arenaStandings, type ArenaEntrant, type RatedArenaGame } from './arena-standings.ts';
import { performanceRating } from './performance.ts';
import type { Outcome } from './vocabulary.ts';

const played = (outcome: Outcome, opponentRating: number): RatedArenaGame => ({
  outcome,
  opponentRating,
  color: 'white',
  plies: 40,
  berserk: false,
});
const entrant = (id: string, rating: number, games: RatedArenaGame[] = []): ArenaEntrant => ({
  id,
  rating,
  games,
  withdrawn: false,
});

describe('performance', () => {
  it('is the mean of the opponents’ ratings, 500 up for a win and 500 down for a loss', () => {
    expect(performanceRating([played('win', 1500)])).toBe(2000);
    expect(performanceRating([played('loss', 1500)])).toBe(1000);
    expect(performanceRating([played('draw', 1500)])).toBe(1500);
    expect(
      performanceRating([played('win', 1600), played('draw', 1400), played('loss', 2000)]),
    ).toBe(Math.round((2100 + 1400 + 1500) / 3));
    expect(performanceRating([])).toBeNull();
  });
});

describe('arena standings', () => {
  it('ranks by score, then performance, then the rating joined with', () => {
    const standings = arenaStandings([
      // 2 points against a 1400: performance 1900.
      entrant('ann', 1500, [played('win', 1400)]),
      // 2 points against a 1800: performance 2300, ahead of ann.
      entrant('bob', 1300, [played('win', 1800)]),
      // 4 points: first whatever the performance.
      entrant('cyd', 1200, [played('win', 1000), played('win', 1000)]),
      // No game: after every player with a game and the same score, by rating.
      entrant('dee', 1900),
      entrant('eve', 2000),
      entrant('fay', 1700, [played('loss', 1500)]),
    ]);
    expect(standings.map((s) => [s.rank, s.id, s.score, s.performance])).toEqual([
      [1, 'cyd', 4, 1500],
      [2, 'bob', 2, 2300],
      [3, 'ann', 2, 1900],
      [4, 'fay', 0, 1000],
      [5, 'eve', 0, null],
      [6, 'dee', 0, null],
    ]);
  });

  it('keeps withdrawn players in their place, shows the fire, and orders full ties by id', () => {
    const standings = arenaStandings([
      { ...entrant('zed', 1500, [played('win', 1500), played('win', 1500)]), withdrawn: true },
      entrant('bea', 1500),
      entrant('abe', 1500),
    ]);
    expect(standings.map((s) => s.id)).toEqual(['zed', 'abe', 'bea']);
    expect(standings[0]).toMatchObject({ withdrawn: true, onFire: true, score: 4 });
    expect(standings[1].onFire).toBe(false);
  });

  it('refuses two entries for one player', () => {
    expect(() => arenaStandings([entrant('ann', 1500), entrant('ann', 1600)])).toThrow(
      /two entries/,
    );
  });
});
