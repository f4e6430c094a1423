import type { Color } from '@citadel/core';
import { sampleSize } from '@citadel/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayPair, pairArena, pairCost, WINDOW, type WaitingPlayer } from './arena-pairing.ts';
import {
  afterColor,
  colorHistoryOf,
  mayTake,
  MAX_SAME_COLOR_IN_A_ROW,
  NO_COLORS,
} from './color-history.ts';
import type { Pairing } from './vocabulary.ts';

const NOW = 1_000_000;

const player = (id: string, rank: number, more: Partial<WaitingPlayer> = {}): WaitingPlayer => ({
  id,
  rank,
  rating: 1500,
  lastOpponent: null,
  colors: NO_COLORS,
  waitingSince: NOW,
  ...more,
});

function pair(waiting: WaitingPlayer[], activePlayers = waiting.length + 10, seed = 'arena') {
  const result = pairArena({ waiting, activePlayers, now: NOW, seed });
  if (!result.ok) throw new Error(result.error);
  return result.value;
}
/** The pairs as sorted names, colours aside. */
const pairsOf = (pairings: readonly Pairing[]) =>
  pairings.map((p) => [p.white, p.black].sort().join('-')).sort();

/**
 * Random waiting lists: distinct players, ranks from a larger arena, colour runs, last opponents.
 * Most are short, as an arena's usually are; one in ten spans several matching windows.
 */
const arbRequest = fc
  .oneof(
    { weight: 9, arbitrary: fc.integer({ min: 0, max: 24 }) },
    { weight: 1, arbitrary: fc.integer({ min: WINDOW, max: WINDOW + 30 }) },
  )
  .chain((n) =>
    fc.record({
      ranks: fc.uniqueArray(fc.integer({ min: 1, max: 3 * n + 3 }), {
        minLength: n,
        maxLength: n,
      }),
      ratings: fc.array(fc.integer({ min: 600, max: 2800 }), { minLength: n, maxLength: n }),
      colors: fc.array(fc.array(fc.constantFrom<Color>('white', 'black'), { maxLength: 8 }), {
        minLength: n,
        maxLength: n,
      }),
      // Mostly a player from the list (the case the rule is about), sometimes none or an absent one.
      last: fc.array(fc.oneof(fc.nat(Math.max(0, n - 1)), fc.constant(-1), fc.constant(-2)), {
        minLength: n,
        maxLength: n,
      }),
      waited: fc.array(fc.nat(120_000), { minLength: n, maxLength: n }),
      extraActive: fc.nat(5),
      seed: fc.string({ maxLength: 8 }),
    }),
  )
  .map((r) => {
    const waiting = r.ranks.map((rank, i): WaitingPlayer => ({
      id: `p${i}`,
      rank,
      rating: r.ratings[i],
      lastOpponent: r.last[i] === -1 ? null : r.last[i] === -2 ? 'gone' : `p${r.last[i]}`,
      colors: colorHistoryOf(r.colors[i]),
      waitingSince: NOW - r.waited[i],
    }));
    return { waiting, activePlayers: waiting.length + r.extraActive, now: NOW, seed: r.seed };
  });

