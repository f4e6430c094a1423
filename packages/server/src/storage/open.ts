/**
 * Opens the store the environment asks for: PostgreSQL when a connection string is given
 * (DATABASE_URL), otherwise SQLite in one file under the data folder (CITADEL_DATA, ./data).
 * A failure a person can fix (no driver, a folder that cannot be written, a database that does not
 * answer within `databaseWaitMs`) is thrown as a one-line `StartupFailure`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { resilientPool } from './connection-loss.ts';
import {
  StartupFailure,
  describePostgresFailure,
  describeSqliteFailure,
  isPostgresNotYet,
} from '../startup-failure.ts';
import type { Database } from './schema.ts';
import { SqlStore, migrate } from './sql-store.ts';
import { StatementCache } from './statement-cache.ts';
import type { Store } from './store.ts';

// PostgreSQL's bigint (epoch ms) as a number: every value we keep is below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** How long a start waits for PostgreSQL to answer when CITADEL_DB_WAIT is not set. */
export const DEFAULT_DATABASE_WAIT_MS = 10_000;

export interface StoreOptions {
  readonly databaseUrl?: string | undefined;
  readonly dataDir?: string | undefined;
  /** How long to keep trying an unreachable PostgreSQL before giving up. */
  readonly databaseWaitMs?: number | undefined;
}

export async function openStore(o: StoreOptions): Promise<Store> {
  if (o.databaseUrl)
    return openPostgres(o.databaseUrl, o.databaseWaitMs ?? DEFAULT_DATABASE_WAIT_MS);
  return openSqlite(o.dataDir ?? 'data');
}

async function openPostgres(databaseUrl: string, waitMs: number): Promise<Store> {
  // Once started, a lost database is an outage the server lives through (connection-loss.ts).
  const pool = resilientPool({ connectionString: databaseUrl, max: 10 });
  const started = Date.now();
  for (;;) {
    try {
      const client = await pool.connect();
      client.release();
      break;
    } catch (e) {
      const waited = Date.now() - started;
      if (!isPostgresNotYet(e) || waited >= waitMs) {
        await pool.end().catch(() => undefined);
        throw new StartupFailure(describePostgresFailure(e, databaseUrl, waited), { cause: e });
      }
      await new Promise((r) => setTimeout(r, Math.min(500, waitMs - waited)));
    }
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await migrate(db, 'postgres');
  return new SqlStore(db, 'postgres');
}

async function openSqlite(dir: string): Promise<Store> {
  let db: Kysely<Database>;
  try {
    // Loaded here rather than at the top, so that a missing or mis-built native driver is a
    // failure we can explain, and a PostgreSQL server never needs it.
    const { default: SQLite } = await import('better-sqlite3');
    mkdirSync(dir, { recursive: true });
    const file = new SQLite(join(dir, 'citadel.sqlite'));
    file.pragma('journal_mode = WAL');
    // A commit in WAL mode with NORMAL sync survives a crash of the process (SIGKILL); only a
    // power cut may lose the last commits.
    file.pragma('synchronous = NORMAL');
    file.pragma('busy_timeout = 5000');
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new StatementCache(file) }),
    });
    await migrate(db, 'sqlite');
  } catch (e) {
    const line = describeSqliteFailure(e, dir);
    if (line) throw new StartupFailure(line, { cause: e });
    throw e;
  }
  return new SqlStore(db, 'sqlite');
}
