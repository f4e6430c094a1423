/**
 * The server over real HTTP and WebSocket, on SQLite and on PostgreSQL: a live game between a
 * socket player and an HTTP player with a spectator, refusals that change nothing, the stream,
 * the PGN and the archive; accounts with a rated game and their Glicko-2 ratings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PROTOCOL_VERSION,
  type CreateGameResponse,
  type GameState,
  type GameSummary,
  type JoinResponse,
} from '@citadel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.ts';
import { SocketClient, api, cookieOf } from './support/client.ts';
import { startSuiteServer, testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  let server: RunningServer;
  let cluster: Cluster | null = null;
  let dir: string;
  let http: ReturnType<typeof api>;
  let wsBase: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'citadel-server-'));
    if (postgres) cluster = await startCluster();
    server = await startSuiteServer({ databaseUrl: cluster?.url, dataDir: dir });
    http = api(server.url);
    wsBase = server.url.replace(/^http/, 'ws');
  });
  afterAll(async () => {
    await server?.close();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const create = async (body: Record<string, unknown>) => {
    const r = await http.post<CreateGameResponse>('/api/games', body);
    expect(r.status).toBe(201);
    return r.body;
  };

  it('plays a live game to mate between a socket and an HTTP player, watched live', async () => {
    const game = await create({
      variant: 'chess',
      color: 'white',
      clock: { initial: 120, increment: 1 },
      lobby: true,
    });
    expect(game.url).toMatch(new RegExp(`/game/${game.id}$`));
    const lobby = await http.get<{ games: Array<{ id: string }> }>('/api/lobby');
    expect(lobby.body.games.map((g) => g.id)).toContain(game.id);
    const joined = await http.post<JoinResponse>(`/api/games/${game.id}/join`);
    expect(joined.body.seat.color).toBe('black');
    expect((await http.post(`/api/games/${game.id}/join`)).status).toBe(409);

    const watcher = new SocketClient(`${wsBase}api/games/${game.id}/socket`);
    const white = new SocketClient(`${wsBase}api/games/${game.id}/socket`);
    await Promise.all([watcher.opened, white.opened]);
    expect((await watcher.next('state')).you).toBeNull();
    await white.next('state');
    white.send({ type: 'move', move: 'f2f3' });
    expect((await white.next('error')).status).toBe(403);
    white.send({ type: 'auth', token: game.seat.token });
    expect((await white.next('state')).you).toBe('white');

    white.send({ type: 'move', move: 'f3', ply: 0 });
    expect(await watcher.next('move')).toMatchObject({ ply: 1, move: 'f2f3', san: 'f3' });
    const b = joined.body.seat.token;
    const refused = [
      [await http.post(`/api/games/${game.id}/moves`, { move: 'e5' }), 403],
      [await http.post(`/api/games/${game.id}/moves`, { move: 'e5' }, game.seat.token), 409],
      [await http.post(`/api/games/${game.id}/moves`, { move: 'e7e4' }, b), 400],
      [await http.post(`/api/games/${game.id}/moves`, { move: 'e5', extra: 1 }, b), 400],
      [await http.post(`/api/games/${game.id}/moves`, '{"move":', b), 400],
    ] as const;
    for (const [r, status] of refused) {
      expect(r.status).toBe(status);
      expect(typeof r.body['error']).toBe('string');
    }
    expect(String(refused[2][0].body['error'])).toMatch(/e7e4/);
    expect((await http.get<GameState>(`/api/games/${game.id}`)).body.moves).toEqual(['f2f3']);

    expect((await http.post(`/api/games/${game.id}/moves`, { move: 'e5' }, b)).status).toBe(200);
    white.send({ type: 'move', move: 'g4' });
    await watcher.next('move');
    await watcher.next('move');
    const mate = await http.post<GameState>(`/api/games/${game.id}/moves`, { move: 'Qh4#' }, b);
    expect(mate.body).toMatchObject({ status: 'ended', result: '0-1', reason: 'checkmate' });
    expect(mate.body.clocks?.running).toBeNull();
    expect(await watcher.next('end')).toMatchObject({ result: '0-1', reason: 'checkmate' });
    expect((await white.next('end')).text).toMatch(/checkmate/);

    const pgn = await http.get(`/api/games/${game.id}/pgn`);
    expect(String(pgn.body)).toContain('[Variant "chess"]');
    expect(String(pgn.body)).toMatch(/1\. f3 \{\[%clk 0:02:00\]\} e5/);
    const archive = await http.get<{ games: Array<{ id: string }> }>('/api/archive?variant=chess');
    expect(archive.body.games.map((g) => g.id)).toContain(game.id);
    const mine = await http.post<{ games: Array<{ color: string; game: { id: string } }> }>(
      '/api/my-games',
      {
        tokens: [b],
      },
    );
    expect(mine.body.games).toEqual([expect.objectContaining({ color: 'black' })]);
    watcher.close();
    white.close();
  });

  it('streams a game as NDJSON and runs draw, takeback and abort through the API', async () => {
    const game = await create({ variant: 'tamerlane', color: 'black' });
    const w = (await http.post<JoinResponse>(`/api/games/${game.id}/join`)).body.seat.token;
    const b = game.seat.token;
    const stream = await fetch(new URL(`/api/games/${game.id}/stream`, server.url));
    expect(stream.headers.get('content-type')).toContain('ndjson');
    const reader = stream.body!.getReader();
    let head = '';
    while (head.split('\n').length < 3)
      head += new TextDecoder().decode((await reader.read()).value);
    const [hello, first] = head.split('\n').map((line) => JSON.parse(line || 'null') as unknown);
    expect(hello).toEqual({ type: 'hello', protocol: PROTOCOL_VERSION, build: 'none' });
    expect(first).toMatchObject({
      type: 'state',
      game: { variant: 'tamerlane', status: 'started' },
    });

    const moves = (await http.get<GameState>(`/api/games/${game.id}`)).body;
    expect(moves.fen).toBeTruthy();
    const legal = ['c3c4', 'c8c7'];
    expect((await http.post(`/api/games/${game.id}/moves`, { move: legal[0] }, w)).status).toBe(
      200,
    );
    expect((await http.post(`/api/games/${game.id}/takeback`, { action: 'offer' }, w)).status).toBe(
      200,
    );
    const back = await http.post<GameState>(
      `/api/games/${game.id}/takeback`,
      { action: 'accept' },
      b,
    );
    expect(back.body.moves).toEqual([]);
    expect((await http.post(`/api/games/${game.id}/draw`, { action: 'accept' }, b)).status).toBe(
      409,
    );
    const aborted = await http.post<GameState>(`/api/games/${game.id}/abort`, {}, b);
    expect(aborted.body).toMatchObject({ status: 'ended', result: '*', reason: 'abort' });
    let text = '';
    while (!text.includes('"type":"end"'))
      text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
  });

  it('tells the seat that offered when its offer is declined, not when it withdraws it', async () => {
    const game = await create({ variant: 'chess', color: 'white' });
    const b = (await http.post<JoinResponse>(`/api/games/${game.id}/join`)).body.seat.token;
    const white = new SocketClient(`${wsBase}api/games/${game.id}/socket`);
    await white.opened;
    white.send({ type: 'auth', token: game.seat.token });
    white.send({ type: 'draw', action: 'offer' });
    expect((await white.next('offers')).offers.draw).toBe('white');
    await http.post(`/api/games/${game.id}/draw`, { action: 'decline' }, b);
    const none = { draw: null, takeback: null, rematch: null };
    expect(await white.next('offers')).toEqual({ type: 'offers', offers: none, declined: 'draw' });
    white.send({ type: 'draw', action: 'offer' });
    expect((await white.next('offers')).offers.draw).toBe('white');
    white.send({ type: 'draw', action: 'cancel' });
    expect(await white.next('offers')).toEqual({ type: 'offers', offers: none });
    white.close();
  });

  it('registers accounts, rates their game with Glicko-2 and keeps sessions in cookies', async () => {
    const suffix = postgres ? 'pg' : 'sq';
    const reg = await http.post('/api/accounts/register', {
      username: `ann_${suffix}`,
      password: 'correct horse',
    });
    expect(reg.status).toBe(201);
    expect(reg.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(reg.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);
    const ann = cookieOf(reg.headers);
    expect(
      (
        await http.post('/api/accounts/register', {
          username: `ANN_${suffix}`,
          password: 'other pass',
        })
      ).status,
    ).toBe(409);
    await http.post('/api/accounts/register', {
      username: `bob_${suffix}`,
      password: 'battery staple',
    });
    expect(
      (
        await http.post('/api/accounts/login', {
          username: `bob_${suffix}`,
          password: 'wrong one!',
        })
      ).status,
    ).toBe(401);
    const bob = cookieOf(
      (
        await http.post('/api/accounts/login', {
          username: `bob_${suffix}`,
          password: 'battery staple',
        })
      ).headers,
    );
    expect((await http.get('/api/accounts/session', undefined, bob)).body).toMatchObject({
      account: { username: `bob_${suffix}` },
    });
    expect(await http.get('/api/accounts/session')).toMatchObject({
      status: 200,
      body: { account: null },
    });
    expect((await http.get('/api/accounts/me', undefined, bob)).body).toMatchObject({
      username: `bob_${suffix}`,
    });

    expect((await http.post('/api/games', { variant: 'chess', rated: true })).status).toBe(400);
    const game = (
      await http.post<CreateGameResponse>(
        '/api/games',
        { variant: 'chess', rated: true, color: 'white' },
        undefined,
        ann,
      )
    ).body;
    expect((await http.post(`/api/games/${game.id}/join`)).status).toBe(403);
    const b = (await http.post<JoinResponse>(`/api/games/${game.id}/join`, {}, undefined, bob)).body
      .seat.token;
    await http.post(`/api/games/${game.id}/moves`, { move: 'e4' }, game.seat.token);
    await http.post(`/api/games/${game.id}/moves`, { move: 'e5' }, b);
    expect((await http.post(`/api/games/${game.id}/resign`, {}, b)).body).toMatchObject({
      result: '1-0',
      reason: 'resign',
    });
    // The ended game shows each player's rating before it and the change it made.
    const ended = (await http.get<GameState>(`/api/games/${game.id}`)).body;
    expect(ended.players.white).toMatchObject({ name: `ann_${suffix}`, rating: 1500 });
    expect(ended.players.black).toMatchObject({ name: `bob_${suffix}`, rating: 1500 });
    const gain = ended.players.white!.ratingDiff!;
    expect(gain).toBeGreaterThan(0);
    expect(ended.players.black!.ratingDiff).toBe(-gain);
    // A new challenge by Ann lists her rating now, in the lobby.
    const next = (
      await http.post<CreateGameResponse>(
        '/api/games',
        { variant: 'chess', rated: true, lobby: true },
        undefined,
        ann,
      )
    ).body;
    const lobby = await http.get<{ games: GameSummary[] }>('/api/lobby');
    const row = lobby.body.games.find((g) => g.id === next.id)!;
    const seated = row.players.white ?? row.players.black;
    expect(seated).toEqual({ name: `ann_${suffix}`, rating: 1500 + gain });
    const annView = await http.get<{ ratings: Record<string, { rating: number; games: number }> }>(
      `/api/players/ann_${suffix}`,
    );
    expect(annView.body.ratings['chess']!.rating).toBeGreaterThan(1500);
    expect(annView.body.ratings['chess']!.games).toBe(1);
    const bobView = await http.get<{ ratings: Record<string, { rating: number }> }>(
      `/api/players/bob_${suffix}`,
    );
    expect(bobView.body.ratings['chess']!.rating).toBeLessThan(1500);
    const badName = await http.get('/api/players/a');
    expect(badName.status).toBe(400);
    expect(badName.body).toEqual({ error: expect.stringMatching(/username is 3 to 20/) });
    expect((await http.get(`/api/players/nobody_${suffix}`)).status).toBe(404);
    const byPlayer = await http.get<{ games: GameSummary[] }>(`/api/archive?player=ann_${suffix}`);
    expect(byPlayer.body.games.map((g) => g.id)).toEqual([game.id]);
    expect(byPlayer.body.games[0]!.players.white).toEqual(ended.players.white);

    // Each account plays its seat in a new game from another device by its session alone.
    const again = (
      await http.post<CreateGameResponse>(
        '/api/games',
        { variant: 'chess', rated: true, color: 'white' },
        undefined,
        ann,
      )
    ).body;
    await http.post(`/api/games/${again.id}/join`, {}, undefined, bob);
    const path = `/api/games/${again.id}`;
    const stranger = await http.post(`${path}/moves`, { move: 'e4' });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual({ error: expect.stringMatching(/seat token/) });
    const notHers = await http.post(`${path}/moves`, { move: 'e4' }, undefined, bob);
    expect(notHers.status).toBe(409); // Bob plays Black: not his turn
    expect((await http.get<GameState>(path)).body.moves).toEqual([]);
    expect(
      (await http.post<GameState>(`${path}/moves`, { move: 'e4' }, undefined, ann)).body,
    ).toMatchObject({ moves: ['e2e4'] });
    const url = `${wsBase}api/games/${again.id}/socket`;
    const bobSocket = new SocketClient(url, { cookie: bob, origin: server.url.replace(/\/$/, '') });
    await bobSocket.next('state');
    bobSocket.send({ type: 'auth' });
    expect((await bobSocket.next('state')).you).toBe('black');
    bobSocket.send({ type: 'move', move: 'e5' });
    expect((await bobSocket.next('move')).san).toBe('e5');
    // Another site's page gets no seat from the cookie, nor does a socket without one.
    for (const headers of [{ cookie: bob, origin: 'http://elsewhere.example' }, undefined]) {
      const other = new SocketClient(url, headers);
      await other.next('state');
      other.send({ type: 'auth' });
      expect((await other.next('error')).status).toBe(403);
      other.ws.close();
    }
    bobSocket.ws.close();
    expect((await http.get<GameState>(path)).body.moves).toEqual(['e2e4', 'e7e5']);

    expect((await http.post('/api/accounts/logout', {}, undefined, bob)).status).toBe(204);
    expect((await http.get('/api/accounts/me', undefined, bob)).status).toBe(401);
  });
});
