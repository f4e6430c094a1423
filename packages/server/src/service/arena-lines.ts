/**
 * An arena's standings from its players' stored totals: the order of tournament/arena-standings.ts
 * (score, then performance, then rating), the performance as performance.ts computes it from the
 * sum the service keeps, and whether each player is on fire.
 */
import { isOnFire } from '../tournament/arena-scoring.ts';
import { rankArenaLines } from '../tournament/arena-standings.ts';
import type { TournamentPlayerRow } from '../storage/tournament-store.ts';

/** One line of the standings. */
export interface ArenaLine {
  readonly rank: number;
  readonly player: TournamentPlayerRow;
  /** Null until the player has a game counted. */
  readonly performance: number | null;
  readonly onFire: boolean;
}

/** The performance of a player's totals (performance.ts: the mean of opponent ± spread). */
export const performanceOf = (p: TournamentPlayerRow): number | null =>
  p.games === 0 ? null : Math.round(p.performanceSum / p.games);

/** The players in the standings' order, ranked 1, 2, 3... */
export function arenaLines(players: readonly TournamentPlayerRow[]): ArenaLine[] {
  return rankArenaLines(
    players.map((player) => ({
      id: String(player.accountId),
      score: player.score,
      performance: performanceOf(player),
      rating: player.rating,
      player,
    })),
  ).map(({ rank, player, performance }) => ({
    rank,
    player,
    performance,
    onFire: isOnFire(player),
  }));
}
