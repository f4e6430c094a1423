/**
 * The round robin as a RoundPairer: round r's games are the schedule's (round-robin-schedule.ts,
 * from the players in seeding order), less those of a player who has left, which were forfeited
 * when they left (round-robin-forfeits.ts).
 */
import { err, ok, type Result } from '@citadel/core';
import type { RoundPairer, RoundPairing, RoundState } from './round-pairer.ts';
import { roundRobinSchedule, type Cycles } from './round-robin-schedule.ts';

/** The pairer of a round robin in which each pair meets `cycles` times. */
export function roundRobinPairer(cycles: Cycles): RoundPairer {
  return {
    roundCount: (players) => (players % 2 === 0 ? players - 1 : players) * cycles,
    pair(state: RoundState): Result<RoundPairing> {
      const schedule = roundRobinSchedule(
        state.players.map((p) => p.id),
        cycles,
      );
      if (!schedule.ok) return schedule;
      const round = schedule.value.rounds[state.round - 1];
      if (!round)
        return err(
          `the round robin has rounds 1 to ${schedule.value.rounds.length}, not ${state.round}`,
        );
      const left = new Set(state.players.filter((p) => p.withdrawn).map((p) => p.id));
      const games = round.games
        .filter((g) => !left.has(g.white) && !left.has(g.black))
        .map(({ white, black }) => ({ white, black }));
      const byes = round.bye !== null && !left.has(round.bye) ? [round.bye] : [];
      return ok({ games, byes });
    },
  };
}
