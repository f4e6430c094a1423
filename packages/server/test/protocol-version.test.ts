/**
 * The versioned protocol (docs/api.md, "Versions"), on the server's side: every answer carries the
 * protocol version and the build of the web app served, every socket and stream opens with a hello
 * saying them; a client's version that cannot be read is refused, and an older client is answered
 * where it reads but refused (426) where it asks for a change. The server stays strict on what it
 * accepts: an unknown field or message type is refused with a typed error naming it, and changes
 * nothing. A web app built for another protocol version is refused at start. And the seam the
 * browser tests use to stand in for a newer server: its version and its events as they go out.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PROTOCOL_VERSION,
  type CreateGameResponse,
  type CreateTournamentResponse,
  type GameState,
  type JoinResponse,
} from '@citadel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer, type ServerOptions } from '../src/index.ts';
import { StartupFailure } from '../src/startup-failure.ts';
import { WEB_BUILD_FILE } from '../src/web-build.ts';
import { SocketClient, api, cookieOf } from './support/client.ts';

const dir = mkdtempSync(join(tmpdir(), 'citadel-protocol-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A built web app's folder: an index.html and the build's description. */
function webRoot(name: string, build: unknown): string {
  const root = join(dir, name);
  mkdirSync(root);
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Citadel</title>');
  writeFileSync(join(root, WEB_BUILD_FILE), JSON.stringify(build));
  return root;
}

const start = (name: string, o: Partial<ServerOptions> = {}): Promise<RunningServer> =>
  startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: join(dir, `data-${name}`),
    webRoot: null,
    rateLimit: 100_000,
    ...o,
  });

/** A GET of `path` exactly as written (fetch would re-encode it). */
function rawGet(base: string, path: string) {
  return new Promise<{ status: number; headers: Record<string, unknown> }>((done, fail) => {
    const req = request(new URL(base), { path, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers }));
    });
    req.on('error', fail);
    req.end();
  });
}

/**
 * An arena made at `base` by a new account, by requests that say no version (taken to speak the
 * server's): its id and the maker's session cookie.
 */
async function arenaAt(base: string, maker: string): Promise<{ id: string; cookie: string }> {
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const registered = await post('api/accounts/register', {
    username: maker,
    password: 'long enough',
  });
  expect(registered.status).toBe(201);
  const cookie = cookieOf(registered.headers);
  const made = await post(
    'api/tournaments',
    { kind: 'arena', variant: 'chess', clock: { initial: 60, increment: 0 }, minutes: 5 },
    cookie,
  );
  expect(made.status).toBe(201);
  return { id: ((await made.json()) as CreateTournamentResponse).id, cookie };
}

/** The lines of a stream until `count` have come. */
async function firstLines(url: string, count: number, accept?: string): Promise<string[]> {
  const stop = new AbortController();
  const r = await fetch(url, {
    signal: stop.signal,
    ...(accept ? { headers: { accept } } : {}),
  });
  expect(r.headers.get('citadel-protocol')).toBe(String(PROTOCOL_VERSION));
  const reader = r.body!.getReader();
  let text = '';
  const lines = (): string[] => text.split('\n').filter((l) => l.trim());
  while (lines().length < count) text += new TextDecoder().decode((await reader.read()).value);
  stop.abort();
  return lines().slice(0, count);
}

