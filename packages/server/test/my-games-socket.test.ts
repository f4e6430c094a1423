/**
 * "My games" pushed over its socket (GET /api/my-games/socket), over real HTTP and WebSocket on
 * SQLite and on PostgreSQL: a watcher is sent its list at once, and again after a join, a move and
 * the end, never twice the same; a signed-in watcher is sent the games its account creates or
 * joins elsewhere (not on another site's page); a bad message is refused in words and changes
 * nothing; and the sockets count against their address's cap of live connections.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MAX_MY_GAMES_TOKENS,
  MAX_WATCH_BYTES,
  type CreateGameResponse,
  type JoinResponse,
  type MyGamesEvent,
  type MyGamesResponse,
} from '@citadel/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../src/index.ts';
import { SocketClient, api, cookieOf } from './support/client.ts';
import { startSuiteServer, testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';

type Watcher = SocketClient<MyGamesEvent>;
type MyGames = MyGamesResponse['games'];

/** A "my games" socket of the server at `base`, opened with `headers` (a cookie, an Origin). */
async function watcher(base: string, headers?: Record<string, string>): Promise<Watcher> {
  const w = new SocketClient<MyGamesEvent>(
    `${base.replace(/^http/, 'ws')}api/my-games/socket`,
    headers,
  );
  await w.opened;
  return w;
}

/** The next list `w` is sent (those before it are skipped). */
const nextList = async (w: Watcher): Promise<MyGames> => (await w.next('my-games')).games;

/** The first event `w` is sent. */
/** The first event after the hello that opens every socket. */
async function firstEvent(w: Watcher): Promise<MyGamesEvent> {
  await vi.waitFor(() => expect(w.events.length).toBeGreaterThan(1));
  expect(w.events[0]).toMatchObject({ type: 'hello' });
  return w.events[1]!;
}

/** Resolves once `w` is closed (at once if it is). */
const closed = (w: Watcher): Promise<void> =>
  w.ws.readyState === w.ws.CLOSED
    ? Promise.resolve()
    : new Promise((done) => w.ws.once('close', () => done()));

