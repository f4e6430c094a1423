/**
 * A round-robin player who leaves forfeits the rest: each of their games from the next round on
 * that is not already settled (a forfeit of an opponent who left before them) is lost by forfeit,
 * and the opponent wins it without playing. The game of the round in progress, if any, is the
 * service's to end (the leaver resigns it), since it has started.
 */
import { err, ok, otherColor, type Color, type Result } from '@citadel/core';
import {
  scheduledGameKey,
  type RoundRobinSchedule,
  type ScheduledGame,
} from './round-robin-schedule.ts';
import type { PlayerId } from './vocabulary.ts';

/** A scheduled game decided without being played. */
export interface Forfeit {
  readonly game: ScheduledGame;
  readonly winner: Color;
}

/**
 * The forfeits when `leaver` leaves before round `fromRound` starts (1-based; one past the last
 * round when every round has started), skipping the games named in `settled`
 * (scheduledGameKey), or an error when the leaver is not in the schedule or the round is not one
 * of its rounds.
 */
export function forfeitsOnLeaving(
  schedule: RoundRobinSchedule,
  leaver: PlayerId,
  fromRound: number,
  settled: ReadonlySet<string>,
): Result<Forfeit[]> {
  if (!schedule.players.includes(leaver)) return err(`${leaver} does not play in this round robin`);
  if (!Number.isInteger(fromRound) || fromRound < 1 || fromRound > schedule.rounds.length + 1)
    return err(`the round robin has rounds 1 to ${schedule.rounds.length}, not ${fromRound}`);
  const forfeits: Forfeit[] = [];
  for (const round of schedule.rounds.slice(fromRound - 1))
    for (const game of round.games) {
      if (game.white !== leaver && game.black !== leaver) continue;
      if (settled.has(scheduledGameKey(game))) continue;
      const leaverColor: Color = game.white === leaver ? 'white' : 'black';
      forfeits.push({ game, winner: otherColor(leaverColor) });
    }
  return ok(forfeits);
}
