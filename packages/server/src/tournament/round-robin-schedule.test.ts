import type { Color } from '@citadel/core';
import { describe, expect, it } from 'vitest';
import {
  MAX_ROUND_ROBIN_PLAYERS,
  MIN_ROUND_ROBIN_PLAYERS,
  roundRobinSchedule,
  type Cycles,
  type RoundRobinSchedule,
} from './round-robin-schedule.ts';

const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

function schedule(n: number, cycles: Cycles): RoundRobinSchedule {
  const result = roundRobinSchedule(names(n), cycles);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** Each player's colours round by round (byes skipped). */
function colorsOf(s: RoundRobinSchedule): Map<string, Color[]> {
  const colors = new Map<string, Color[]>(s.players.map((p) => [p, []]));
  for (const round of s.rounds)
    for (const g of round.games) {
      colors.get(g.white)?.push('white');
      colors.get(g.black)?.push('black');
    }
  return colors;
}

const sizes = Array.from(
  { length: MAX_ROUND_ROBIN_PLAYERS - MIN_ROUND_ROBIN_PLAYERS + 1 },
  (_, i) => i + MIN_ROUND_ROBIN_PLAYERS,
);

describe('round-robin schedule', () => {
  it.each(sizes)('%i players: every pair meets once, each player once a round', (n) => {
    const s = schedule(n, 1);
    expect(s.rounds).toHaveLength(n % 2 === 0 ? n - 1 : n);
    const met = new Map<string, number>();
    for (const round of s.rounds) {
      const seen = round.games.flatMap((g) => [g.white, g.black]);
      if (round.bye !== null) seen.push(round.bye);
      // Everyone is in the round exactly once: at a board or sitting out.
      expect(seen.sort()).toEqual([...s.players].sort());
      expect(round.bye !== null).toBe(n % 2 === 1);
      round.games.forEach((g, i) => {
        expect(g).toMatchObject({ round: round.round, board: i + 1 });
        const key = [g.white, g.black].sort().join('-');
        met.set(key, (met.get(key) ?? 0) + 1);
      });
    }
    expect(met.size).toBe((n * (n - 1)) / 2);
    expect([...met.values()].every((times) => times === 1)).toBe(true);
    // With an odd number, each player sits out once.
    const byes = s.rounds.map((r) => r.bye).filter((b) => b !== null);
    expect(new Set(byes).size).toBe(byes.length);
    for (const [player, colors] of colorsOf(s)) {
      const whites = colors.filter((c) => c === 'white').length;
      expect(Math.abs(2 * whites - colors.length), player).toBeLessThanOrEqual(1);
      expect(longestRun(colors), player).toBeLessThanOrEqual(2);
    }
  });

  it.each(sizes)(
    '%i players twice round: each pair once with each colour, never in two rounds running',
    (n) => {
      const s = schedule(n, 2);
      expect(s.rounds).toHaveLength(2 * (n % 2 === 0 ? n - 1 : n));
      const asWhite = new Map<string, number>();
      for (const round of s.rounds)
        for (const g of round.games)
          asWhite.set(`${g.white}>${g.black}`, (asWhite.get(`${g.white}>${g.black}`) ?? 0) + 1);
      expect(asWhite.size).toBe(n * (n - 1));
      expect([...asWhite.values()].every((times) => times === 1)).toBe(true);
      for (const [player, colors] of colorsOf(s)) {
        expect(colors.filter((c) => c === 'white').length, player).toBe(n - 1);
        expect(longestRun(colors), player).toBeLessThanOrEqual(2);
      }
      const pairs = (i: number) =>
        new Set(s.rounds[i].games.map((g) => [g.white, g.black].sort().join('-')));
      for (let i = 1; i < s.rounds.length; i++)
        for (const pair of pairs(i))
          expect(pairs(i - 1).has(pair), `${pair} in rounds ${i} and ${i + 1}`).toBe(false);
    },
  );

  it('follows the seeding: the same players in the same order give the same schedule', () => {
    expect(roundRobinSchedule(names(6), 2)).toEqual(roundRobinSchedule(names(6), 2));
    const s = schedule(4, 1);
    expect(s.rounds[0].games.map((g) => [g.white, g.black])).toEqual([
      ['p1', 'p4'],
      ['p3', 'p2'],
    ]);
  });

  it('refuses too few or too many players, a player twice or unnamed, and other cycles', () => {
    const refusal = (players: string[], cycles: number) => {
      const r = roundRobinSchedule(players, cycles);
      return r.ok ? 'accepted' : r.error;
    };
    expect(refusal(names(2), 1)).toMatch(/3 to 16 players, not 2/);
    expect(refusal(names(17), 1)).toMatch(/not 17/);
    expect(refusal(['a', 'b', 'a'], 1)).toMatch(/entered twice/);
    expect(refusal(['a', 'b', ''], 1)).toMatch(/without an id/);
    expect(refusal(names(4), 3)).toMatch(/once or twice/);
    expect(refusal(names(4), 0)).toMatch(/once or twice/);
  });
});

function longestRun(colors: readonly Color[]): number {
  let longest = 0;
  let run = 0;
  colors.forEach((c, i) => {
    run = i > 0 && colors[i - 1] === c ? run + 1 : 1;
    longest = Math.max(longest, run);
  });
  return longest;
}
