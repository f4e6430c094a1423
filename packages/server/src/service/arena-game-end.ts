/**
 * What an arena game's end writes (storage's TournamentGameEnd, applied in the transaction that
 * saves the end, under the tournament's lock): each player's sheet scored by
 * tournament/arena-scoring.ts (wins, draws, streaks, berserk, early draws) and their performance's
 * sum (performance.ts, with the opponent's rating when the game was paired); the game's points;
 * the players free to be paired again. A game that ends once the arena is over counts for nothing
 * (lichess.org/tournament/help: games in progress at the end "don't count"). The player who did
 * not make their first move in time lost the game and is withdrawn (they may join again).
 */
import { COLORS, otherColor, type ByColor, type Color } from '@citadel/protocol';
import type { GameRecord } from '@citadel/game';
import { addArenaGame, scoreGame } from '../tournament/arena-scoring.ts';
import { PERFORMANCE_SPREAD } from '../tournament/performance.ts';
import { outcomeFor, type Winner } from '../tournament/vocabulary.ts';
import type {
  TournamentGameEnd,
  TournamentGameRow,
  TournamentPlayerRow,
  TournamentRow,
} from '../storage/tournament-store.ts';

/** A game's end wakes the director this soon, so that players ending together are paired together. */
export const PAIR_SOON_MS = 300;

/** The winner of a decided result, or null for an aborted game. */
function winnerOf(result: GameRecord['result']): Winner | null {
  if (result === '1-0') return 'white';
  if (result === '0-1') return 'black';
  if (result === '1/2-1/2') return 'draw';
  return null;
}

/** The rows after `record` (an arena game that just ended) is scored. */
export function scoreArenaGame(
  t: TournamentRow,
  game: TournamentGameRow,
  players: ByColor<TournamentPlayerRow>,
  record: GameRecord,
): { game: TournamentGameRow; players: TournamentPlayerRow[]; wakeAt: number | null } {
  const now = record.endedAt ?? t.endsAt;
  const running = t.status === 'started' && now < t.endsAt;
  const winner = winnerOf(record.result);
  const counts = running && winner !== null;
  const points: Partial<ByColor<number>> = {};
  const after = (color: Color): TournamentPlayerRow => {
    const p = players[color];
    let next: TournamentPlayerRow = {
      ...p,
      gameId: p.gameId === record.id ? null : p.gameId,
      rating: (running ? record.ratingChange?.[color].after : undefined) ?? p.rating,
    };
    if (counts) {
      const outcome = outcomeFor(winner, color);
      const played = {
        outcome,
        color,
        plies: record.moves.length,
        berserk: record.berserk[color],
      };
      const scored = scoreGame(p, played);
      const totals = addArenaGame(
        {
          games: [],
          score: p.score,
          winStreak: p.winStreak,
          wins: p.wins,
          draws: p.draws,
          losses: p.losses,
        },
        played,
      );
      const opponentRating = color === 'white' ? game.blackRating : game.whiteRating;
      const shift = outcome === 'win' ? 1 : outcome === 'loss' ? -1 : 0;
      points[color] = scored.points;
      next = {
        ...next,
        score: totals.score,
        winStreak: totals.winStreak,
        wins: totals.wins,
        draws: totals.draws,
        losses: totals.losses,
        games: p.games + 1,
        performanceSum: p.performanceSum + opponentRating + shift * PERFORMANCE_SPREAD,
      };
    }
    // Withdrawn for not starting, while the arena runs (after its end nothing changes).
    const noStart = running && record.reason === 'no-start' && winner === otherColor(color);
    const withdrawn = p.withdrawn || noStart;
    return {
      ...next,
      withdrawn,
      waitingSince: running && !withdrawn && next.gameId === null ? now : null,
    };
  };
  const rows = COLORS.map(after);
  return {
    game: {
      ...game,
      endedAt: now,
      result: record.result,
      whitePoints: points.white ?? null,
      blackPoints: points.black ?? null,
    },
    players: rows,
    wakeAt: rows.some((p) => p.waitingSince !== null) ? now + PAIR_SOON_MS : null,
  };
}

/** The scoring to save with an arena game's end. */
export const arenaGameEnd = (tournamentId: string): TournamentGameEnd => ({
  tournamentId,
  apply: scoreArenaGame,
});
