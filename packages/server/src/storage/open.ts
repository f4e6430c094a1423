/**
 * Opens the store the environment asks for: PostgreSQL when a connection string is given
 * (DATABASE_URL), otherwise SQLite in one file under the data folder (CITADEL_DATA, ./data).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { SqlStore, migrate } from './sql-store.ts';
import { StatementCache } from './statement-cache.ts';
import type { Store } from './store.ts';

// PostgreSQL's bigint (epoch ms) as a number: every value we keep is below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface StoreOptions {
  readonly databaseUrl?: string | undefined;
  readonly dataDir?: string | undefined;
}

export async function openStore(o: StoreOptions): Promise<Store> {
  if (o.databaseUrl) {
    const pool = new pg.Pool({ connectionString: o.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await migrate(db, 'postgres');
    return new SqlStore(db, 'postgres');
  }
  const dir = o.dataDir ?? 'data';
  mkdirSync(dir, { recursive: true });
  const file = new SQLite(join(dir, 'citadel.sqlite'));
  file.pragma('journal_mode = WAL');
  // A commit in WAL mode with NORMAL sync survives a crash of the process (SIGKILL); only a
  // power cut may lose the last commits.
  file.pragma('synchronous = NORMAL');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new StatementCache(file) }),
  });
  await migrate(db, 'sqlite');
  return new SqlStore(db, 'sqlite');
}
