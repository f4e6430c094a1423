/** The tables as Kysely sees them. Times are epoch milliseconds; JSON columns hold text. */
import type { Generated } from 'kysely';

export interface GamesTable {
  id: string;
  variant: string;
  array_id: string;
  /** JSON: the rule switches. */
  rules: string;
  /** JSON: the time control, or null. */
  clock: string | null;
  rated: number;
  lobby: number;
  white_token: string | null;
  black_token: string | null;
  white_account: number | null;
  black_account: number | null;
  white_name: string | null;
  black_name: string | null;
  /** 1 when a bot account sits in the seat, else 0. */
  white_bot: number;
  black_bot: number;
  /** JSON arrays: move text, and the mover's clock after each move. */
  moves: string;
  move_clocks: string;
  /** JSON array: the lag credited with each move (ms), beside `move_clocks`. */
  move_lag: string;
  /** Each player's lag quota now (ms). */
  lag_quota_white: number;
  lag_quota_black: number;
  /** The lag credited to each player over the game (ms): the operator's per-game totals. */
  lag_white: number;
  lag_black: number;
  /** How many times each player gave the opponent time. */
  time_given_white: number;
  time_given_black: number;
  clock_white: number;
  clock_black: number;
  turn_started_at: number | null;
  first_move_by: number | null;
  status: string;
  result: string | null;
  reason: string | null;
  end_text: string | null;
  /** JSON: the pending offers. */
  offers: string;
  rematch_id: string | null;
  /** JSON: each player's rating before and after a rated game that ended, or null. */
  rating_change: string | null;
  /**
   * When the game next needs the server without a player acting (a flag, a missed first move),
   * or null: `deadlineAt` of the record, written with it and indexed for the deadline scheduler.
   */
  deadline_at: number | null;
  version: number;
  created_at: number;
  ended_at: number | null;
  /** `ended_at` of a game the archive lists (finished, not aborted), else null; indexed. */
  archived_at: number | null;
  /** The tournament the game was paired in, or null (migration 0011). */
  tournament_id: string | null;
  /** 1 when the seat went berserk (a tournament game), else 0. */
  white_berserk: number;
  black_berserk: number;
  /**
   * When the poster of a waiting game was last known connected (set when posted, refreshed while
   * connected: service/lobby.ts); not part of the game's record.
   */
  poster_seen_at: number | null;
}

export interface AccountsTable {
  id: Generated<number>;
  username: string;
  /** Lower-case username: names are unique regardless of case. */
  username_key: string;
  /** scrypt parameters, salt and key (passwords.ts). */
  password_hash: string;
  created_at: number;
  /** 1 for a bot account (a program plays it), 0 for a person's; never changes. */
  bot: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's secret. */
  token_hash: string;
  account_id: number;
  expires_at: number;
}

export interface RatingsTable {
  account_id: number;
  variant: string;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
}

export interface HeartbeatTable {
  /** Always 1: the service's one row. */
  id: number;
  at: number;
}

export interface LoginFailuresTable {
  /** The username as typed, lower case: unknown names count too. */
  username_key: string;
  failures: number;
  locked_until: number;
}

/**
 * One row per account seated in a game the archive lists: a player's history newest first, read
 * from one index range (its primary key, or with the variant `player_games_variant`).
 */
export interface PlayerGamesTable {
  account_id: number;
  archived_at: number;
  game_id: string;
  variant: string;
}

/**
 * A tournament (tournament-rows.ts): its settings, where it stands, and when it next needs the
 * server (`next_action_at`, indexed: the tournament director reads the soonest, as the deadline
 * scheduler does games').
 */
export interface TournamentsTable {
  id: string;
  /** `arena` (round robin later). */
  kind: string;
  name: string;
  variant: string;
  array_id: string;
  /** JSON: the rule switches. */
  rules: string;
  /** JSON: the live clock. */
  clock: string;
  rated: number;
  /** The account that made it, or null for the operator's schedule. */
  creator: number | null;
  creator_name: string | null;
  /** The operator's schedule entry and start it was made for (unique), or null. */
  schedule_key: string | null;
  /** `created`, `started` or `finished`. */
  status: string;
  starts_at: number;
  ends_at: number;
  max_players: number | null;
  /** How many have joined (withdrawn players included). */
  players: number;
  /** When the tournament next needs the server (start, pairing, end), null once finished. */
  next_action_at: number | null;
  created_at: number;
}

/** One player of a tournament with their sheet (tournament-rows.ts). */
export interface TournamentPlayersTable {
  tournament_id: string;
  account_id: number;
  name: string;
  bot: number;
  /** The player's rating in the variant: when they joined, then after each rated game. */
  rating: number;
  withdrawn: number;
  /** Since when the player has been free to be paired, or null (playing, withdrawn, or over). */
  waiting_since: number | null;
  /** The game the player is in now, or null. */
  game_id: string | null;
  last_opponent: number | null;
  /** The colour history (tournament/color-history.ts). */
  color_balance: number;
  color_last: string | null;
  color_streak: number;
  /** The sheet (tournament/arena-scoring.ts) as totals. */
  score: number;
  win_streak: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** The sum over finished games of the opponent's rating ± PERFORMANCE_SPREAD (performance.ts). */
  performance_sum: number;
  joined_at: number;
}

/** One game of a tournament: who played it and what it scored (null until it ended and counted). */
export interface TournamentGamesTable {
  game_id: string;
  tournament_id: string;
  white: number;
  black: number;
  /** Each player's rating when the game was paired (the performance's input). */
  white_rating: number;
  black_rating: number;
  started_at: number;
  ended_at: number | null;
  result: string | null;
  white_points: number | null;
  black_points: number | null;
}

export interface Database {
  games: GamesTable;
  player_games: PlayerGamesTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  ratings: RatingsTable;
  heartbeat: HeartbeatTable;
  login_failures: LoginFailuresTable;
  tournaments: TournamentsTable;
  tournament_players: TournamentPlayersTable;
  tournament_games: TournamentGamesTable;
}
