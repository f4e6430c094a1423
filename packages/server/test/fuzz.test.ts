/**
 * Fuzzing every endpoint and every socket message type with random and near-valid input: the
 * server answers each with a 4xx and `{ "error" }` (never a 5xx or a stack trace), a refused
 * request leaves the game as it was, and the server keeps serving. CITADEL_DEEP=1 runs ten times
 * as many cases.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateGameResponse, GameState, JoinResponse, MyGamesEvent } from '@citadel/protocol';
import fc from 'fast-check';
import { sampleSize } from '@citadel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/index.ts';
import { SocketClient, api } from './support/client.ts';

const RUNS = sampleSize(40, 400);
let server: RunningServer;
let http: ReturnType<typeof api>;
const dir = mkdtempSync(join(tmpdir(), 'citadel-fuzz-'));
let game: { id: string; w: string; b: string };

beforeAll(async () => {
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    webRoot: null,
    rateLimit: 1_000_000,
  });
  http = api(server.url);
  const g = (
    await http.post<CreateGameResponse>('/api/games', {
      variant: 'tamerlane',
      color: 'white',
      clock: { initial: 600, increment: 0 },
    })
  ).body;
  const b = (await http.post<JoinResponse>(`/api/games/${g.id}/join`)).body.seat.token;
  game = { id: g.id, w: g.seat.token, b };
  expect((await http.post(`/api/games/${g.id}/moves`, { move: 'c3c4' }, g.seat.token)).status).toBe(
    200,
  );
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const snapshot = async () => {
  const s = (await http.get<GameState>(`/api/games/${game.id}`)).body;
  return JSON.stringify({ moves: s.moves, status: s.status, offers: s.offers });
};

/** JSON values, near-valid bodies with wrong types, and text that is not JSON at all. */
const bodies = fc
  .oneof(
    fc.jsonValue(),
    fc.record(
      {
        move: fc.oneof(fc.string(), fc.integer(), fc.constant('c8c7'), fc.constant('Zz9')),
        ply: fc.oneof(fc.integer(), fc.string()),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        variant: fc.oneof(
          fc.string(),
          fc.constantFrom('chess', 'tamerlane', '__proto__', 'constructor'),
        ),
        clock: fc.oneof(
          fc.jsonValue(),
          fc.record({ initial: fc.integer(), increment: fc.integer() }),
        ),
        rules: fc.dictionary(fc.string(), fc.jsonValue()),
        color: fc.string(),
      },
      { requiredKeys: [] },
    ),
    fc.record({
      action: fc.oneof(fc.string(), fc.constantFrom('offer', 'accept', 'decline', 'cancel')),
    }),
    fc.record(
      { username: fc.string(), password: fc.string(), tokens: fc.array(fc.string()) },
      { requiredKeys: [] },
    ),
  )
  .map((v) => JSON.stringify(v) ?? 'null');
const raw = fc.oneof(bodies, fc.string(), fc.constant('{"a":'), fc.constant('[]'));

const ENDPOINTS = [
  '/api/games',
  '/api/games/:id/join',
  '/api/games/:id/moves',
  '/api/games/:id/resign',
  '/api/games/:id/abort',
  '/api/games/:id/claim-win',
  '/api/games/:id/draw',
  '/api/games/:id/takeback',
  '/api/games/:id/rematch',
  '/api/games/:id/berserk',
  '/api/my-games',
  '/api/tournaments',
  '/api/tournaments/:id/join',
  '/api/tournaments/:id/withdraw',
  '/api/tournaments/:id/start',
  '/api/accounts/register',
  '/api/accounts/login',
  '/api/accounts/logout',
];

