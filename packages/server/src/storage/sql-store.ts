/** The store over Kysely: the same queries for SQLite and PostgreSQL. */
import { Migrator, sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { startRating } from '../accounts/ratings.ts';
import type { GameRecord } from '@citadel/game';
import { migrations, type Dialect } from './migrations.ts';
import { archivedAt, changedFields, gameToRow, rowToGame } from './rows.ts';
import type { Database, RatingsTable } from './schema.ts';
import type { GameRow } from './rows.ts';
import * as tournaments from './sql-tournaments.ts';
import type {
  MakingLimit,
  TournamentEntry,
  TournamentGameEnd,
  TournamentPlayerRow,
  TournamentRow,
  TournamentTick,
} from './tournament-store.ts';
import type { TournamentStatus } from '@citadel/protocol';
import type {
  AccountRow,
  ArchiveCursor,
  ArchiveFilter,
  Deadline,
  RatingRow,
  RatingUpdate,
  Store,
} from './store.ts';

/** Runs the migrations not yet run; throws with the failing migration's error. */
export async function migrate(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

const account = (r: {
  id: number;
  username: string;
  password_hash: string;
  bot: number;
}): AccountRow => ({
  id: Number(r.id),
  username: r.username,
  passwordHash: r.password_hash,
  bot: Number(r.bot) === 1,
});

const ACCOUNT_COLUMNS = ['id', 'username', 'password_hash', 'bot'] as const;

export class SqlStore implements Store {
  constructor(
    private readonly db: Kysely<Database>,
    readonly dialect: Dialect,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {}

  async createGame(g: GameRecord): Promise<void> {
    await this.db
      .insertInto('games')
      .values({ ...gameToRow(g), poster_seen_at: g.createdAt })
      .execute();
  }

  async saveGame(
    g: GameRecord,
    before: GameRecord,
    also: {
      readonly create?: GameRecord;
      readonly rate?: RatingUpdate;
      readonly tournament?: TournamentGameEnd;
    } = {},
  ): Promise<GameRecord | null> {
    const update = async (db: Kysely<Database>, game: GameRecord): Promise<GameRecord | null> => {
      const r = await db
        .updateTable('games')
        .set(changedFields(gameToRow(before), gameToRow(game)))
        .where('id', '=', game.id)
        .where('version', '=', before.version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1 ? game : null;
    };
    // A game the archive now lists: its players' history rows, in the same transaction.
    const archived = archivedAt(before) === null && archivedAt(g) !== null;
    // One statement commits by itself; a transaction only when more is written with it.
    if (!also.create && !also.rate && !also.tournament && !archived) return update(this.db, g);
    return this.db.transaction().execute(async (tx) => {
      let game = g;
      let ratings: readonly RatingRow[] = [];
      if (also.rate) {
        const [white, black] = await this.lockRatings(tx, also.rate);
        ({ game, rows: ratings } = also.rate.apply(white, black));
      }
      if (!(await update(tx, game))) return null;
      if (also.create) await tx.insertInto('games').values(gameToRow(also.create)).execute();
      await insertPlayerGames(tx, [game]);
      if (also.tournament)
        await tournaments.endTournamentGame(tx, this.dialect, also.tournament, game);
      for (const x of ratings) {
        const values = {
          rating: x.rating,
          rd: x.rd,
          volatility: x.volatility,
          games: x.games,
        };
        await tx
          .updateTable('ratings')
          .set(values)
          .where('account_id', '=', x.accountId)
          .where('variant', '=', x.variant)
          .execute();
      }
      return game;
    });
  }

  /**
   * The two players' ratings in the variant, read under the transaction `tx`: rows missing are
   * first created at the start rating, then both are read locked (FOR UPDATE, in account order so
   * that two games locking the same pair cannot deadlock) on PostgreSQL; SQLite has one writer.
   */
  private async lockRatings(
    tx: Kysely<Database>,
    r: RatingUpdate,
  ): Promise<[RatingRow, RatingRow]> {
    await tx
      .insertInto('ratings')
      .values(
        [r.white, r.black].map((id) => {
          const start = startRating(id, r.variant);
          return {
            account_id: id,
            variant: r.variant,
            rating: start.rating,
            rd: start.rd,
            volatility: start.volatility,
            games: start.games,
          };
        }),
      )
      .onConflict((oc) => oc.columns(['account_id', 'variant']).doNothing())
      .execute();
    let query = tx
      .selectFrom('ratings')
      .selectAll()
      .where('account_id', 'in', [r.white, r.black])
      .where('variant', '=', r.variant)
      .orderBy('account_id');
    if (this.dialect === 'postgres') query = query.forUpdate();
    const rows = (await query.execute()).map(ratingFromRow);
    const find = (id: number): RatingRow => rows.find((x) => x.accountId === id)!;
    return [find(r.white), find(r.black)];
  }

  async importGames(games: readonly GameRecord[]): Promise<void> {
    if (!games.length) return;
    await this.db.transaction().execute(async (tx) => {
      // Rows a statement at most: SQLite binds at most 32,766 values, and a game has 43 columns.
      for (let i = 0; i < games.length; i += 500)
        await tx
          .insertInto('games')
          .values(games.slice(i, i + 500).map(gameToRow))
          .execute();
      await insertPlayerGames(tx, games);
    });
  }

  async getGame(id: string): Promise<GameRecord | null> {
    const r = await this.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? rowToGame(r) : null;
  }

  async lobby(limit: number, seenSince: number): Promise<GameRecord[]> {
    // A range of the games_lobby_seen index: challenges whose poster is gone are not read.
    const rows = await this.db
      .selectFrom('games')
      .selectAll()
      .where('status', '=', 'waiting')
      .where('lobby', '=', 1)
      .where('poster_seen_at', '>=', seenSince)
      .orderBy('created_at', 'asc')
      .limit(limit)
      .execute();
    return rows.map(rowToGame);
  }

  async postersSeen(ids: readonly string[], at: number): Promise<void> {
    if (!ids.length) return;
    await this.db
      .updateTable('games')
      .set({ poster_seen_at: at })
      .where('id', 'in', [...ids])
      .where('status', '=', 'waiting')
      .execute();
  }

  async gamesOf(
    tokenHashes: readonly string[],
    accountId: number | null,
    limit: number,
  ): Promise<GameRecord[]> {
    // One index lookup per seat kind, each bounded, merged here (an OR of the four columns
    // would read and sort every game of the account): a token names one seat, so the token
    // lookups return at most as many games as tokens; each account lookup reads the newest
    // `limit` games down its (seat account, created_at) index.
    const reads: Promise<GameRow[]>[] = [];
    for (const column of ['white_token', 'black_token'] as const)
      if (tokenHashes.length)
        reads.push(
          this.db
            .selectFrom('games')
            .selectAll()
            .where(column, 'in', [...tokenHashes])
            .execute(),
        );
    for (const column of ['white_account', 'black_account'] as const)
      if (accountId !== null)
        reads.push(
          this.db
            .selectFrom('games')
            .selectAll()
            .where(column, '=', accountId)
            .orderBy('created_at', 'desc')
            .limit(limit)
            .execute(),
        );
    const byId = new Map<string, GameRow>();
    for (const rows of await Promise.all(reads)) for (const r of rows) byId.set(r.id, r);
    return [...byId.values()]
      .sort((a, b) => Number(b.created_at) - Number(a.created_at) || (a.id < b.id ? 1 : -1))
      .slice(0, limit)
      .map(rowToGame);
  }

  async archive(f: ArchiveFilter): Promise<GameRecord[]> {
    // Newest first down an index in (archived_at, id) order, from the cursor on: a player's
    // through player_games, everyone's through the games' own (variant,) archived_at indexes.
    if (f.accountId !== undefined) {
      const rows = await this.db
        .selectFrom('player_games as p')
        .innerJoin('games', 'games.id', 'p.game_id')
        .selectAll('games')
        .where('p.account_id', '=', f.accountId)
        .$if(f.variant !== undefined, (q) => q.where('p.variant', '=', f.variant!))
        .$if(f.before !== undefined, (q) =>
          q.where(afterCursor(f.before!, 'p.archived_at', 'p.game_id')),
        )
        .orderBy('p.archived_at', 'desc')
        .orderBy('p.game_id', 'desc')
        .limit(f.limit)
        .execute();
      return rows.map(rowToGame);
    }
    const rows = await this.db
      .selectFrom('games')
      .selectAll()
      .where('archived_at', 'is not', null)
      .$if(f.variant !== undefined, (q) => q.where('variant', '=', f.variant!))
      .$if(f.before !== undefined, (q) => q.where(afterCursor(f.before!, 'archived_at', 'id')))
      .orderBy('archived_at', 'desc')
      .orderBy('id', 'desc')
      .limit(f.limit)
      .execute();
    return rows.map(rowToGame);
  }

  async deadlines(limit: number, skip: readonly string[] = []): Promise<Deadline[]> {
    let q = this.db
      .selectFrom('games')
      .select(['id', 'deadline_at'])
      .where('deadline_at', 'is not', null);
    if (skip.length) q = q.where('id', 'not in', skip);
    const rows = await q.orderBy('deadline_at').limit(limit).execute();
    return rows.map((r) => ({ id: r.id, at: Number(r.deadline_at) }));
  }

  async shiftDeadlines(ms: number): Promise<number> {
    const r = await this.db
      .updateTable('games')
      .set((eb) => ({
        turn_started_at: eb('turn_started_at', '+', ms),
        first_move_by: eb('first_move_by', '+', ms),
        deadline_at: eb('deadline_at', '+', ms),
        version: eb('version', '+', 1),
      }))
      .where('deadline_at', 'is not', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async lastHeartbeat(): Promise<number | null> {
    const r = await this.db
      .selectFrom('heartbeat')
      .select('at')
      .where('id', '=', 1)
      .executeTakeFirst();
    return r ? Number(r.at) : null;
  }

  async heartbeat(at: number): Promise<void> {
    await this.db
      .insertInto('heartbeat')
      .values({ id: 1, at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ at }))
      .execute();
  }

  async createAccount(
    username: string,
    passwordHash: string,
    now: number,
    bot = false,
  ): Promise<AccountRow | null> {
    const key = username.toLowerCase();
    const taken = await this.db
      .selectFrom('accounts')
      .select('id')
      .where('username_key', '=', key)
      .executeTakeFirst();
    if (taken) return null;
    try {
      const r = await this.db
        .insertInto('accounts')
        .values({
          username,
          username_key: key,
          password_hash: passwordHash,
          created_at: now,
          bot: bot ? 1 : 0,
        })
        .returning(ACCOUNT_COLUMNS)
        .executeTakeFirstOrThrow();
      return account(r);
    } catch (e) {
      // The unique index refused a name registered meanwhile; any other failure is storage's.
      if (isUniqueViolation(e)) return null;
      throw e;
    }
  }

  async accountByName(username: string): Promise<AccountRow | null> {
    const r = await this.db
      .selectFrom('accounts')
      .select(ACCOUNT_COLUMNS)
      .where('username_key', '=', username.toLowerCase())
      .executeTakeFirst();
    return r ? account(r) : null;
  }

  async accountById(id: number): Promise<AccountRow | null> {
    const r = await this.db
      .selectFrom('accounts')
      .select(ACCOUNT_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? account(r) : null;
  }

  async createSession(
    tokenHash: string,
    accountId: number,
    expiresAt: number,
    now: number,
    maxPerAccount: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('sessions').where('expires_at', '<=', now).execute();
      const kept = await tx
        .selectFrom('sessions')
        .select('token_hash')
        .where('account_id', '=', accountId)
        .orderBy('expires_at', 'desc')
        .limit(Math.max(0, maxPerAccount - 1))
        .execute();
      await tx
        .deleteFrom('sessions')
        .where('account_id', '=', accountId)
        .$if(kept.length > 0, (q) =>
          q.where(
            'token_hash',
            'not in',
            kept.map((k) => k.token_hash),
          ),
        )
        .execute();
      await tx
        .insertInto('sessions')
        .values({ token_hash: tokenHash, account_id: accountId, expires_at: expiresAt })
        .execute();
    });
  }

  async loginLockedUntil(usernameKey: string): Promise<number> {
    const r = await this.db
      .selectFrom('login_failures')
      .select('locked_until')
      .where('username_key', '=', usernameKey)
      .executeTakeFirst();
    return r ? Number(r.locked_until) : 0;
  }

  async loginFailed(usernameKey: string, lockUntil: (failures: number) => number): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const r = await tx
        .selectFrom('login_failures')
        .select('failures')
        .where('username_key', '=', usernameKey)
        .$if(this.dialect === 'postgres', (q) => q.forUpdate())
        .executeTakeFirst();
      const failures = (r ? Number(r.failures) : 0) + 1;
      const until = lockUntil(failures);
      await tx
        .insertInto('login_failures')
        .values({ username_key: usernameKey, failures, locked_until: until })
        .onConflict((oc) =>
          oc.column('username_key').doUpdateSet({ failures, locked_until: until }),
        )
        .execute();
      return until;
    });
  }

  async loginSucceeded(usernameKey: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('username_key', '=', usernameKey).execute();
  }

  async sessionAccount(tokenHash: string, now: number): Promise<number | null> {
    const r = await this.db
      .selectFrom('sessions')
      .select('account_id')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return r ? Number(r.account_id) : null;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  async ratings(accountIds: readonly number[]): Promise<RatingRow[]> {
    if (!accountIds.length) return [];
    const rows = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('account_id', 'in', [...accountIds])
      .execute();
    return rows.map(ratingFromRow);
  }

  createTournament(t: TournamentRow, limit?: MakingLimit): Promise<'made' | 'taken' | 'too-many'> {
    return tournaments.createTournament(this.db, this.dialect, t, limit);
  }

  getTournament(id: string): Promise<TournamentRow | null> {
    return tournaments.getTournament(this.db, id);
  }

  tournamentsByStatus(status: TournamentStatus, limit: number): Promise<TournamentRow[]> {
    return tournaments.tournamentsByStatus(this.db, status, limit);
  }

  tournamentPlayers(id: string): Promise<TournamentPlayerRow[]> {
    return tournaments.tournamentPlayers(this.db, id);
  }

  tournamentGames(id: string, limit: number) {
    return tournaments.tournamentGames(this.db, id, limit);
  }

  tournamentDeadlines(limit: number, skip: readonly string[] = []) {
    return tournaments.tournamentDeadlines(this.db, limit, skip);
  }

  changeEntry(
    id: string,
    accountId: number,
    decide: (t: TournamentRow | null, entry: TournamentPlayerRow | null) => TournamentEntry,
  ): Promise<TournamentEntry> {
    return tournaments.changeEntry(this.db, this.dialect, id, accountId, decide);
  }

  tickTournament(
    id: string,
    plan: (t: TournamentRow, players: readonly TournamentPlayerRow[]) => TournamentTick | null,
  ): Promise<TournamentTick | null | 'busy'> {
    return tournaments.tickTournament(this.db, this.dialect, id, plan);
  }

  async close(): Promise<void> {
    await this.db.destroy();
    await this.onClose();
  }
}

/**
 * The rows after the cursor in the archive's order (`at` then `id`, both descending): a row value
 * comparison, which both databases read as one range of an (at, id) index.
 */
function afterCursor(before: ArchiveCursor, at: string, id: string): RawBuilder<boolean> {
  return before.id === undefined
    ? sql<boolean>`${sql.ref(at)} < ${before.at}`
    : sql<boolean>`(${sql.ref(at)}, ${sql.ref(id)}) < (${before.at}, ${before.id})`;
}

/** The player_games rows of those of `games` the archive lists, one per seated account. */
async function insertPlayerGames(
  db: Kysely<Database>,
  games: readonly GameRecord[],
): Promise<void> {
  const rows = [];
  for (const g of games) {
    const at = archivedAt(g);
    if (at === null) continue;
    const accounts = new Set([g.seats.white?.accountId, g.seats.black?.accountId]);
    for (const account of accounts)
      if (account !== null && account !== undefined)
        rows.push({ account_id: account, archived_at: at, game_id: g.id, variant: g.variant });
  }
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('player_games')
      .values(rows.slice(i, i + 1000))
      .onConflict((oc) => oc.doNothing())
      .execute();
}

function ratingFromRow(r: Selectable<RatingsTable>): RatingRow {
  return {
    accountId: Number(r.account_id),
    variant: r.variant,
    rating: Number(r.rating),
    rd: Number(r.rd),
    volatility: Number(r.volatility),
    games: Number(r.games),
  };
}

/** A unique index's refusal: SQLite's SQLITE_CONSTRAINT_UNIQUE, PostgreSQL's 23505. */
function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}