describe('a server that serves a web build', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start('web', {
      webRoot: webRoot('web', { build: 'b-123', protocol: PROTOCOL_VERSION }),
    });
  });
  afterAll(() => server?.close());

  it('says its protocol version and build on every answer, the refusals and the pages included', async () => {
    const http = api(server.url);
    const answers = [
      await http.get('/api/lobby'),
      await http.get('/api/games/nosuchgame1'),
      await http.post('/api/games', { variant: 'chess', extra: 1 }),
      await http.get('/play/chess'),
      await http.get('/no/such/page'),
      await http.get('/index.html'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 404, 400, 200, 404, 200]);
    for (const a of answers) {
      expect(a.headers.get('citadel-protocol')).toBe(String(PROTOCOL_VERSION));
      expect(a.headers.get('citadel-build')).toBe('b-123');
    }
    // What the router refuses by itself (a malformed URL, a parameter too long) too.
    for (const path of ['/api/games/%E0%A4%A', `/api/games/${'a'.repeat(200)}`]) {
      const r = await rawGet(server.url, path);
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.headers['citadel-protocol'], path).toBe(String(PROTOCOL_VERSION));
      expect(r.headers['citadel-build'], path).toBe('b-123');
    }
  });

  it('opens every socket and stream with its hello', async () => {
    const game = (
      await api(server.url).post<CreateGameResponse>('/api/games', { variant: 'chess' })
    ).body;
    const hello = { type: 'hello', protocol: PROTOCOL_VERSION, build: 'b-123' };
    const ws = server.url.replace(/^http/, 'ws');
    for (const path of [`api/games/${game.id}/socket`, 'api/my-games/socket']) {
      const socket = new SocketClient(`${ws}${path}`);
      await socket.opened;
      expect(await socket.next('hello')).toEqual(hello);
      expect(socket.events[0]).toEqual(hello);
      socket.close();
    }
    const [first, second] = await firstLines(`${server.url}api/games/${game.id}/stream`, 2);
    expect(JSON.parse(first!)).toEqual(hello);
    expect(JSON.parse(second!)).toMatchObject({ type: 'state' });
    const [sse] = await firstLines(`${server.url}api/lobby/stream`, 1, 'text/event-stream');
    expect(sse).toBe(`data: ${JSON.stringify(hello)}`);
    // A tournament's stream too, before the tournament itself.
    const arena = await arenaAt(server.url, 'hello_maker');
    const tournament = `${server.url}api/tournaments/${arena.id}/stream?v=${PROTOCOL_VERSION}`;
    const [opening, whole] = await firstLines(tournament, 2);
    expect(JSON.parse(opening!)).toEqual(hello);
    expect(JSON.parse(whole!)).toMatchObject({ type: 'tournament', tournament: { id: arena.id } });
  });
});

it('refuses to start with a web app built for another protocol version', async () => {
  const root = webRoot('old-web', { build: 'b-old', protocol: PROTOCOL_VERSION + 1 });
  const refused = start('old-web', { webRoot: root });
  await expect(refused).rejects.toThrow(StartupFailure);
  await expect(refused).rejects.toThrow(
    `built for protocol ${PROTOCOL_VERSION + 1} and this server speaks ${PROTOCOL_VERSION}`,
  );
  const broken = webRoot('broken-web', { build: '' });
  await expect(start('broken-web', { webRoot: broken })).rejects.toThrow(/not a build description/);
});

describe("a client's version", () => {
  let server: RunningServer;
  const NEWER = PROTOCOL_VERSION + 1;
  beforeAll(async () => {
    // A server one version ahead of this client: its clients of PROTOCOL_VERSION are older.
    server = await start('newer', { wire: { protocol: NEWER } });
  });
  afterAll(() => server?.close());

  it('refuses a version that cannot be read, and changes asked by an older client', async () => {
    const http = api(server.url);
    const older = { 'citadel-protocol': String(PROTOCOL_VERSION) };
    // The API client says its own version (PROTOCOL_VERSION) on every request.
    const created = await http.post<{ error: string }>('/api/games', { variant: 'chess' });
    expect(created.status).toBe(426);
    expect(created.body.error).toBe(
      `Citadel was updated: this client speaks protocol ${PROTOCOL_VERSION} and the server ${NEWER}; reload the page (or update the program)`,
    );
    expect(created.headers.get('citadel-protocol')).toBe(String(NEWER));
    // Reading is answered, with the server's version to tell the player.
    const lobby = await fetch(`${server.url}api/lobby`, { headers: older });
    expect(lobby.status).toBe(200);
    // A client that says nothing is taken to speak the server's version.
    const game = await fetch(`${server.url}api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'chess' }),
    });
    expect(game.status).toBe(201);
    // So with a tournament: an older client reads its stream, opened by the newer hello, but
    // cannot join it.
    const arena = await arenaAt(server.url, 'older_maker');
    const joined = await fetch(`${server.url}api/tournaments/${arena.id}/join`, {
      method: 'POST',
      headers: { ...older, 'content-type': 'application/json', cookie: arena.cookie },
      body: '{}',
    });
    expect(joined.status).toBe(426);
    expect(((await joined.json()) as { error: string }).error).toMatch(/^Citadel was updated/);
    const reading = new AbortController();
    const stream = await fetch(
      `${server.url}api/tournaments/${arena.id}/stream?v=${PROTOCOL_VERSION}`,
      { signal: reading.signal },
    );
    expect(stream.status).toBe(200);
    const first = new TextDecoder().decode((await stream.body!.getReader().read()).value);
    expect(JSON.parse(first.split('\n')[0]!)).toEqual({
      type: 'hello',
      protocol: NEWER,
      build: 'none',
    });
    reading.abort();
    for (const [headers, path, where] of [
      [{ 'citadel-protocol': 'two' }, 'api/lobby', 'citadel-protocol'],
      [{ 'citadel-protocol': '0' }, 'api/lobby', 'citadel-protocol'],
      [{}, 'api/lobby/stream?v=1.5', 'v'],
      [{}, `api/tournaments/${arena.id}/stream?v=0`, 'v'],
    ] as const) {
      const r = await fetch(`${server.url}${path}`, { headers });
      expect(r.status, path).toBe(400);
      expect(await r.json()).toEqual({ error: `${where}: not a protocol version` });
    }
  });

  it('lets an older socket read, refuses its messages with 426, and closes one whose version cannot be read', async () => {
    const created = await fetch(`${server.url}api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'chess', color: 'white' }),
    });
    const game = (await created.json()) as CreateGameResponse;
    const ws = server.url.replace(/^http/, 'ws');
    const socket = new SocketClient(`${ws}api/games/${game.id}/socket?v=${PROTOCOL_VERSION}`);
    await socket.opened;
    expect(await socket.next('hello')).toEqual({ type: 'hello', protocol: NEWER, build: 'none' });
    expect((await socket.next('state')).game.id).toBe(game.id);
    socket.send({ type: 'auth', token: game.seat.token });
    expect(await socket.next('error')).toEqual({
      type: 'error',
      status: 426,
      error: expect.stringContaining(`speaks protocol ${PROTOCOL_VERSION} and the server ${NEWER}`),
    });
    socket.close();

    const bad = new SocketClient(`${ws}api/games/${game.id}/socket?v=latest`);
    const closed = new Promise<number>((done) => bad.ws.once('close', (code) => done(code)));
    expect(await closed).toBe(1008);
    expect(bad.events).toEqual([
      { type: 'hello', protocol: NEWER, build: 'none' },
      { type: 'error', status: 400, error: 'v: not a protocol version' },
    ]);
  });
});

