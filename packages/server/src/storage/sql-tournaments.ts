/**
 * The tournaments' statements over Kysely (tournament-store.ts), the same for SQLite and
 * PostgreSQL; SqlStore's methods call them. A tournament's lock is PostgreSQL's advisory
 * transaction lock on its id (released with the transaction, so a process that dies releases it);
 * SQLite has one writer, whose transactions take turns anyway.
 */
import { sql, type Kysely } from 'kysely';
import type { ByColor, TournamentStatus } from '@citadel/protocol';
import type { GameRecord } from '@citadel/game';
import { seededHash } from '../tournament/seeded-coin.ts';
import type { Dialect } from './migrations.ts';
import { gameToRow } from './rows.ts';
import type { Database } from './schema.ts';
import {
  playerToRow,
  rowToPlayer,
  rowToTournament,
  rowToTournamentGame,
  tournamentGameToRow,
  tournamentToRow,
} from './tournament-rows.ts';
import type {
  MakingLimit,
  TournamentEntry,
  TournamentGameEnd,
  TournamentPlayerRow,
  TournamentRow,
  TournamentTick,
} from './tournament-store.ts';

/** The first key of every tournament's advisory lock ("CITD"), the second being its id's hash. */
const LOCK_SPACE = 0x43495444;
/** The first key of an account's lock while it makes a tournament ("CITM"), with its id. */
const MAKER_LOCK_SPACE = 0x4349544d;
/** Rows a statement at most (SQLite binds at most 32,766 values). */
const CHUNK = 200;

/**
 * Takes the tournament's lock for the rest of the transaction `tx`: waiting for it, or (`wait`
 * false) only if no other transaction holds it. Whether it was taken.
 */
