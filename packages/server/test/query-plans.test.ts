/**
 * Every query the storage layer runs on a request path or a timer reads through an index, on both
 * databases, however long the history grows (issue: history must not slow the server). Each Store
 * method is called on a seeded database (tens of thousands of finished games, some in progress,
 * accounts, sessions, ratings) while its statements are recorded; then each statement's plan is
 * asked of the database itself: SQLite's EXPLAIN QUERY PLAN may not scan a table or sort in a temp
 * B-tree, PostgreSQL's EXPLAIN (after ANALYZE) may not scan a table sequentially or sort, except
 * where a comment below says why the rows sorted are few whatever the history. A method added
 * without being called here fails the test, and so does a query added without its index.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGameRecord, tournamentGameRecord, type GameRecord } from '@citadel/game';
import { arenaGameEnd } from '../src/service/arena-game-end.ts';
import { joinEntry, newPlayerRow } from '../src/service/tournament-entries.ts';
import {
  playerToRow,
  tournamentGameToRow,
  tournamentToRow,
} from '../src/storage/tournament-rows.ts';
import type { TournamentPlayerRow, TournamentRow } from '../src/storage/tournament-store.ts';
import type { Database } from '../src/storage/schema.ts';
import { SqlStore, migrate } from '../src/storage/sql-store.ts';
import { historyBatches, historyGame } from './support/history.ts';
import { testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';

const HISTORY = 20_000;
const ACCOUNTS = 40;
const FIRST_END = 1_700_000_000_000;
const NOW = FIRST_END + HISTORY * 1_000 + 60_000;

/** A statement as a method of the store ran it. */
interface Recorded {
  readonly method: string;
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/**
 * Statements whose sort is allowed, with why the rows sorted stay few whatever the history: the
 * match is on the method and the statement's text.
 */
const BOUNDED_SORTS: ReadonlyArray<{ method: string; why: string; sql: RegExp }> = [
  {
    method: 'lobby',
    why: 'sorts the open challenges whose poster is connected now (a range of games_lobby_seen), which live connections bound',
    sql: /from "games"/,
  },
];

/** The tables no statement may scan whole. */
const TABLES = [
  'games',
  'player_games',
  'sessions',
  'accounts',
  'ratings',
  'login_failures',
  'tournaments',
  'tournament_players',
  'tournament_games',
].join('|');

/** The store's methods that run no query of their own, or only inside another one. */
const NOT_QUERIES = new Set(['constructor', 'close', 'lockRatings']);

async function exercise(store: SqlStore, record: (method: string) => void): Promise<void> {
  const waiting = (id: string, lobby: boolean): GameRecord =>
    newGameRecord({
      id,
      variant: 'chess',
      array: historyGame(3, { accounts: 1, firstEnd: 0 }).array,
      rules: historyGame(3, { accounts: 1, firstEnd: 0 }).rules,
      clock: null,
      rated: false,
      lobby,
      creator: 'white',
      seat: { tokenHash: `seat-${id}`, accountId: 1, name: 'player1', bot: false },
      now: NOW,
    });
  const calls: Array<[string, () => Promise<unknown>]> = [
    ['createGame', () => store.createGame(waiting('plan-lobby-1', true))],
    ['getGame', () => store.getGame('plan-lobby-1')],
    [
      'saveGame',
      async () => {
        const before = (await store.getGame('plan-lobby-1'))!;
        const after: GameRecord = {
          ...before,
          status: 'ended',
          result: '1-0',
          reason: 'resign',
          text: 'Black resigned',
          endedAt: NOW,
          version: before.version + 1,
        };
        await store.saveGame(after, before, {
          create: waiting('plan-rematch', false),
          rate: {
            variant: 'chess',
            white: 1,
            black: 2,
            apply: (w, b) => ({ game: after, rows: [w, b] }),
          },
        });
      },
    ],
    [
      'importGames',
      () =>
        store.importGames([historyGame(HISTORY + 1, { accounts: ACCOUNTS, firstEnd: FIRST_END })]),
    ],
    ['lobby', () => store.lobby(50, NOW - 10_000)],
    ['postersSeen', () => store.postersSeen(['plan-rematch', 'nothing-here'], NOW)],
    ['gamesOf', () => store.gamesOf(['seat-plan-rematch', 'history-5-w'], 3, 30)],
    ['archive', () => store.archive({ limit: 50 })],
    [
      'archive',
      () => store.archive({ limit: 50, before: { at: FIRST_END + 10_000_000, id: 'h000000100' } }),
    ],
    [
      'archive',
      () => store.archive({ variant: 'husun', limit: 50, before: { at: FIRST_END + 9_000_000 } }),
    ],
    ['archive', () => store.archive({ accountId: 7, limit: 30 })],
    [
      'archive',
      () =>
        store.archive({
          accountId: 7,
          variant: 'chess',
          limit: 30,
          before: { at: FIRST_END + 9_000_000, id: 'h000000500' },
        }),
    ],
    ['deadlines', () => store.deadlines(100, ['plan-rematch'])],
    ['shiftDeadlines', () => store.shiftDeadlines(1_000)],
    ['lastHeartbeat', () => store.lastHeartbeat()],
    ['heartbeat', () => store.heartbeat(NOW)],
    ['createAccount', () => store.createAccount(`planner${NOW}`, 'hash', NOW)],
    ['accountByName', () => store.accountByName('player1')],
    ['accountById', () => store.accountById(1)],
    ['createSession', () => store.createSession('session-plan', 1, NOW + 1_000_000, NOW, 10)],
    ['loginLockedUntil', () => store.loginLockedUntil('player1')],
    ['loginFailed', () => store.loginFailed('player1', () => NOW + 1_000)],
    ['loginSucceeded', () => store.loginSucceeded('player1')],
    ['sessionAccount', () => store.sessionAccount('session-plan', NOW)],
    ['deleteSession', () => store.deleteSession('session-plan')],
    ['ratings', () => store.ratings([1, 2, 3])],
    [
      'createTournament',
      () =>
        store.createTournament(seedTournament(TOURNAMENTS + 1), {
          since: NOW - 86_400_000,
          max: 5,
        }),
    ],
    ['getTournament', () => store.getTournament(tournamentId(7))],
    ['tournamentsByStatus', () => store.tournamentsByStatus('created', 50)],
    ['tournamentsByStatus', () => store.tournamentsByStatus('finished', 50)],
    ['tournamentPlayers', () => store.tournamentPlayers(tournamentId(7))],
    ['tournamentGames', () => store.tournamentGames(tournamentId(7), 100)],
    ['tournamentDeadlines', () => store.tournamentDeadlines(100, [tournamentId(8)])],
    [
      'changeEntry',
      () =>
        store.changeEntry(tournamentId(RUNNING), ACCOUNTS + 1, (t, entry) =>
          joinEntry(
            tournamentId(RUNNING),
            t,
            entry,
            { id: ACCOUNTS + 1, username: `player${ACCOUNTS + 1}`, bot: false },
            1500,
            NOW,
          ),
        ),
    ],
    [
      'tickTournament',
      () =>
        store.tickTournament(tournamentId(RUNNING), (t, players) => {
          const [white, black] = players;
          const game = arenaGame(t, white!, black!);
          return {
            status: 'started',
            nextActionAt: NOW + 2_000,
            games: [game],
            tournamentGames: [
              {
                gameId: game.id,
                tournamentId: t.id,
                white: white!.accountId,
                black: black!.accountId,
                whiteRating: 1500,
                blackRating: 1500,
                startedAt: NOW,
                endedAt: null,
                result: null,
                whitePoints: null,
                blackPoints: null,
              },
            ],
            players: [
              { ...white!, gameId: game.id, waitingSince: null },
              { ...black!, gameId: game.id, waitingSince: null },
            ],
          };
        }),
    ],
    [
      'saveGame',
      async () => {
        // The arena game the tick started ends: scored on its players' sheets.
        const before = (await store.getGame('plan-arena-1'))!;
        const after: GameRecord = {
          ...before,
          status: 'ended',
          result: '1-0',
          reason: 'resign',
          text: 'Black resigned',
          endedAt: NOW + 1_000,
          version: before.version + 1,
        };
        await store.saveGame(after, before, { tournament: arenaGameEnd(tournamentId(RUNNING)) });
      },
    ],
  ];
  const methods = Object.getOwnPropertyNames(SqlStore.prototype).filter((m) => !NOT_QUERIES.has(m));
  expect(new Set(calls.map(([m]) => m))).toEqual(new Set(methods));
  for (const [method, call] of calls) {
    record(method);
    await call();
  }
}

/** Other accounts, with sessions, ratings and failed logins: enough rows for the plans to matter. */
const CROWD = 5_000;
/** Tournaments of every status, each with its players and games. */
const TOURNAMENTS = 2_000;
const PLAYERS_EACH = 20;
const GAMES_EACH = 10;
/** A running tournament, which the calls join and pair. */
const RUNNING = 1;

const tournamentId = (n: number): string => `t${String(n).padStart(9, '0')}`;

/** Tournament `n` of the seed: one in three created, running, finished. */
function seedTournament(n: number): TournamentRow {
  const status = (['started', 'created', 'finished'] as const)[n % 3]!;
  return {
    id: tournamentId(n),
    kind: 'arena',
    name: `Arena ${n}`,
    variant: 'chess',
    array: 'standard',
    rules: {},
    clock: { initial: 180, increment: 2 },
    rated: true,
    creator: 1 + (n % ACCOUNTS),
    creatorName: null,
    scheduleKey: n % 2 ? `entry ${n}` : null,
    status,
    startsAt: FIRST_END + n * 60_000,
    endsAt: FIRST_END + n * 60_000 + 3_600_000,
    maxPlayers: null,
    players: PLAYERS_EACH,
    nextActionAt: status === 'finished' ? null : NOW + n,
    createdAt: NOW - n * 60_000,
  };
}

function seedPlayer(t: string, account: number): TournamentPlayerRow {
  return newPlayerRow(t, { id: account, username: `player${account}`, bot: false }, 1500, NOW);
}

/** The game the calls' pairing starts in the running tournament. */
function arenaGame(t: TournamentRow, white: TournamentPlayerRow, black: TournamentPlayerRow) {
  const seat = (p: TournamentPlayerRow) => ({
    tokenHash: `arena-${p.accountId}`,
    accountId: p.accountId,
    name: p.name,
    bot: false,
  });
  return tournamentGameRecord({
    id: 'plan-arena-1',
    variant: t.variant,
    array: t.array,
    rules: t.rules,
    clock: t.clock,
    rated: false,
    seats: { white: seat(white), black: seat(black) },
    tournamentId: t.id,
    now: NOW,
  });
}

/** Seeds a store: the history, accounts playing it and a crowd, their sessions and ratings. */
async function seed(store: SqlStore, db: Kysely<Database>): Promise<void> {
  for (const games of historyBatches(0, HISTORY, { accounts: ACCOUNTS, firstEnd: FIRST_END }))
    await store.importGames(games);
  for (let a = 1; a <= ACCOUNTS + CROWD; a += 500) {
    const ids = Array.from({ length: 500 }, (_, i) => a + i);
    await db
      .insertInto('accounts')
      .values(
        ids.map((id) => ({
          username: `player${id}`,
          username_key: `player${id}`,
          password_hash: 'hash',
          created_at: NOW,
          bot: 0,
        })),
      )
      .execute();
    await db
      .insertInto('sessions')
      .values(
        ids.map((id) => ({ token_hash: `session-${id}`, account_id: id, expires_at: NOW + id })),
      )
      .execute();
    await db
      .insertInto('ratings')
      .values(
        ids.map((id) => ({
          account_id: id,
          variant: 'chess',
          rating: 1500,
          rd: 350,
          volatility: 0.06,
          games: 0,
        })),
      )
      .execute();
    await db
      .insertInto('login_failures')
      .values(ids.map((id) => ({ username_key: `player${id}`, failures: 1, locked_until: 0 })))
      .execute();
  }
  for (let n = 0; n < TOURNAMENTS; n += 100) {
    const batch = Array.from({ length: 100 }, (_, i) => seedTournament(n + i));
    await db.insertInto('tournaments').values(batch.map(tournamentToRow)).execute();
    const players = batch.flatMap((t) =>
      Array.from({ length: PLAYERS_EACH }, (_, i) => seedPlayer(t.id, 1 + i)),
    );
    for (let i = 0; i < players.length; i += 500)
      await db
        .insertInto('tournament_players')
        .values(players.slice(i, i + 500).map(playerToRow))
        .execute();
    const games = batch.flatMap((t) =>
      Array.from({ length: GAMES_EACH }, (_, i) => ({
        gameId: `${t.id}-${i}`,
        tournamentId: t.id,
        white: 1 + i,
        black: 2 + i,
        whiteRating: 1500,
        blackRating: 1500,
        startedAt: t.startsAt + i * 60_000,
        endedAt: t.startsAt + i * 60_000 + 30_000,
        result: '1-0',
        whitePoints: 2,
        blackPoints: 0,
      })),
    );
    await db.insertInto('tournament_games').values(games.map(tournamentGameToRow)).execute();
  }
}

describe.each(testBackends())('query plans on $name', ({ postgres, skip }) => {
  let cluster: Cluster | null = null;
  let dir = '';
  let store: SqlStore;
  let explain: (r: Recorded) => Promise<string[]>;
  const recorded: Recorded[] = [];
  let method = 'seed';

  beforeAll(async () => {
    if (skip) return;
    const log = (e: LogEvent) => {
      if (e.level === 'query' && method !== 'seed')
        recorded.push({ method, sql: e.query.sql, parameters: e.query.parameters });
    };
    if (postgres) {
      cluster = await startCluster();
      const pool = new pg.Pool({ connectionString: cluster.url, max: 2 });
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
      await migrate(db, 'postgres');
      store = new SqlStore(db, 'postgres');
      await seed(store, db);
      cluster.sql('ANALYZE');
      explain = async (r) => {
        const client = await pool.connect();
        try {
          const res = await client.query(`EXPLAIN ${r.sql}`, [...r.parameters]);
          return res.rows.map((row: Record<string, string>) => row['QUERY PLAN']!);
        } finally {
          client.release();
        }
      };
    } else {
      dir = mkdtempSync(join(tmpdir(), 'citadel-plans-'));
      const file = new SQLite(join(dir, 'citadel.sqlite'));
      const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }), log });
      await migrate(db, 'sqlite');
      store = new SqlStore(db, 'sqlite');
      await seed(store, db);
      file.exec('ANALYZE');
      explain = async (r) =>
        (
          file.prepare(`EXPLAIN QUERY PLAN ${r.sql}`).all(...(r.parameters as unknown[])) as Array<{
            detail: string;
          }>
        ).map((row) => row.detail);
    }
    await exercise(store, (m) => (method = m));
  }, 300_000);

  afterAll(async () => {
    await store?.close();
    cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(skip !== null)(
    skip ? `every query reads through an index (${skip})` : 'every query reads through an index',
    async () => {
      const problems: string[] = [];
      for (const r of recorded) {
        if (!/^\s*(select|update|delete|insert)/i.test(r.sql)) continue;
        const plan = await explain(r);
        const sortAllowed = BOUNDED_SORTS.some((b) => b.method === r.method && b.sql.test(r.sql));
        for (const line of plan) {
          const fullScan = postgres
            ? new RegExp(`Seq Scan on (${TABLES})\\b`).test(line)
            : new RegExp(`^SCAN (${TABLES})\\b`).test(line.trim());
          const sort = postgres ? /\bSort\b/.test(line) : /USE TEMP B-TREE/.test(line);
          if (fullScan || (sort && !sortAllowed))
            problems.push(`${r.method}: ${line.trim()}\n    in: ${r.sql}`);
        }
      }
      expect(recorded.length).toBeGreaterThan(30);
      expect(problems).toEqual([]);
    },
  );

  it.skipIf(skip !== null)('pages the archive exactly by its cursor, newest first', async () => {
    if (skip) return;
    const seen: string[] = [];
    let before: { at: number; id: string } | undefined;
    for (let page = 0; page < 4; page++) {
      const games = await store.archive({ accountId: 7, limit: 25, ...(before ? { before } : {}) });
      expect(games).toHaveLength(25);
      seen.push(...games.map((g) => g.id));
      const last = games.at(-1)!;
      before = { at: last.endedAt!, id: last.id };
    }
    expect(new Set(seen).size).toBe(seen.length);
    const ends = seen.map((id) => Number.parseInt(id.slice(1), 36));
    expect(ends).toEqual([...ends].sort((a, b) => b - a));
  });
});
