/**
 * A round robin's standings: a win scores 1, a draw ½, a loss 0 (forfeits included); ties are broken
 * by the Sonneborn-Berger score, then by the number of wins. Players equal on all three share a rank
 * ("=2") and are listed in seeding order. Players who left keep their line and their results.
 */
import { err, ok, type Result } from '@citadel/core';
import { sonnebornBerger, type GameAgainst } from './sonneborn-berger.ts';
import { outcomeFor, type Outcome, type PlayerId, type Winner } from './vocabulary.ts';

export const ROUND_ROBIN_POINTS: Readonly<Record<Outcome, number>> = { win: 1, draw: 0.5, loss: 0 };

/** A finished game of the round robin, played or forfeited. */
export interface RoundRobinResult {
  readonly white: PlayerId;
  readonly black: PlayerId;
  readonly winner: Winner;
  /** Decided without being played. */
  readonly forfeit: boolean;
}

export interface RoundRobinStanding {
  /** Shared by players equal on score, Sonneborn-Berger and wins. */
  readonly rank: number;
  readonly id: PlayerId;
  readonly score: number;
  readonly sonnebornBerger: number;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Games lost by forfeit (after leaving, or for not moving in time). */
  readonly forfeitsLost: number;
  readonly withdrawn: boolean;
}

/**
 * The standings of `players` (in seeding order) after `results`, or an error naming a result
 * between players who are not in the round robin, a player against themselves or a player twice.
 */
export function roundRobinStandings(
  players: readonly PlayerId[],
  results: readonly RoundRobinResult[],
  withdrawn: ReadonlySet<PlayerId> = new Set(),
): Result<RoundRobinStanding[]> {
  if (new Set(players).size !== players.length) return err('a player is entered twice');
  const games = new Map<PlayerId, GameAgainst[]>(players.map((p) => [p, []]));
  const forfeitsLost = new Map<PlayerId, number>(players.map((p) => [p, 0]));
  for (const r of results) {
    const whiteGames = games.get(r.white);
    const blackGames = games.get(r.black);
    if (!whiteGames || !blackGames)
      return err(`a result between ${r.white} and ${r.black}, not both in the round robin`);
    if (r.white === r.black) return err(`a result of ${r.white} against themselves`);
    whiteGames.push({ opponent: r.black, outcome: outcomeFor(r.winner, 'white') });
    blackGames.push({ opponent: r.white, outcome: outcomeFor(r.winner, 'black') });
    if (r.forfeit && r.winner !== 'draw') {
      const loser = r.winner === 'white' ? r.black : r.white;
      forfeitsLost.set(loser, (forfeitsLost.get(loser) ?? 0) + 1);
    }
  }
  const count = (list: readonly GameAgainst[], o: Outcome) =>
    list.filter((g) => g.outcome === o).length;
  const scores = new Map<PlayerId, number>();
  for (const [id, list] of games)
    scores.set(
      id,
      list.reduce((sum, g) => sum + ROUND_ROBIN_POINTS[g.outcome], 0),
    );
  const lines = players.map((id, seed) => {
    const list = games.get(id) ?? [];
    return {
      seed,
      id,
      score: scores.get(id) ?? 0,
      sonnebornBerger: sonnebornBerger(list, scores),
      games: list.length,
      wins: count(list, 'win'),
      draws: count(list, 'draw'),
      losses: count(list, 'loss'),
      forfeitsLost: forfeitsLost.get(id) ?? 0,
      withdrawn: withdrawn.has(id),
    };
  });
  type Line = (typeof lines)[number];
  const ahead = (a: Line, b: Line) =>
    b.score - a.score || b.sonnebornBerger - a.sonnebornBerger || b.wins - a.wins;
  lines.sort((a, b) => ahead(a, b) || a.seed - b.seed);
  let rank = 0;
  return ok(
    lines.map(({ seed: _seed, ...line }, i) => {
      if (i === 0 || ahead(lines[i - 1], lines[i]) !== 0) rank = i + 1;
      return { rank, ...line };
    }),
  );
}