describe('arena pairing', () => {
  it('pairs the closest in the standings and in rating', () => {
    const six = [1, 2, 3, 4, 5, 6].map((rank) => player(`r${rank}`, rank));
    expect(pairsOf(pair(six))).toEqual(['r1-r2', 'r3-r4', 'r5-r6']);
    // Equal places apart, the ratings decide: 1 and 3 are rated alike, and 2 and 4.
    const rated = [1500, 2000, 1500, 2000].map((rating, i) =>
      player(`r${i + 1}`, i + 1, { rating }),
    );
    expect(pairsOf(pair(rated))).toEqual(['r1-r3', 'r2-r4']);
  });

  it('never pairs a player with their last opponent, unless those two are the only players', () => {
    const four = [
      player('r1', 1, { lastOpponent: 'r2' }),
      player('r2', 2),
      player('r3', 3),
      player('r4', 4),
    ];
    expect(pairsOf(pair(four))).toEqual(['r1-r3', 'r2-r4']);
    const two = [player('a', 1, { lastOpponent: 'b' }), player('b', 2, { lastOpponent: 'a' })];
    expect(pair(two, 3)).toEqual([]);
    expect(pairsOf(pair(two, 2))).toEqual(['a-b']);
  });

  it('gives nobody a fourth game in a row with one colour', () => {
    const threeWhites = colorHistoryOf(['white', 'white', 'white']);
    const twoWhites = colorHistoryOf(['black', 'white', 'white']);
    // Both owe Black: they cannot meet.
    expect(
      pair([player('a', 1, { colors: threeWhites }), player('b', 2, { colors: threeWhites })]),
    ).toEqual([]);
    // One owes Black although the other has more Whites overall.
    const moreWhites = colorHistoryOf(['white', 'white', 'white', 'black', 'white', 'white']);
    expect(
      pair([player('a', 1, { colors: threeWhites }), player('b', 2, { colors: moreWhites })]),
    ).toEqual([{ white: 'b', black: 'a' }]);
    expect(
      pair([
        player('a', 1, { colors: twoWhites }),
        player('b', 2, { colors: colorHistoryOf(['black']) }),
      ]),
    ).toEqual([{ white: 'b', black: 'a' }]);
  });

  it('leaves waiting, when not everyone can play, the player who has waited least', () => {
    const three = [player('r1', 1), player('r2', 2), player('r4', 4)];
    expect(pairsOf(pair(three))).toEqual(['r1-r2']);
    three[2] = player('r4', 4, { waitingSince: NOW - 60_000 });
    expect(pairsOf(pair(three))).toEqual(['r2-r4']);
  });

  it('decides equal colours by the seed, the same way every time', () => {
    const many = Array.from({ length: 40 }, (_, i) => player(`p${i}`, i + 1));
    const first = pair(many, 40, 'one');
    expect(pair([...many].reverse(), 40, 'one')).toEqual(first);
    const other = pair(many, 40, 'two');
    expect(pairsOf(other)).toEqual(pairsOf(first));
    expect(other).not.toEqual(first);
  });

  it('pairs a thousand waiting players, best places first', () => {
    const crowd = Array.from({ length: 1000 }, (_, i) =>
      player(`p${String(i).padStart(4, '0')}`, i + 1, { rating: 2500 - i }),
    );
    const pairings = pair(crowd);
    expect(pairings).toHaveLength(500);
    expect(pairsOf(pairings.slice(0, 2))).toEqual(['p0000-p0001', 'p0002-p0003']);
  });

  it('refuses a player twice, a rank that is not a place, a wait from the future and too few active players', () => {
    const refusal = (waiting: WaitingPlayer[], activePlayers = 10) => {
      const result = pairArena({ waiting, activePlayers, now: NOW, seed: 's' });
      return result.ok ? 'accepted' : result.error;
    };
    expect(refusal([player('a', 1), player('a', 2)])).toMatch(/a is waiting twice/);
    expect(refusal([player('a', 0)])).toMatch(/rank 0 is not a place/);
    expect(refusal([player('a', 1.5)])).toMatch(/rank 1.5/);
    expect(refusal([player('a', 1, { rating: NaN })])).toMatch(/rating NaN/);
    expect(refusal([player('a', 1, { waitingSince: NOW + 1 })])).toMatch(/after now/);
    expect(refusal([player('a', 1), player('b', 2)], 1)).toMatch(/1 active players/);
  });

  it('keeps every rule on random waiting lists', () => {
    fc.assert(
      fc.property(arbRequest, (req) => {
        const result = pairArena(req);
        if (!result.ok) throw new Error(result.error);
        // Each broken rule is a line here (one expect at the end keeps the sweep quick).
        const broken: string[] = [];
        const byId = new Map(req.waiting.map((p) => [p.id, p]));
        const seated = new Set<string>();
        const free = (p: WaitingPlayer) => mayTake(p.colors, 'white') && mayTake(p.colors, 'black');
        for (const { white, black } of result.value) {
          const w = byId.get(white);
          const b = byId.get(black);
          if (!w || !b) throw new Error(`${white} or ${black} was not waiting`);
          if (seated.has(white) || seated.has(black) || white === black)
            broken.push(`${white}-${black}: a player seated twice`);
          seated.add(white).add(black);
          if (req.activePlayers > 2 && (w.lastOpponent === black || b.lastOpponent === white))
            broken.push(`${white}-${black}: an immediate rematch`);
          if (
            afterColor(w.colors, 'white').streak > MAX_SAME_COLOR_IN_A_ROW ||
            afterColor(b.colors, 'black').streak > MAX_SAME_COLOR_IN_A_ROW
          )
            broken.push(`${white}-${black}: too many games in a row with one colour`);
          // Free to take either colour, the player with fewer Whites has White.
          if (free(w) && free(b) && w.colors.balance > b.colors.balance)
            broken.push(`${white}-${black}: White to the player with more Whites`);
        }
        // As many as can play do: no two players left waiting could have met.
        const left = req.waiting.filter((p) => !seated.has(p.id));
        for (let i = 0; i < left.length; i++)
          for (let j = i + 1; j < left.length; j++)
            if (mayPair(left[i], left[j], req.activePlayers))
              broken.push(`${left[i].id} and ${left[j].id} both left waiting`);
        expect(broken).toEqual([]);
      }),
      { numRuns: sampleSize(300, 3000) },
    );
  });

  it('seats the most players and, among such pairings, the closest ones (exhaustive search)', () => {
    const small = arbRequest.filter((r) => r.waiting.length <= 8);
    /** [players seated, total cost] of the best pairing under the hard rules, by trying every one. */
    const best = (players: readonly WaitingPlayer[], active: number): [number, number] => {
      if (players.length < 2) return [0, 0];
      const [first, ...rest] = players;
      let top = best(rest, active);
      rest.forEach((other, i) => {
        if (!mayPair(first, other, active)) return;
        const [seated, cost] = best(
          rest.filter((_, j) => j !== i),
          active,
        );
        const mine: [number, number] = [seated + 2, cost + pairCost(first, other)];
        if (mine[0] > top[0] || (mine[0] === top[0] && mine[1] < top[1])) top = mine;
      });
      return top;
    };
    fc.assert(
      fc.property(small, (req) => {
        // The same wait for everyone: only the closeness weighs.
        const waiting = req.waiting.map((p) => ({ ...p, waitingSince: NOW }));
        const result = pairArena({ ...req, waiting });
        if (!result.ok) throw new Error(result.error);
        const byId = new Map(waiting.map((p) => [p.id, p]));
        const cost = result.value.reduce(
          (sum, p) =>
            sum + pairCost(byId.get(p.white) ?? waiting[0], byId.get(p.black) ?? waiting[0]),
          0,
        );
        expect([2 * result.value.length, cost]).toEqual(best(waiting, req.activePlayers));
      }),
      { numRuns: sampleSize(200, 2000) },
    );
  });

  it('gives the same pairings whatever the order of the list', () => {
    fc.assert(
      fc.property(arbRequest, (req) => {
        const reversed = { ...req, waiting: [...req.waiting].reverse() };
        expect(pairArena(reversed)).toEqual(pairArena(req));
      }),
      { numRuns: sampleSize(50, 500) },
    );
  });
});