/** The lists `w` has been sent so far. */
const listsSent = (w: Watcher): MyGames[] =>
  w.events.flatMap((e) => (e.type === 'my-games' ? [e.games] : []));

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  let server: RunningServer;
  let cluster: Cluster | null = null;
  let dir: string;
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'citadel-my-games-'));
    if (postgres) cluster = await startCluster();
    server = await startSuiteServer({ databaseUrl: cluster?.url, dataDir: dir });
    http = api(server.url);
  });
  afterAll(async () => {
    await server?.close();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const create = async (cookie?: string): Promise<CreateGameResponse> =>
    (
      await http.post<CreateGameResponse>(
        '/api/games',
        { variant: 'chess', color: 'white' },
        undefined,
        cookie,
      )
    ).body;
  const register = async (username: string): Promise<string> =>
    cookieOf(
      (await http.post('/api/accounts/register', { username, password: 'long enough pass' }))
        .headers,
    );

  it('sends a watcher its list at once, then after a join, a move and the end, each change once', async () => {
    const game = await create();
    const w = await watcher(server.url);
    w.send({ type: 'watch', tokens: [game.seat.token] });
    const first = await nextList(w);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ color: 'white', myTurn: false, game: { id: game.id } });
    expect(first[0]!.game.status).toBe('waiting');

    const black = (await http.post<JoinResponse>(`/api/games/${game.id}/join`)).body.seat;
    expect((await nextList(w))[0]).toMatchObject({ myTurn: true, game: { status: 'started' } });

    const moved = await http.post(`/api/games/${game.id}/moves`, { move: 'e2e4' }, game.seat.token);
    expect(moved.status).toBe(200);
    expect((await nextList(w))[0]).toMatchObject({ myTurn: false, game: { plies: 1 } });

    // A draw offer changes nothing the list shows: no list is sent for it.
    await http.post(`/api/games/${game.id}/draw`, { action: 'offer' }, black.token);
    await http.post(`/api/games/${game.id}/moves`, { move: 'e7e5' }, black.token);
    expect((await nextList(w))[0]).toMatchObject({ myTurn: true, game: { plies: 2 } });

    await http.post(`/api/games/${game.id}/resign`, {}, black.token);
    expect((await nextList(w))[0]).toMatchObject({
      myTurn: false,
      game: { status: 'ended', result: '1-0', reason: 'resign' },
    });
    expect(listsSent(w).map((l) => [l[0]!.game.status, l[0]!.game.plies, l[0]!.myTurn])).toEqual([
      ['waiting', 0, false],
      ['started', 0, true],
      ['started', 1, false],
      ['started', 2, true],
      ['ended', 2, false],
    ]);
    w.close();
  });

  it("sends a signed-in watcher the games its account creates or joins elsewhere, but not to another site's page", async () => {
    const cookie = await register(`watcher${postgres ? 'pg' : 'lite'}`);
    const w = await watcher(server.url, { cookie });
    w.send({ type: 'watch', tokens: [] });
    expect(await nextList(w)).toEqual([]);

    // Another device of the account creates a game...
    const created = await create(cookie);
    expect((await nextList(w)).map((m) => m.game.id)).toEqual([created.id]);
    // ...and takes the free seat of someone else's.
    const other = await create();
    expect((await http.post(`/api/games/${other.id}/join`, {}, undefined, cookie)).status).toBe(
      200,
    );
    let list = await nextList(w);
    while (!list.some((m) => m.game.id === other.id)) list = await nextList(w);
    expect(list.find((m) => m.game.id === other.id)).toMatchObject({
      color: 'black',
      myTurn: false,
    });

    // A page of another site sends the cookie too: it is not taken as the account's.
    const foreign = await watcher(server.url, { cookie, origin: 'https://evil.example' });
    foreign.send({ type: 'watch', tokens: [other.seat.token] });
    expect((await nextList(foreign)).map((m) => m.game.id)).toEqual([other.id]);
    for (const s of [w, foreign]) s.close();
  });

  it('refuses a bad message in words and keeps the watch in place', async () => {
    const game = await create();
    const w = await watcher(server.url);
    w.send({ type: 'watch', tokens: [game.seat.token] });
    await nextList(w);
    const refusal = async (message: unknown, error: RegExp | string): Promise<void> => {
      w.send(message);
      const e = await w.next('error');
      expect(e.status).toBe(400);
      if (typeof error === 'string') expect(e.error).toBe(error);
      else expect(e.error).toMatch(error);
    };
    await refusal('not json', 'a message is one JSON object');
    await refusal({ type: 'watch', tokens: ['not a token!'] }, 'tokens.0: not a seat token');
    const many = Array.from({ length: MAX_MY_GAMES_TOKENS + 1 }, () => game.seat.token);
    await refusal({ type: 'watch', tokens: many }, /^tokens: /);
    await refusal({ type: 'unwatch' }, /^type: /);
    await refusal({ type: 'watch' }, /^tokens: /);
    w.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await w.next('error')).status).toBe(400);

    // The first watch still stands: the next change of its game is sent.
    await http.post(`/api/games/${game.id}/join`);
    const list = await nextList(w);
    expect(list.map((m) => [m.game.id, m.game.status])).toEqual([[game.id, 'started']]);
    expect(listsSent(w)).toHaveLength(2);

    // A message over the limit closes the socket (1009).
    const code = new Promise<number>((done) => w.ws.once('close', (c) => done(c)));
    w.send({ type: 'watch', tokens: [], pad: 'x'.repeat(MAX_WATCH_BYTES) });
    expect(await code).toBe(1009);
  });
});

describe('on a server with a cap of live connections', () => {
  const dir = mkdtempSync(join(tmpdir(), 'citadel-my-games-cap-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts each socket against its address, refuses one past the cap and takes one again once a place is free', async () => {
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: dir,
      webRoot: null,
      livePerAddress: 2,
    });
    try {
      const game = (
        await api(server.url).post<CreateGameResponse>('/api/games', { variant: 'chess' })
      ).body;
      const socket = new SocketClient(
        `${server.url.replace(/^http/, 'ws')}api/games/${game.id}/socket`,
      );
      await socket.next('state');
      const held = await watcher(server.url);
      held.send({ type: 'watch', tokens: [] });
      await nextList(held);
      const refused = await watcher(server.url);
      expect(await firstEvent(refused)).toMatchObject({ type: 'error', status: 429 });
      await closed(refused);
      // A place comes back when the game's socket closes.
      socket.close();
      const again = await vi.waitFor(
        async () => {
          const w = await watcher(server.url);
          w.send({ type: 'watch', tokens: [game.seat.token] });
          if ((await firstEvent(w)).type === 'my-games') return w;
          w.close();
          throw new Error('still refused');
        },
        { timeout: 5_000 },
      );
      expect(listsSent(again)[0]?.map((m) => m.game.id)).toEqual([game.id]);
      for (const s of [held, again]) s.close();
    } finally {
      await server.close();
    }
  });
});
