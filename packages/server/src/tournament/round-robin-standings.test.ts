import { describe, expect, it } from 'vitest';
import { roundRobinStandings, type RoundRobinResult } from './round-robin-standings.ts';
import { sonnebornBerger } from './sonneborn-berger.ts';

const game = (
  white: string,
  black: string,
  winner: RoundRobinResult['winner'],
  forfeit = false,
) => ({
  white,
  black,
  winner,
  forfeit,
});

describe('Sonneborn-Berger', () => {
  it('adds the scores of the opponents beaten and half those of the opponents drawn with', () => {
    const scores = new Map([
      ['a', 2],
      ['b', 1.5],
      ['c', 1],
    ]);
    expect(
      sonnebornBerger(
        [
          { opponent: 'a', outcome: 'win' },
          { opponent: 'b', outcome: 'draw' },
          { opponent: 'c', outcome: 'loss' },
        ],
        scores,
      ),
    ).toBe(2 + 0.75);
  });
});

describe('round-robin standings', () => {
  it('ranks by score, then Sonneborn-Berger, then wins', () => {
    // Four players, single round: ann and bob finish on 2, ann having beaten the stronger.
    const results = [
      game('ann', 'cyd', 'white'), // ann 1
      game('bob', 'dee', 'white'), // bob 1
      game('ann', 'bob', 'black'), // bob 2
      game('cyd', 'dee', 'draw'), // cyd ½, dee ½
      game('dee', 'ann', 'black'), // ann 2
      game('cyd', 'bob', 'white'), // cyd 1½
    ];
    const result = roundRobinStandings(['ann', 'bob', 'cyd', 'dee'], results);
    if (!result.ok) throw new Error(result.error);
    // ann beat cyd (1½) and dee (½): 2; bob beat dee (½) and ann (2): 2½; cyd beat bob and drew
    // with dee: 2 + ¼.
    expect(result.value.map((s) => [s.rank, s.id, s.score, s.sonnebornBerger])).toEqual([
      [1, 'bob', 2, 2.5],
      [2, 'ann', 2, 2],
      [3, 'cyd', 1.5, 2.25],
      [4, 'dee', 0.5, 0.75],
    ]);
    expect(result.value[0]).toMatchObject({ games: 3, wins: 2, draws: 0, losses: 1 });
  });

  it('breaks an equal Sonneborn-Berger by wins, and shares the rank of a full tie', () => {
    // Three players, all draws but one win each way round a triangle: everyone has 1, SB alike.
    const triangle = [game('a', 'b', 'white'), game('b', 'c', 'white'), game('c', 'a', 'white')];
    const tied = roundRobinStandings(['c', 'a', 'b'], triangle);
    if (!tied.ok) throw new Error(tied.error);
    expect(tied.value.map((s) => [s.rank, s.id])).toEqual([
      [1, 'c'],
      [1, 'a'],
      [1, 'b'],
    ]);
    // Everyone on 1½ and Sonneborn-Berger 2¼: x drew all three games, the others won one each,
    // so x comes last and the others share first place (listed in seeding order).
    const byWins = roundRobinStandings(
      ['x', 'w', 'y', 'z'],
      [
        game('w', 'x', 'draw'),
        game('w', 'y', 'white'),
        game('w', 'z', 'black'),
        game('x', 'y', 'draw'),
        game('x', 'z', 'draw'),
        game('y', 'z', 'white'),
      ],
    );
    if (!byWins.ok) throw new Error(byWins.error);
    expect(byWins.value.map((s) => [s.rank, s.id, s.score, s.sonnebornBerger, s.wins])).toEqual([
      [1, 'w', 1.5, 2.25, 1],
      [1, 'y', 1.5, 2.25, 1],
      [1, 'z', 1.5, 2.25, 1],
      [4, 'x', 1.5, 2.25, 0],
    ]);
  });

  it('counts forfeits as results and marks who left', () => {
    const result = roundRobinStandings(
      ['ann', 'bob', 'cyd'],
      [
        game('ann', 'bob', 'white', true),
        game('cyd', 'bob', 'white', true),
        game('ann', 'cyd', 'draw'),
      ],
      new Set(['bob']),
    );
    if (!result.ok) throw new Error(result.error);
    const bob = result.value.find((s) => s.id === 'bob');
    expect(bob).toMatchObject({ score: 0, losses: 2, forfeitsLost: 2, withdrawn: true, rank: 3 });
    expect(result.value.find((s) => s.id === 'ann')).toMatchObject({
      score: 1.5,
      withdrawn: false,
    });
  });

  it('refuses results of players not in the round robin, of a player against themselves, and a player twice', () => {
    expect(roundRobinStandings(['a', 'b', 'c'], [game('a', 'z', 'white')]).error).toMatch(
      /not both/,
    );
    expect(roundRobinStandings(['a', 'b', 'c'], [game('a', 'a', 'white')]).error).toMatch(
      /themselves/,
    );
    expect(roundRobinStandings(['a', 'b', 'a'], []).error).toMatch(/twice/);
  });
});
