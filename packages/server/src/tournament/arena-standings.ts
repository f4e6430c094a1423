/**
 * An arena's standings: players by score, ties broken by tournament performance (players without
 * a finished game have none and come after those with one at the same score), then by the rating
 * the player joined with (so that before any game the standings are the ratings' order), then by
 * id (an arbitrary but fixed order). Ranks run 1, 2, 3... without ties: the pairing reads them as
 * places. Withdrawn players keep their place and score.
 */
import { arenaSheet, isOnFire, type ArenaGame, type ArenaSheet } from './arena-scoring.ts';
import { performanceRating } from './performance.ts';
import type { PlayerId } from './vocabulary.ts';

/** A finished arena game from one player's side, with what the performance needs. */
export interface RatedArenaGame extends ArenaGame {
  /** The opponent's rating when the game started. */
  readonly opponentRating: number;
}

/** A player of the arena as the service keeps them. */
export interface ArenaEntrant {
  readonly id: PlayerId;
  /** The rating the player joined with. */
  readonly rating: number;
  /** Their finished games in the order they ended. */
  readonly games: readonly RatedArenaGame[];
  readonly withdrawn: boolean;
}

/** One line of the standings. */
export interface ArenaStanding {
  readonly rank: number;
  readonly id: PlayerId;
  readonly score: number;
  /** Whether the player's next game scores double. */
  readonly onFire: boolean;
  /** Null until the player has finished a game. */
  readonly performance: number | null;
  readonly rating: number;
  readonly withdrawn: boolean;
  readonly sheet: ArenaSheet;
}

const byId = (a: PlayerId, b: PlayerId): number => (a < b ? -1 : a > b ? 1 : 0);
/** Higher performance first; none after any. */
const byPerformance = (a: number | null, b: number | null): number =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a;

/** What the standings' order reads of a line. */
export interface RankedLine {
  readonly id: PlayerId;
  readonly score: number;
  readonly performance: number | null;
  readonly rating: number;
}

/** The standings' order: negative when `a` stands above `b`. */
export const compareArenaLines = (a: RankedLine, b: RankedLine): number =>
  b.score - a.score ||
  byPerformance(a.performance, b.performance) ||
  b.rating - a.rating ||
  byId(a.id, b.id);

/** `lines` in the standings' order with their ranks (1, 2, 3...); the service's totals use it too. */
export function rankArenaLines<T extends RankedLine>(
  lines: readonly T[],
): Array<T & { rank: number }> {
  return [...lines].sort(compareArenaLines).map((line, i) => ({ ...line, rank: i + 1 }));
}

/** The standings of `entrants`; throws when two entrants share an id. */
export function arenaStandings(entrants: readonly ArenaEntrant[]): ArenaStanding[] {
  const seen = new Set<PlayerId>();
  const lines = entrants.map((e) => {
    if (seen.has(e.id)) throw new RangeError(`the arena has two entries for player ${e.id}`);
    seen.add(e.id);
    const sheet = arenaSheet(e.games);
    return {
      id: e.id,
      score: sheet.score,
      onFire: isOnFire(sheet),
      performance: performanceRating(e.games),
      rating: e.rating,
      withdrawn: e.withdrawn,
      sheet,
    };
  });
  return rankArenaLines(lines);
}