const expectClientError = (status: number, body: unknown): void => {
  expect(status).toBeLessThan(500);
  if (status >= 400) {
    expect(body).toEqual({ error: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/\bat .*\(|\.ts:\d+/);
  }
};

describe('HTTP endpoints', () => {
  it('answer random bodies, ids and tokens with a 4xx, and a refusal changes no game', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        raw,
        fc.oneof(
          fc.constant(game.id),
          fc.string(),
          fc.constant('..%2f..'),
          fc.constant('AAAAAAAAAA'),
        ),
        fc.oneof(
          fc.constant(undefined),
          fc.string({ minLength: 1 }).filter((t) => !/[\r\n]/.test(t)),
          fc.constant(game.b),
        ),
        async (path, body, id, token) => {
          const safeToken = token && /^[\x21-\x7e]+$/.test(token) ? token : undefined;
          const before = await snapshot();
          const r = await http.post(path.replace(':id', encodeURIComponent(id)), body, safeToken);
          expectClientError(r.status, r.body);
          if (r.status >= 400) expect(await snapshot()).toBe(before);
        },
      ),
      { numRuns: RUNS * 3 },
    );
  });

  it('answer random queries and paths of the read endpoints with a 4xx or a list', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), fc.string(), async (player, variant, limit) => {
        const q = new URLSearchParams({ player, variant, limit }).toString();
        for (const path of [
          `/api/archive?${q}`,
          `/api/games/${encodeURIComponent(player)}`,
          `/api/players/${encodeURIComponent(variant)}`,
          `/api/games/${encodeURIComponent(limit)}/pgn`,
          `/api/tournaments?${new URLSearchParams({ status: player }).toString()}`,
          `/api/tournaments/${encodeURIComponent(variant)}`,
        ]) {
          const r = await http.get(path);
          expectClientError(r.status, r.body);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('answers random tournaments of a signed-in player with a 4xx, making none, or a 201', async () => {
    const registered = await http.post('/api/accounts/register', {
      username: 'fuzz_maker',
      password: 'long enough',
    });
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0]!;
    const listed = async () =>
      (await http.get<{ tournaments: unknown[] }>('/api/tournaments')).body.tournaments.length;
    const tournament = fc
      .record(
        {
          kind: fc.oneof(fc.string(), fc.constantFrom('arena', 'round-robin')),
          name: fc.oneof(fc.string(), fc.constant('Fuzz Arena')),
          variant: fc.oneof(fc.string(), fc.constantFrom('chess', 'husun', '__proto__')),
          clock: fc.oneof(
            fc.jsonValue(),
            fc.record({ initial: fc.integer(), increment: fc.integer() }),
            fc.record({ daysPerMove: fc.integer() }),
          ),
          minutes: fc.oneof(fc.integer(), fc.double(), fc.string()),
          startsAt: fc.oneof(fc.integer(), fc.double(), fc.string()),
          rated: fc.jsonValue(),
          rounds: fc.jsonValue(),
          maxPlayers: fc.oneof(fc.integer(), fc.jsonValue()),
        },
        { requiredKeys: [] },
      )
      .map((v) => JSON.stringify(v));
    await fc.assert(
      fc.asyncProperty(fc.oneof(tournament, raw), async (body) => {
        const before = await listed();
        const r = await http.post('/api/tournaments', body, undefined, cookie);
        expectClientError(r.status, r.body);
        expect(r.status === 201 || (r.status >= 400 && r.status !== 500)).toBe(true);
        expect(await listed()).toBe(before + (r.status === 201 ? 1 : 0));
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('answers a random session cookie as a guest: session null, me 401', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), async (value) => {
        const cookie = `citadel_session=${encodeURIComponent(value)}`;
        const session = await http.get('/api/accounts/session', undefined, cookie);
        expect(session).toMatchObject({ status: 200, body: { account: null } });
        const me = await http.get('/api/accounts/me', undefined, cookie);
        expect(me.status).toBe(401);
        expectClientError(me.status, me.body);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses a body over the size limit', async () => {
    const r = await http.post('/api/games', JSON.stringify({ variant: 'x'.repeat(20_000) }));
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ error: expect.any(String) });
  });
});

describe('socket messages', () => {
  const message = () =>
    fc.oneof(
      raw,
      fc
        .record(
          {
            type: fc.constantFrom(
              'auth',
              'move',
              'resign',
              'abort',
              'claim-win',
              'berserk',
              'draw',
              'takeback',
              'rematch',
              'ping',
              'nope',
              '__proto__',
            ),
            move: fc.oneof(fc.string(), fc.constantFrom('c8c7', 'c3c4', 'e3e4')),
            action: fc.oneof(fc.string(), fc.constantFrom('offer', 'accept', 'decline', 'cancel')),
            token: fc.oneof(fc.string(), fc.constant(game.w)),
            t: fc.oneof(fc.double(), fc.string()),
            ply: fc.oneof(fc.integer(), fc.string()),
          },
          { requiredKeys: ['type'] },
        )
        .map((v) => JSON.stringify(v)),
    );

  it('answers every random message with an event and keeps the connection and the server well', async () => {
    const url = `${server.url.replace(/^http/, 'ws')}api/games/${game.id}/socket`;
    const spectator = new SocketClient(url);
    await spectator.opened;
    await spectator.next('state');
    await fc.assert(
      fc.asyncProperty(fc.array(message(), { minLength: 1, maxLength: 8 }), async (batch) => {
        const c = new SocketClient(url);
        await c.opened;
        await c.next('state');
        for (const m of batch) c.send(m);
        c.send({ type: 'ping', t: 7 });
        // The batch may hold pings of its own: ours is the one echoing 7.
        let pong = await c.next('pong');
        while (pong.t !== 7) pong = await c.next('pong');
        expect(pong.serverTime).toBeGreaterThan(0);
        for (const e of c.events) if (e.type === 'error') expect(e.status ?? 400).toBeLessThan(500);
        c.close();
      }),
      { numRuns: RUNS },
    );
    spectator.send({ type: 'ping' });
    expect((await spectator.next('pong')).serverTime).toBeGreaterThan(0);
    spectator.close();
    expect((await http.get(`/api/games/${game.id}`)).status).toBe(200);
  });

  it('answers every random message on the "my games" socket in words, and keeps the watch and the server well', async () => {
    const url = `${server.url.replace(/^http/, 'ws')}api/my-games/socket`;
    const watchMessage = fc
      .record(
        {
          type: fc.constantFrom('watch', 'nope', '__proto__'),
          tokens: fc.oneof(
            fc.array(fc.oneof(fc.string(), fc.constant(game.w)), { maxLength: 4 }),
            fc.jsonValue(),
          ),
          extra: fc.jsonValue(),
        },
        { requiredKeys: ['type'] },
      )
      .map((v) => JSON.stringify(v));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(raw, watchMessage), { minLength: 1, maxLength: 8 }),
        async (batch) => {
          const c = new SocketClient<MyGamesEvent>(url);
          await c.opened;
          for (const m of batch) c.send(m);
          // A good watch last: its answer is the list of the seat it names.
          c.send({ type: 'watch', tokens: [game.w] });
          let list = await c.next('my-games');
          while (list.games.length !== 1) list = await c.next('my-games');
          expect(list.games[0]?.game.id).toBe(game.id);
          for (const e of c.events)
            if (e.type === 'error') expect(e.status ?? 400).toBeLessThan(500);
          c.close();
        },
      ),
      { numRuns: RUNS },
    );
    expect((await http.get(`/api/games/${game.id}`)).status).toBe(200);
  });

  it('closes a socket that sends a message over the size limit, and slows a flood', async () => {
    const url = `${server.url.replace(/^http/, 'ws')}api/games/${game.id}/socket`;
    const big = new SocketClient(url);
    await big.opened;
    const closed = new Promise<number>((done) => big.ws.once('close', (code) => done(code)));
    big.send(JSON.stringify({ type: 'move', move: 'x'.repeat(10_000) }));
    expect(await closed).toBe(1009);
    const flood = new SocketClient(url);
    await flood.opened;
    for (let i = 0; i < 40; i++) flood.send({ type: 'ping' });
    expect((await flood.next('error')).status).toBe(429);
    flood.close();
  });
});
