/**
 * "Add time" through the API: a seat gives its opponent 15 s over HTTP or the socket, every page
 * of the game is told the clocks, and storage keeps the count; it is refused, changing nothing,
 * without a seat, in a correspondence game, past the limit, and after the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADD_TIME_MS, MAX_TIME_GIVEN } from '@citadel/game';
import type { CreateGameResponse, GameState, JoinResponse } from '@citadel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.ts';
import { startSuiteServer } from './support/backends.ts';
import { api, SocketClient } from './support/client.ts';

describe('add time', () => {
  const dir = mkdtempSync(join(tmpdir(), 'citadel-add-time-'));
  let server: RunningServer;
  beforeAll(async () => {
    server = await startSuiteServer({ databaseUrl: undefined, dataDir: dir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (clock: unknown) => {
    const http = api(server.url);
    const g = (
      await http.post<CreateGameResponse>('/api/games', { variant: 'chess', color: 'white', clock })
    ).body;
    const b = (await http.post<JoinResponse>(`/api/games/${g.id}/join`)).body.seat.token;
    return { http, id: g.id, w: g.seat.token, b };
  };
  const socket = (id: string) =>
    new SocketClient(`${server.url.replace('http', 'ws')}api/games/${id}/socket`);

  it('gives the opponent 15 s, told to every page, at most the limit', async () => {
    const { http, id, w, b } = await start({ initial: 60, increment: 0 });
    const spectator = socket(id);
    const black = socket(id);
    await Promise.all([spectator.opened, black.opened]);
    black.send({ type: 'auth', token: b });
    await black.next('state');
    await black.next('state');

    const given = await http.post<GameState>(`/api/games/${id}/add-time`, {}, w);
    expect(given.status).toBe(200);
    expect(given.body.clocks).toMatchObject({ white: 60_000, black: 60_000 + ADD_TIME_MS });
    expect(given.body.timeGiven).toEqual({ white: 1, black: 0 });
    for (const listener of [spectator, black])
      expect(await listener.next('time-added')).toMatchObject({
        by: 'white',
        ms: ADD_TIME_MS,
        given: 1,
        clocks: { white: 60_000, black: 60_000 + ADD_TIME_MS, running: null },
      });

    // Over the socket, Black gives White time back.
    black.send({ type: 'add-time' });
    expect(await spectator.next('time-added')).toMatchObject({ by: 'black', given: 1 });

    for (let i = 1; i < MAX_TIME_GIVEN; i++)
      expect((await http.post(`/api/games/${id}/add-time`, {}, w)).status).toBe(200);
    const before = (await http.get<GameState>(`/api/games/${id}`)).body;
    const refused = await http.post<{ error: string }>(`/api/games/${id}/add-time`, {}, w);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain(`${MAX_TIME_GIVEN} times`);
    const after = (await http.get<GameState>(`/api/games/${id}`)).body;
    expect(after.clocks).toEqual({ ...before.clocks, at: after.clocks!.at });
    expect((await server.games.store.getGame(id))!.timeGiven).toEqual({
      white: MAX_TIME_GIVEN,
      black: 1,
    });

    // No seat: refused on either channel.
    expect((await http.post(`/api/games/${id}/add-time`, {})).status).toBe(403);
    spectator.send({ type: 'add-time' });
    expect(await spectator.next('error')).toMatchObject({ status: 403 });

    expect((await http.post(`/api/games/${id}/resign`, {}, b)).status).toBe(200);
    expect((await http.post(`/api/games/${id}/add-time`, {}, b)).status).toBe(409);
    spectator.close();
    black.close();
  });

  it('refuses it in a correspondence game and checks the socket message', async () => {
    const { http, id, w } = await start({ daysPerMove: 2 });
    const refused = await http.post<{ error: string }>(`/api/games/${id}/add-time`, {}, w);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('time can be given only in a live game');
    const ws = socket(id);
    await ws.opened;
    ws.send({ type: 'auth', token: w });
    ws.send({ type: 'add-time', seconds: 60 });
    expect(await ws.next('error')).toMatchObject({ status: 400 });
    ws.close();
  });
});
