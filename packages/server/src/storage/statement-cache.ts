/**
 * better-sqlite3 behind Kysely, with each statement prepared once: Kysely asks the database to
 * prepare every query anew, and preparing costs as much as running a short one. A statement is
 * kept by its SQL text (the values travel as parameters, so the texts are few); the least recently
 * used are dropped past a bound. Kysely runs one query at a time on SQLite and never streams ours,
 * so a kept statement is never busy when it is asked for again.
 */
import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const MAX_STATEMENTS = 256;

export class StatementCache implements SqliteDatabase {
  private readonly statements = new Map<string, SqliteStatement>();

  constructor(private readonly db: Database.Database) {}

  prepare(sql: string): SqliteStatement {
    let statement = this.statements.get(sql);
    if (statement) {
      // Most recently used last: Map keeps insertion order.
      this.statements.delete(sql);
    } else {
      statement = this.db.prepare(sql);
      if (this.statements.size >= MAX_STATEMENTS)
        this.statements.delete(this.statements.keys().next().value!);
    }
    this.statements.set(sql, statement);
    return statement;
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }
}
