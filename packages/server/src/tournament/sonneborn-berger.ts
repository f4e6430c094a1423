/**
 * The Sonneborn-Berger score, the round robin's tie-break (FIDE's tie-break regulations): the sum,
 * over a player's games, of the final score of each opponent they beat and half the final score
 * of each opponent they drew with. Beating the strong counts more than beating the weak. Forfeits
 * count as the results they are: in a round robin every player has the same opponents, so a
 * forfeit weighs alike for everyone (FIDE's "virtual opponent" for unplayed games is a Swiss
 * matter).
 */
import type { Outcome, PlayerId } from './vocabulary.ts';

/** A finished game from one player's side. */
export interface GameAgainst {
  readonly opponent: PlayerId;
  readonly outcome: Outcome;
}

/** The Sonneborn-Berger score of a player with `games`, given every player's final score. */
export function sonnebornBerger(
  games: readonly GameAgainst[],
  finalScores: ReadonlyMap<PlayerId, number>,
): number {
  let sum = 0;
  for (const g of games) {
    const theirs = finalScores.get(g.opponent) ?? 0;
    if (g.outcome === 'win') sum += theirs;
    else if (g.outcome === 'draw') sum += theirs / 2;
  }
  return sum;
}
