/**
 * Tournament performance, the arena's tie-break (lichess.org/tournament/help: "when two or more
 * players have the same number of points, the tournament performance is the tie break"): the mean
 * over the player's games of the opponent's rating, plus PERFORMANCE_SPREAD for a win and minus it
 * for a loss, rounded to a whole number. Every finished game counts, early draws included; the
 * opponent's rating is the one they had when the game started.
 */
import type { Outcome } from './vocabulary.ts';

export const PERFORMANCE_SPREAD = 500;

/** A finished game as the performance reads it. */
export interface RatedOutcome {
  readonly opponentRating: number;
  readonly outcome: Outcome;
}

/** The performance over `games`, or null for a player without a finished game. */
export function performanceRating(games: readonly RatedOutcome[]): number | null {
  if (games.length === 0) return null;
  let sum = 0;
  for (const g of games) {
    const shift = g.outcome === 'win' ? 1 : g.outcome === 'loss' ? -1 : 0;
    sum += g.opponentRating + shift * PERFORMANCE_SPREAD;
  }
  return Math.round(sum / games.length);
}
