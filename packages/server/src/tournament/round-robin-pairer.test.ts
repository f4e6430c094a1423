import type { Color } from '@citadel/core';
import { sampleSize } from '@citadel/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RoundGame, RoundPlayer } from './round-pairer.ts';
import { forfeitsOnLeaving } from './round-robin-forfeits.ts';
import { roundRobinPairer } from './round-robin-pairer.ts';
import { roundRobinSchedule, scheduledGameKey, type Cycles } from './round-robin-schedule.ts';
import { roundRobinStandings } from './round-robin-standings.ts';
import type { Winner } from './vocabulary.ts';

const players = (n: number, withdrawn: string[] = []): RoundPlayer[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${i + 1}`,
    rating: 1500,
    withdrawn: withdrawn.includes(`p${i + 1}`),
  }));

describe('round-robin pairer', () => {
  it('counts the rounds: n − 1 for an even number of players, n for an odd, times the cycles', () => {
    expect(roundRobinPairer(1).roundCount(4)).toBe(3);
    expect(roundRobinPairer(1).roundCount(5)).toBe(5);
    expect(roundRobinPairer(2).roundCount(16)).toBe(30);
  });

  it('pairs a round as scheduled, without the players who left, and names the bye', () => {
    const pairer = roundRobinPairer(1);
    const all = pairer.pair({ round: 1, players: players(5), games: [] });
    if (!all.ok) throw new Error(all.error);
    expect(all.value.games).toHaveLength(2);
    expect(all.value.byes).toHaveLength(1);
    const leaver = all.value.games[0].white;
    const less = pairer.pair({ round: 1, players: players(5, [leaver]), games: [] });
    if (!less.ok) throw new Error(less.error);
    expect(less.value.games).toEqual(all.value.games.slice(1));
    expect(less.value.byes).toEqual(all.value.byes);
  });

  it('refuses a round the tournament does not have and a bad field', () => {
    expect(roundRobinPairer(1).pair({ round: 4, players: players(4), games: [] }).error).toMatch(
      /rounds 1 to 3, not 4/,
    );
    expect(roundRobinPairer(1).pair({ round: 1, players: players(2), games: [] }).error).toMatch(
      /not 2/,
    );
  });

  it('plays whole leagues with players leaving: every pair meets as often as asked, forfeits included', () => {
    const arbLeague = fc.integer({ min: 3, max: 16 }).chain((n) =>
      fc.record({
        n: fc.constant(n),
        cycles: fc.constantFrom<Cycles>(1, 2),
        // For each player, the round before which they leave (past the end: they stay).
        leaveBefore: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: n, maxLength: n }),
        winners: fc.array(fc.constantFrom<Winner>('white', 'black', 'draw'), {
          minLength: 40,
          maxLength: 40,
        }),
      }),
    );
    fc.assert(
      fc.property(arbLeague, ({ n, cycles, leaveBefore, winners }) => {
        const pairer = roundRobinPairer(cycles);
        const field = players(n);
        const schedule = roundRobinSchedule(
          field.map((p) => p.id),
          cycles,
        );
        if (!schedule.ok) throw new Error(schedule.error);
        const games: RoundGame[] = [];
        const settled = new Set<string>();
        let nextWinner = 0;
        const rounds = pairer.roundCount(n);
        for (let round = 1; round <= rounds; round++) {
          // Players leave before the round starts and forfeit the rest.
          field.forEach((p, i) => {
            if (p.withdrawn || leaveBefore[i] !== round) return;
            field[i] = { ...p, withdrawn: true };
            const forfeits = forfeitsOnLeaving(schedule.value, p.id, round, settled);
            if (!forfeits.ok) throw new Error(forfeits.error);
            for (const { game, winner } of forfeits.value) {
              settled.add(scheduledGameKey(game));
              games.push({ ...game, winner, forfeit: true });
            }
          });
          const pairing = pairer.pair({ round, players: field, games });
          if (!pairing.ok) throw new Error(pairing.error);
          // Nobody twice in a round, nobody who has left.
          const seated = [
            ...pairing.value.games.flatMap((g) => [g.white, g.black]),
            ...pairing.value.byes,
          ];
          const left = new Set(field.filter((p) => p.withdrawn).map((p) => p.id));
          if (new Set(seated).size !== seated.length || seated.some((id) => left.has(id)))
            expect.fail(
              `round ${round} seats ${seated.join(' ')} with ${[...left].join(' ')} gone`,
            );
          for (const g of pairing.value.games)
            games.push({
              ...g,
              round,
              winner: winners[nextWinner++ % winners.length],
              forfeit: false,
            });
        }
        // Every pair met (or forfeited) exactly `cycles` times, and with both colours when twice.
        const met = new Map<string, Color[]>();
        for (const g of games) {
          const key = [g.white, g.black].sort().join('-');
          met.set(key, [
            ...(met.get(key) ?? []),
            g.white === key.split('-')[0] ? 'white' : 'black',
          ]);
        }
        expect(met.size).toBe((n * (n - 1)) / 2);
        for (const colors of met.values()) {
          expect(colors).toHaveLength(cycles);
          if (cycles === 2) expect(new Set(colors).size).toBe(2);
        }
        // The standings share out one point a game.
        const standings = roundRobinStandings(
          field.map((p) => p.id),
          games,
          new Set(field.filter((p) => p.withdrawn).map((p) => p.id)),
        );
        if (!standings.ok) throw new Error(standings.error);
        expect(standings.value.reduce((sum, s) => sum + s.score, 0)).toBe(games.length);
      }),
      { numRuns: sampleSize(60, 1000) },
    );
  });
});
