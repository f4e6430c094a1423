/** What the API shows of a tournament (@citadel/protocol's tournaments.ts), from its rows. */
import type {
  ResultToken,
  Standing,
  Tournament,
  TournamentEntryView,
  TournamentGame,
  TournamentSummary,
} from '@citadel/protocol';
import type {
  TournamentGameRow,
  TournamentPlayerRow,
  TournamentRow,
} from '../storage/tournament-store.ts';
import { arenaLines } from './arena-lines.ts';

export function tournamentSummary(t: TournamentRow): TournamentSummary {
  return {
    id: t.id,
    kind: t.kind,
    name: t.name,
    variant: t.variant,
    array: t.array,
    clock: t.clock,
    rated: t.rated,
    status: t.status,
    startsAt: t.startsAt,
    endsAt: t.endsAt,
    minutes: Math.round((t.endsAt - t.startsAt) / 60_000),
    players: t.players,
    ...(t.maxPlayers !== null ? { maxPlayers: t.maxPlayers } : {}),
    createdBy: t.creatorName,
  };
}

/** The standings, best first. */
export function standingsOf(players: readonly TournamentPlayerRow[]): Standing[] {
  return arenaLines(players).map(({ rank, player: p, performance, onFire }) => ({
    rank,
    name: p.name,
    score: p.score,
    games: p.games,
    wins: p.wins,
    draws: p.draws,
    losses: p.losses,
    rating: Math.round(p.rating),
    ...(onFire ? { fire: true as const } : {}),
    ...(performance !== null ? { performance } : {}),
    ...(p.withdrawn ? { withdrawn: true as const } : {}),
    ...(p.gameId !== null ? { playing: true as const } : {}),
  }));
}

/** The games as the API lists them, with the players' names. */
export function gamesOf(
  games: readonly TournamentGameRow[],
  players: readonly TournamentPlayerRow[],
): TournamentGame[] {
  const name = new Map(players.map((p) => [p.accountId, p.name]));
  return games.map((g) => ({
    id: g.gameId,
    white: name.get(g.white) ?? '?',
    black: name.get(g.black) ?? '?',
    status: g.endedAt === null ? 'started' : 'ended',
    ...(g.result !== null ? { result: g.result as ResultToken } : {}),
    ...(g.whitePoints !== null ? { whitePoints: g.whitePoints } : {}),
    ...(g.blackPoints !== null ? { blackPoints: g.blackPoints } : {}),
  }));
}

/** The entry of the account `accountId`, if it joined. */
export function entryOf(
  players: readonly TournamentPlayerRow[],
  accountId: number | null,
): TournamentEntryView | undefined {
  const p = accountId === null ? undefined : players.find((x) => x.accountId === accountId);
  return p ? entryView(p) : undefined;
}

export const entryView = (p: TournamentPlayerRow): TournamentEntryView => ({
  withdrawn: p.withdrawn,
  ...(p.gameId !== null ? { game: p.gameId } : {}),
});

export function tournamentView(
  t: TournamentRow,
  players: readonly TournamentPlayerRow[],
  games: readonly TournamentGameRow[],
  accountId: number | null,
): Tournament {
  const me = entryOf(players, accountId);
  return {
    ...tournamentSummary(t),
    rules: { ...t.rules },
    standings: standingsOf(players),
    games: gamesOf(games, players),
    ...(me ? { me } : {}),
  };
}