describe('strict on what it accepts', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start('strict');
  });
  afterAll(() => server?.close());

  it('refuses an unknown field or message type with a typed error naming it, and changes nothing', async () => {
    const http = api(server.url);
    const game = (
      await http.post<CreateGameResponse>('/api/games', { variant: 'chess', color: 'white' })
    ).body;
    await http.post<JoinResponse>(`/api/games/${game.id}/join`);
    const before = (await http.get<GameState>(`/api/games/${game.id}`)).body;

    const body = await http.post(
      `/api/games/${game.id}/moves`,
      { move: 'e4', glyph: '!' },
      game.seat.token,
    );
    expect(body).toMatchObject({ status: 400, body: { error: 'unknown field "glyph"' } });
    const nested = await http.post('/api/games', {
      variant: 'chess',
      clock: { initial: 60, increment: 0, delay: 2 },
    });
    expect(nested.body).toEqual({ error: 'clock: unknown field "delay"' });

    const socket = new SocketClient(
      `${server.url.replace(/^http/, 'ws')}api/games/${game.id}/socket`,
    );
    await socket.next('state');
    socket.send({ type: 'auth', token: game.seat.token });
    socket.send({ type: 'move', move: 'e4', ply: 0, glyph: '!' });
    expect(await socket.next('error')).toEqual({
      type: 'error',
      status: 400,
      error: 'unknown field "glyph"',
    });
    socket.send({ type: 'premove', move: 'e4' });
    const unknownType = await socket.next('error');
    expect(unknownType.status).toBe(400);
    expect(unknownType.error).toMatch(/^type: unknown type "premove" \(expected 'auth' \| 'move'/);
    socket.send({ type: 7 });
    expect((await socket.next('error')).error).toMatch(/^type: unknown type 7 /);
    socket.close();
    expect((await http.get<GameState>(`/api/games/${game.id}`)).body.moves).toEqual(before.moves);
  });
});

it('stands in for a newer server: its events as they go out, the hello included', async () => {
  const server = await start('added-field', {
    wire: { outgoing: (event) => ({ ...event, glyph: '!' }) },
  });
  try {
    const game = (
      await api(server.url).post<CreateGameResponse>('/api/games', { variant: 'chess' })
    ).body;
    const socket = new SocketClient(
      `${server.url.replace(/^http/, 'ws')}api/games/${game.id}/socket`,
    );
    expect(await socket.next('hello')).toMatchObject({ glyph: '!' });
    expect(await socket.next('state')).toMatchObject({ glyph: '!' });
    socket.close();
  } finally {
    await server.close();
  }
});
