/**
 * A database written before the history's indexes (migration 0009) lists the same games after it:
 * the finished games, not the aborted ones, in the archive and in each player's history. Its
 * games read after lag compensation's columns (0010) with nothing credited and nothing given, and
 * after the tournaments' (0011) as no tournament's, with no seat berserk.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/storage/migrations.ts';
import { gameToRow } from '../src/storage/rows.ts';
import type { Database } from '../src/storage/schema.ts';
import { SqlStore, migrate } from '../src/storage/sql-store.ts';
import { testBackends } from './support/backends.ts';
import { historyGame } from './support/history.ts';
import { startCluster, type Cluster } from './support/postgres.ts';

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  let cluster: Cluster | null = null;
  const dir = mkdtempSync(join(tmpdir(), 'citadel-history-migration-'));
  afterAll(() => {
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fills the archive and the players’ histories from the games already stored', async () => {
    let db: Kysely<Database>;
    if (postgres) {
      cluster = await startCluster();
      db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: cluster.url }) }),
      });
    } else {
      db = new Kysely<Database>({
        dialect: new SqliteDialect({ database: new SQLite(join(dir, 'citadel.sqlite')) }),
      });
    }
    const dialect = postgres ? 'postgres' : 'sqlite';
    const store = new SqlStore(db, dialect);
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations(dialect) },
      });
      expect((await migrator.migrateTo('0008-lobby-poster-seen')).error).toBeUndefined();
      // Rows as they stood before: no archived_at, no player_games. Game 1 aborted, 0 and 2
      // finished, 3 in progress.
      const o = { accounts: 5, firstEnd: 1.7e12 };
      const games = [0, 1, 2, 3].map((n) => historyGame(n, o));
      games[1] = { ...games[1]!, reason: 'abort', result: null, text: 'aborted' };
      games[3] = { ...games[3]!, status: 'started', reason: null, result: null, endedAt: null };
      const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      games[3] = { ...games[3]!, moves: ['e2e4'], moveClocks: [60_000] };
      for (const g of games) {
        const row: Partial<ReturnType<typeof gameToRow>> = gameToRow(g);
        // Nor the columns later migrations add: lag compensation's (0010), tournaments' (0011).
        for (const later of [
          'archived_at',
          'move_lag',
          'lag_quota_white',
          'lag_quota_black',
          'lag_white',
          'lag_black',
          'time_given_white',
          'time_given_black',
          'tournament_id',
          'white_berserk',
          'black_berserk',
        ] as const)
          delete row[later];
        await raw.insertInto('games').values(row).execute();
      }
      await migrate(db, dialect);
      const ids = (list: { id: string }[]) => list.map((g) => g.id);
      expect(ids(await store.archive({ limit: 10 }))).toEqual([games[2]!.id, games[0]!.id]);
      const white0 = games[0]!.seats.white!.accountId!;
      const black2 = games[2]!.seats.black!.accountId!;
      expect(ids(await store.archive({ accountId: white0, limit: 10 }))).toContain(games[0]!.id);
      expect(ids(await store.archive({ accountId: black2, limit: 10 }))).toContain(games[2]!.id);
      for (const account of [1, 2, 3, 4, 5])
        expect(ids(await store.archive({ accountId: account, limit: 10 }))).not.toContain(
          games[1]!.id,
        );
      expect(ids(await store.archive({ variant: games[2]!.variant, limit: 10 }))).toEqual([
        games[2]!.id,
      ]);
      // The game in progress: a credit of 0 for its move so far, empty quotas that moves fill.
      expect(await store.getGame(games[3]!.id)).toMatchObject({
        moveClocks: [60_000],
        moveLag: [0],
        lagQuota: { white: 0, black: 0 },
        lagTotal: { white: 0, black: 0 },
        timeGiven: { white: 0, black: 0 },
        tournamentId: null,
        berserk: { white: false, black: false },
      });
    } finally {
      await store.close();
    }
  });
});
