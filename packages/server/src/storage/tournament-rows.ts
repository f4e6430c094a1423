/** Converting between tournaments, their players and games, and their rows. */
import type { Selectable } from 'kysely';
import type { Color, LiveClock, TournamentKind, TournamentStatus } from '@citadel/protocol';
import type { TournamentGamesTable, TournamentPlayersTable, TournamentsTable } from './schema.ts';
import type { TournamentGameRow, TournamentPlayerRow, TournamentRow } from './tournament-store.ts';

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export const tournamentToRow = (t: TournamentRow): TournamentsTable => ({
  id: t.id,
  kind: t.kind,
  name: t.name,
  variant: t.variant,
  array_id: t.array,
  rules: JSON.stringify(t.rules),
  clock: JSON.stringify(t.clock),
  rated: t.rated ? 1 : 0,
  creator: t.creator,
  creator_name: t.creatorName,
  schedule_key: t.scheduleKey,
  status: t.status,
  starts_at: t.startsAt,
  ends_at: t.endsAt,
  max_players: t.maxPlayers,
  players: t.players,
  next_action_at: t.nextActionAt,
  created_at: t.createdAt,
});

/** The tournament of a row (PostgreSQL returns bigints as text). */
export const rowToTournament = (r: Selectable<TournamentsTable>): TournamentRow => ({
  id: r.id,
  kind: r.kind as TournamentKind,
  name: r.name,
  variant: r.variant,
  array: r.array_id,
  rules: JSON.parse(r.rules) as Record<string, string>,
  clock: JSON.parse(r.clock) as LiveClock,
  rated: Number(r.rated) === 1,
  creator: num(r.creator),
  creatorName: r.creator_name,
  scheduleKey: r.schedule_key,
  status: r.status as TournamentStatus,
  startsAt: Number(r.starts_at),
  endsAt: Number(r.ends_at),
  maxPlayers: num(r.max_players),
  players: Number(r.players),
  nextActionAt: num(r.next_action_at),
  createdAt: Number(r.created_at),
});

export const playerToRow = (p: TournamentPlayerRow): TournamentPlayersTable => ({
  tournament_id: p.tournamentId,
  account_id: p.accountId,
  name: p.name,
  bot: p.bot ? 1 : 0,
  rating: p.rating,
  withdrawn: p.withdrawn ? 1 : 0,
  waiting_since: p.waitingSince,
  game_id: p.gameId,
  last_opponent: p.lastOpponent,
  color_balance: p.colors.balance,
  color_last: p.colors.last,
  color_streak: p.colors.streak,
  score: p.score,
  win_streak: p.winStreak,
  games: p.games,
  wins: p.wins,
  draws: p.draws,
  losses: p.losses,
  performance_sum: p.performanceSum,
  joined_at: p.joinedAt,
});

export const rowToPlayer = (r: Selectable<TournamentPlayersTable>): TournamentPlayerRow => ({
  tournamentId: r.tournament_id,
  accountId: Number(r.account_id),
  name: r.name,
  bot: Number(r.bot) === 1,
  rating: Number(r.rating),
  withdrawn: Number(r.withdrawn) === 1,
  waitingSince: num(r.waiting_since),
  gameId: r.game_id,
  lastOpponent: num(r.last_opponent),
  colors: {
    balance: Number(r.color_balance),
    last: r.color_last as Color | null,
    streak: Number(r.color_streak),
  },
  score: Number(r.score),
  winStreak: Number(r.win_streak),
  games: Number(r.games),
  wins: Number(r.wins),
  draws: Number(r.draws),
  losses: Number(r.losses),
  performanceSum: Number(r.performance_sum),
  joinedAt: Number(r.joined_at),
});

export const tournamentGameToRow = (g: TournamentGameRow): TournamentGamesTable => ({
  game_id: g.gameId,
  tournament_id: g.tournamentId,
  white: g.white,
  black: g.black,
  white_rating: g.whiteRating,
  black_rating: g.blackRating,
  started_at: g.startedAt,
  ended_at: g.endedAt,
  result: g.result,
  white_points: g.whitePoints,
  black_points: g.blackPoints,
});

export const rowToTournamentGame = (r: Selectable<TournamentGamesTable>): TournamentGameRow => ({
  gameId: r.game_id,
  tournamentId: r.tournament_id,
  white: Number(r.white),
  black: Number(r.black),
  whiteRating: Number(r.white_rating),
  blackRating: Number(r.black_rating),
  startedAt: Number(r.started_at),
  endedAt: num(r.ended_at),
  result: r.result,
  whitePoints: num(r.white_points),
  blackPoints: num(r.black_points),
});
