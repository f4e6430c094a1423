/**
 * Storage, one interface for SQLite and PostgreSQL. Every write is one transaction; a caller
 * acknowledges a change only after the promise resolves (the change is committed).
 */
import type { GameRecord } from '@citadel/game';
import type { TournamentGameEnd, TournamentStore } from './tournament-store.ts';

export interface AccountRow {
  readonly id: number;
  readonly username: string;
  readonly passwordHash: string;
  /** A bot account: a program plays it (chosen at registration, never changed). */
  readonly bot: boolean;
}

export interface RatingRow {
  readonly accountId: number;
  readonly variant: string;
  readonly rating: number;
  readonly rd: number;
  readonly volatility: number;
  readonly games: number;
}

/**
 * A rated game's end, for `saveGame`: the two accounts' ratings in `variant` are read and rewritten
 * inside the save's own transaction (their rows locked on PostgreSQL), so that games of one
 * account ending at the same moment each count, whatever process ends them.
 */
export interface RatingUpdate {
  readonly variant: string;
  readonly white: number;
  readonly black: number;
  /** From the ratings as they stand: the new rows, and the game to write (with its change). */
  apply(
    white: RatingRow,
    black: RatingRow,
  ): { readonly game: GameRecord; readonly rows: readonly RatingRow[] };
}

/** A game's next deadline (epoch ms), from `Store.deadlines`. */
export interface Deadline {
  readonly id: string;
  readonly at: number;
}

/**
 * Where the next page of the archive starts: the games that ended before `at`, or, with `id`, those
 * after the game (`at`, `id`) in the archive's order (newest first, then by id, descending) —
 * exact even where games ended in the same millisecond.
 */
export interface ArchiveCursor {
  readonly at: number;
  readonly id?: string;
}

export interface ArchiveFilter {
  readonly accountId?: number;
  readonly variant?: string;
  readonly before?: ArchiveCursor;
  readonly limit: number;
}

export interface Store extends TournamentStore {
  readonly dialect: 'sqlite' | 'postgres';
  createGame(g: GameRecord): Promise<void>;
  /**
   * Writes `g` over the stored record it was made from (`before`, matched by its version) and
   * returns the record written (`also.rate`'s game when given); null when someone else changed the
   * game first. Only the fields that differ are written, so a move touches no index. `also.create`
   * (a rematch), `also.rate` and `also.tournament` (a tournament game's end scored on its
   * players' sheets) are written in the same transaction.
   */
  saveGame(
    g: GameRecord,
    before: GameRecord,
    also?: {
      readonly create?: GameRecord;
      readonly rate?: RatingUpdate;
      readonly tournament?: TournamentGameEnd;
    },
  ): Promise<GameRecord | null>;
  getGame(id: string): Promise<GameRecord | null>;
  /**
   * Writes games as they are (finished ones from another site or a load test), with their
   * players' history rows, in one transaction; callers pass bounded batches.
   */
  importGames(games: readonly GameRecord[]): Promise<void>;
  /**
   * Open challenges whose poster was last seen at `seenSince` or later (epoch ms), oldest first.
   * A game's poster counts as seen when it is created, and whenever `postersSeen` names it.
   */
  lobby(limit: number, seenSince: number): Promise<GameRecord[]>;
  /** Records that the posters of the waiting games `ids` are connected at `at` (one statement). */
  postersSeen(ids: readonly string[], at: number): Promise<void>;
  /** Games where a seat's token hash is one of `tokenHashes` or the account sits. */
  gamesOf(
    tokenHashes: readonly string[],
    accountId: number | null,
    limit: number,
  ): Promise<GameRecord[]>;
  /**
   * The games the archive lists (finished, not aborted), newest first (then by id, descending),
   * from `before` on; each page read from one index range, whatever the size of the history.
   */
  archive(filter: ArchiveFilter): Promise<GameRecord[]>;
  /**
   * The soonest deadlines of games in progress (a running clock's flag, a first move awaited),
   * soonest first, at most `limit`, leaving out the games `skip` names; read from an index, so
   * the cost does not grow with the number of games running.
   */
  deadlines(limit: number, skip?: readonly string[]): Promise<Deadline[]>;
  /**
   * Moves every deadline of the games in progress (the running clock's start, the first-move
   * deadline) `ms` later, bumping their versions: the time the whole service was down is given
   * back. Returns how many games it changed.
   */
  shiftDeadlines(ms: number): Promise<number>;
  /** When a server process last said it was up (epoch ms), or null if none ever did. */
  lastHeartbeat(): Promise<number | null>;
  heartbeat(at: number): Promise<void>;

  /**
   * The new account (a bot's when `bot`, a person's by default), or null when the name is taken;
   * a storage failure rejects.
   */
  createAccount(
    username: string,
    passwordHash: string,
    now: number,
    bot?: boolean,
  ): Promise<AccountRow | null>;
  accountByName(username: string): Promise<AccountRow | null>;
  accountById(id: number): Promise<AccountRow | null>;
  /**
   * Stores a session, first deleting every expired one and the account's oldest beyond
   * `maxPerAccount - 1`, so an account holds at most `maxPerAccount` sessions.
   */
  createSession(
    tokenHash: string,
    accountId: number,
    expiresAt: number,
    now: number,
    maxPerAccount: number,
  ): Promise<void>;
  /** Until when logins to the name (lower case) wait after failures (epoch ms; 0: they need not). */
  loginLockedUntil(usernameKey: string): Promise<number>;
  /** Counts one more failed login to the name and sets its wait to `lockUntil(failures)`. */
  loginFailed(usernameKey: string, lockUntil: (failures: number) => number): Promise<number>;
  loginSucceeded(usernameKey: string): Promise<void>;
  sessionAccount(tokenHash: string, now: number): Promise<number | null>;
  deleteSession(tokenHash: string): Promise<void>;
  ratings(accountIds: readonly number[]): Promise<RatingRow[]>;

  close(): Promise<void>;
}
