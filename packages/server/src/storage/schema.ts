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

export interface Database {
  games: GamesTable;
  player_games: PlayerGamesTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  ratings: RatingsTable;
  heartbeat: HeartbeatTable;
  login_failures: LoginFailuresTable;
}
