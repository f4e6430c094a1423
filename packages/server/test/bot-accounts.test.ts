/**
 * Bot accounts, on SQLite and PostgreSQL: an account registered with `"bot": true` is a bot's, and
 * says so wherever an account shows (me, the session, the profile); a malformed kind is refused
 * and creates nothing, and the kind is never chosen at login. A bot's seat is marked in the
 * lobby, the game's state, "my games" and the archive, and its PGN carries `WhiteTitle "BOT"`;
 * a rated game's PGN also carries both players' ratings before it and the change it made. Accounts
 * and games stored before migration 0007 are a person's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type {
  Account,
  CreateGameResponse,
  GameState,
  GameSummary,
  JoinResponse,
  MyGamesResponse,
} from '@citadel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.ts';
import { migrations } from '../src/storage/migrations.ts';
import type { Database } from '../src/storage/schema.ts';
import { SqlStore, migrate } from '../src/storage/sql-store.ts';
import { api, cookieOf } from './support/client.ts';
import { startSuiteServer, testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';

const PASSWORD = 'engine of gears';

/** The value of a PGN tag, or undefined when the PGN has none. */
const tag = (pgn: string, name: string): string | undefined =>
  new RegExp(`^\\[${name} "([^"]*)"\\]$`, 'm').exec(pgn)?.[1];

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  const dir = mkdtempSync(join(tmpdir(), 'citadel-bots-'));
  let cluster: Cluster | null = null;
  let server: RunningServer;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    if (postgres) cluster = await startCluster();
    server = await startSuiteServer({ databaseUrl: cluster?.url, dataDir: dir });
    http = api(server.url);
  });
  afterAll(async () => {
    await server?.close();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Registers `username` (a bot's account when `bot`) and returns its session cookie. */
  async function register(username: string, bot?: boolean): Promise<string> {
    const r = await http.post<Account>('/api/accounts/register', {
      username,
      password: PASSWORD,
      ...(bot === undefined ? {} : { bot }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toEqual({ username, bot: bot ?? false, ratings: {} });
    return cookieOf(r.headers);
  }

  it('registers a bot account, shown as one wherever the account shows', async () => {
    const rocky = await register('rocky', true);
    const ann = await register('ann_human');
    await register('carl_human', false);
    expect((await http.get<Account>('/api/accounts/me', undefined, rocky)).body.bot).toBe(true);
    expect((await http.get<Account>('/api/accounts/me', undefined, ann)).body.bot).toBe(false);
    expect(
      (await http.get<{ account: Account }>('/api/accounts/session', undefined, rocky)).body,
    ).toMatchObject({ account: { username: 'rocky', bot: true } });
    expect((await http.get<Account>('/api/players/ROCKY')).body).toEqual({
      username: 'rocky',
      bot: true,
      ratings: {},
    });
    expect((await http.get<Account>('/api/players/carl_human')).body.bot).toBe(false);
    const login = await http.post<Account>('/api/accounts/login', {
      username: 'rocky',
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.body.bot).toBe(true);
  });

  it('refuses a malformed kind, or a kind at login, and changes nothing', async () => {
    for (const bot of ['yes', 1, null]) {
      const r = await http.post<{ error: string }>('/api/accounts/register', {
        username: 'nobot',
        password: PASSWORD,
        bot,
      });
      expect(r.status, String(bot)).toBe(400);
      expect(r.body.error).toMatch(/bot/);
    }
    const login = { username: 'nobot', password: PASSWORD };
    expect((await http.post('/api/accounts/login', login)).status).toBe(401);
    expect((await http.get('/api/players/nobot')).status).toBe(404);
    // The kind is chosen once, at registration: logging in cannot name one.
    await register('dora_human');
    const r = await http.post<{ error: string }>('/api/accounts/login', {
      username: 'dora_human',
      password: PASSWORD,
      bot: true,
    });
    expect(r.status).toBe(400);
    expect((await http.get<Account>('/api/players/dora_human')).body.bot).toBe(false);
  });

  it("marks a bot's seat in every list and state, and writes ratings and titles in the PGN", async () => {
    const bot = await register('gearbox', true);
    const human = await register('eve_human');
    const made = await http.post<CreateGameResponse>(
      '/api/games',
      { variant: 'chess', rated: true, lobby: true, color: 'white' },
      undefined,
      bot,
    );
    expect(made.status).toBe(201);
    const id = made.body.id;
    const lobby = await http.get<{ games: GameSummary[] }>('/api/lobby');
    expect(lobby.body.games.find((g) => g.id === id)!.players).toEqual({
      white: { name: 'gearbox', rating: 1500, bot: true },
      black: null,
    });
    const joined = await http.post<JoinResponse>(`/api/games/${id}/join`, {}, undefined, human);
    expect(joined.status).toBe(200);
    const started = (await http.get<GameState>(`/api/games/${id}`)).body;
    expect(started.players).toEqual({
      white: { name: 'gearbox', rating: 1500, bot: true },
      black: { name: 'eve_human', rating: 1500 },
    });
    const playing = String((await http.get(`/api/games/${id}/pgn`)).body);
    expect(tag(playing, 'WhiteTitle')).toBe('BOT');
    expect(tag(playing, 'BlackTitle')).toBeUndefined();
    expect([tag(playing, 'WhiteElo'), tag(playing, 'BlackElo')]).toEqual(['1500', '1500']);
    expect(tag(playing, 'WhiteRatingDiff')).toBeUndefined();

    await http.post(`/api/games/${id}/moves`, { move: 'e4' }, made.body.seat.token);
    await http.post(`/api/games/${id}/moves`, { move: 'e5' }, joined.body.seat.token);
    await http.post(`/api/games/${id}/resign`, {}, joined.body.seat.token);
    const ended = (await http.get<GameState>(`/api/games/${id}`)).body;
    expect(ended.result).toBe('1-0');
    const gain = ended.players.white!.ratingDiff!;
    expect(gain).toBeGreaterThan(0);
    const pgn = String((await http.get(`/api/games/${id}/pgn`)).body);
    expect(tag(pgn, 'WhiteTitle')).toBe('BOT');
    expect([tag(pgn, 'WhiteElo'), tag(pgn, 'BlackElo')]).toEqual(['1500', '1500']);
    expect([tag(pgn, 'WhiteRatingDiff'), tag(pgn, 'BlackRatingDiff')]).toEqual([
      `+${gain}`,
      `${ended.players.black!.ratingDiff}`,
    ]);
    expect(ended.players.black!.ratingDiff).toBeLessThan(0);

    const archive = await http.get<{ games: GameSummary[] }>('/api/archive?player=gearbox');
    expect(archive.body.games.map((g) => g.players)).toEqual([ended.players]);
    expect(archive.body.games[0]!.players.white!.bot).toBe(true);
    const mine = await http.post<MyGamesResponse>('/api/my-games', { tokens: [] }, undefined, bot);
    expect(mine.body.games.find((g) => g.game.id === id)!.game.players.white).toMatchObject({
      name: 'gearbox',
      bot: true,
    });

    // A casual game against a guest: the title, no ratings; the guest is no bot.
    const casual = await http.post<CreateGameResponse>(
      '/api/games',
      { variant: 'chess', color: 'black' },
      undefined,
      bot,
    );
    await http.post(`/api/games/${casual.body.id}/join`);
    const state = (await http.get<GameState>(`/api/games/${casual.body.id}`)).body;
    expect(state.players.white).toEqual({ name: null });
    expect(state.players.black).toMatchObject({ name: 'gearbox', bot: true });
    const casualPgn = String((await http.get(`/api/games/${casual.body.id}/pgn`)).body);
    expect(tag(casualPgn, 'BlackTitle')).toBe('BOT');
    expect(tag(casualPgn, 'White')).toBe('Anonymous');
    expect(tag(casualPgn, 'WhiteTitle')).toBeUndefined();
    expect(tag(casualPgn, 'BlackElo')).toBeUndefined();
  });

  it('keeps accounts and games stored before the migration a person’s', async () => {
    let db: Kysely<Database>;
    let cleanUp = (): void => {};
    if (postgres) {
      cluster!.sql('CREATE DATABASE before_bots');
      const pool = new pg.Pool({
        connectionString: cluster!.url.replace(/\/citadel$/, '/before_bots'),
      });
      db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    } else {
      const old = mkdtempSync(join(tmpdir(), 'citadel-bots-old-'));
      db = new Kysely<Database>({
        dialect: new SqliteDialect({ database: new SQLite(join(old, 'citadel.sqlite')) }),
      });
      cleanUp = () => rmSync(old, { recursive: true, force: true });
    }
    const dialect = postgres ? 'postgres' : 'sqlite';
    const store = new SqlStore(db, dialect);
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations(dialect) },
      });
      const { error } = await migrator.migrateTo('0005-login-failures-sessions');
      expect(error).toBeUndefined();
      // Rows as the first migrations made them, without the kind.
      const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await raw
        .insertInto('accounts')
        .values({ username: 'Old', username_key: 'old', password_hash: 'h', created_at: 1 })
        .execute();
      const { id } = (await raw.selectFrom('accounts').select('id').executeTakeFirstOrThrow()) as {
        id: number;
      };
      await raw
        .insertInto('games')
        .values({
          id: 'oldgame1',
          variant: 'chess',
          array_id: 'standard',
          rules: '{}',
          rated: 0,
          lobby: 0,
          white_token: 'a'.repeat(64),
          white_account: id,
          white_name: 'Old',
          moves: '[]',
          move_clocks: '[]',
          clock_white: 0,
          clock_black: 0,
          status: 'waiting',
          offers: '{"draw":null,"takeback":null,"rematch":null}',
          version: 1,
          created_at: 1,
        })
        .execute();
      await migrate(db, dialect);
      expect(await store.accountByName('old')).toMatchObject({ username: 'Old', bot: false });
      expect((await store.getGame('oldgame1'))!.seats.white).toEqual({
        tokenHash: 'a'.repeat(64),
        accountId: Number(id),
        name: 'Old',
        bot: false,
      });
      expect(await store.createAccount('newbot', 'h', 2, true)).toMatchObject({ bot: true });
      expect(await store.createAccount('newhuman', 'h', 2)).toMatchObject({ bot: false });
    } finally {
      await store.close();
      cleanUp();
    }
  });
});