async function lockTournament(
  tx: Kysely<Database>,
  dialect: Dialect,
  id: string,
  wait: boolean,
): Promise<boolean> {
  if (dialect !== 'postgres') return true;
  const key = seededHash('tournament', id) | 0;
  if (wait) {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}::int4, ${key}::int4)`.execute(tx);
    return true;
  }
  const r = await sql<{
    locked: boolean;
  }>`SELECT pg_try_advisory_xact_lock(${LOCK_SPACE}::int4, ${key}::int4) AS locked`.execute(tx);
  return r.rows[0]?.locked === true;
}

export async function createTournament(
  db: Kysely<Database>,
  dialect: Dialect,
  t: TournamentRow,
  limit?: MakingLimit,
): Promise<'made' | 'taken' | 'too-many'> {
  return db.transaction().execute(async (tx) => {
    if (limit && t.creator !== null) {
      if (dialect === 'postgres')
        await sql`SELECT pg_advisory_xact_lock(${MAKER_LOCK_SPACE}::int4, ${t.creator}::int4)`.execute(
          tx,
        );
      const r = await tx
        .selectFrom('tournaments')
        .select((eb) => eb.fn.countAll<number | string>().as('made'))
        .where('creator', '=', t.creator)
        .where('created_at', '>=', limit.since)
        .executeTakeFirstOrThrow();
      if (Number(r.made) >= limit.max) return 'too-many' as const;
    }
    const r = await tx
      .insertInto('tournaments')
      .values(tournamentToRow(t))
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1 ? ('made' as const) : ('taken' as const);
  });
}

export async function getTournament(
  db: Kysely<Database>,
  id: string,
): Promise<TournamentRow | null> {
  const r = await db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? rowToTournament(r) : null;
}

export async function tournamentsByStatus(
  db: Kysely<Database>,
  status: TournamentStatus,
  limit: number,
): Promise<TournamentRow[]> {
  const order = status === 'finished' ? 'desc' : 'asc';
  const rows = await db
    .selectFrom('tournaments')
    .selectAll()
    .where('status', '=', status)
    .orderBy('starts_at', order)
    .orderBy('id', order)
    .limit(limit)
    .execute();
  return rows.map(rowToTournament);
}

export async function tournamentPlayers(
  db: Kysely<Database>,
  id: string,
): Promise<TournamentPlayerRow[]> {
  const rows = await db
    .selectFrom('tournament_players')
    .selectAll()
    .where('tournament_id', '=', id)
    .execute();
  return rows.map(rowToPlayer);
}

export async function tournamentGames(db: Kysely<Database>, id: string, limit: number) {
  const rows = await db
    .selectFrom('tournament_games')
    .selectAll()
    .where('tournament_id', '=', id)
    .orderBy('started_at', 'desc')
    .orderBy('game_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(rowToTournamentGame);
}

export async function tournamentDeadlines(
  db: Kysely<Database>,
  limit: number,
  skip: readonly string[],
): Promise<Array<{ id: string; at: number }>> {
  let q = db
    .selectFrom('tournaments')
    .select(['id', 'next_action_at'])
    .where('next_action_at', 'is not', null);
  if (skip.length) q = q.where('id', 'not in', skip);
  const rows = await q.orderBy('next_action_at').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, at: Number(r.next_action_at) }));
}

/** Brings the tournament's next action forward to `at` (never later; nothing once it is over). */
async function wake(
  tx: Kysely<Database>,
  t: TournamentRow,
  at: number | null,
  addPlayer = false,
): Promise<void> {
  const next =
    at === null || t.nextActionAt === null ? t.nextActionAt : Math.min(t.nextActionAt, at);
  if (next === t.nextActionAt && !addPlayer) return;
  await tx
    .updateTable('tournaments')
    .set({ next_action_at: next, ...(addPlayer ? { players: t.players + 1 } : {}) })
    .where('id', '=', t.id)
    .execute();
}

/**
 * Rewrites the rows of `players` (all of one tournament): deleted and inserted again in batches,
 * two statements a batch however many change (a pairing of a thousand players), safe under the
 * tournament's lock and the transaction.
 */
async function savePlayers(
  tx: Kysely<Database>,
  players: readonly TournamentPlayerRow[],
): Promise<void> {
  for (let i = 0; i < players.length; i += CHUNK) {
    const batch = players.slice(i, i + CHUNK);
    await tx
      .deleteFrom('tournament_players')
      .where('tournament_id', '=', batch[0]!.tournamentId)
      .where(
        'account_id',
        'in',
        batch.map((p) => p.accountId),
      )
      .execute();
    await tx.insertInto('tournament_players').values(batch.map(playerToRow)).execute();
  }
}

export async function changeEntry(
  db: Kysely<Database>,
  dialect: Dialect,
  id: string,
  accountId: number,
  decide: (t: TournamentRow | null, entry: TournamentPlayerRow | null) => TournamentEntry,
): Promise<TournamentEntry> {
  return db.transaction().execute(async (tx) => {
    await lockTournament(tx, dialect, id, true);
    const t = await getTournament(tx, id);
    const row = t
      ? await tx
          .selectFrom('tournament_players')
          .selectAll()
          .where('tournament_id', '=', id)
          .where('account_id', '=', accountId)
          .executeTakeFirst()
      : undefined;
    const entry = decide(t, row ? rowToPlayer(row) : null);
    if (!t) return entry;
    if (entry.added)
      await tx.insertInto('tournament_players').values(playerToRow(entry.player)).execute();
    else await savePlayers(tx, [entry.player]);
    await wake(tx, t, entry.wakeAt, entry.added);
    return entry;
  });
}

export async function tickTournament(
  db: Kysely<Database>,
  dialect: Dialect,
  id: string,
  plan: (t: TournamentRow, players: readonly TournamentPlayerRow[]) => TournamentTick | null,
): Promise<TournamentTick | null | 'busy'> {
  return db.transaction().execute(async (tx) => {
    if (!(await lockTournament(tx, dialect, id, false))) return 'busy' as const;
    const t = await getTournament(tx, id);
    if (!t) return null;
    const tick = plan(t, await tournamentPlayers(tx, id));
    if (!tick) return null;
    for (let i = 0; i < tick.games.length; i += CHUNK)
      await tx
        .insertInto('games')
        .values(tick.games.slice(i, i + CHUNK).map(gameToRow))
        .execute();
    for (let i = 0; i < tick.tournamentGames.length; i += CHUNK)
      await tx
        .insertInto('tournament_games')
        .values(tick.tournamentGames.slice(i, i + CHUNK).map(tournamentGameToRow))
        .execute();
    await savePlayers(tx, tick.players);
    await tx
      .updateTable('tournaments')
      .set({ status: tick.status, next_action_at: tick.nextActionAt })
      .where('id', '=', id)
      .execute();
    return tick;
  });
}

/**
 * Scores a tournament game that `game` (being saved under `tx`) ends: under the tournament's lock,
 * its row and its players' rows are read, rewritten by `end.apply`, and the director woken.
 */
export async function endTournamentGame(
  tx: Kysely<Database>,
  dialect: Dialect,
  end: TournamentGameEnd,
  game: GameRecord,
): Promise<void> {
  await lockTournament(tx, dialect, end.tournamentId, true);
  const t = await getTournament(tx, end.tournamentId);
  const row = await tx
    .selectFrom('tournament_games')
    .selectAll()
    .where('game_id', '=', game.id)
    .executeTakeFirst();
  // A game ends once (its save is versioned); an end already scored is never scored again.
  if (!t || !row || row.ended_at !== null) return;
  const tg = rowToTournamentGame(row);
  const rows = await tx
    .selectFrom('tournament_players')
    .selectAll()
    .where('tournament_id', '=', t.id)
    .where('account_id', 'in', [tg.white, tg.black])
    .execute();
  const find = (account: number) => rows.map(rowToPlayer).find((p) => p.accountId === account);
  const white = find(tg.white);
  const black = find(tg.black);
  if (!white || !black) return;
  const players: ByColor<TournamentPlayerRow> = { white, black };
  const done = end.apply(t, tg, players, game);
  await tx
    .updateTable('tournament_games')
    .set(tournamentGameToRow(done.game))
    .where('game_id', '=', game.id)
    .execute();
  await savePlayers(tx, done.players);
  await wake(tx, t, done.wakeAt);
}
