/**
 * The first-move deadline on a real server: a late first move is refused and the game aborted
 * (unrated); the deadline's timer fires in a running server and is set again after a restart,
 * on SQLite and on PostgreSQL. The server's clock is moved forward instead of waiting.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FIRST_MOVE_LIVE_MS,
  type CreateGameResponse,
  type GameState,
  type JoinResponse,
} from '@citadel/protocol';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/index.ts';
import { LocalBus } from '../src/pubsub/bus.ts';
import { Games } from '../src/service/games.ts';
import { openStore } from '../src/storage/open.ts';
import { api } from './support/client.ts';
import { startSuiteServer, testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';

const DAY = 86_400_000;

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  const dir = mkdtempSync(join(tmpdir(), 'citadel-first-move-'));
  let cluster: Cluster | null = null;
  let server: RunningServer | null = null;
  let shift = 0;
  afterAll(async () => {
    await server?.close();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async () => {
    await server?.close();
    server = await startSuiteServer({
      databaseUrl: cluster?.url,
      dataDir: dir,
      now: () => Date.now() + shift,
    });
    return api(server.url);
  };

  it('aborts a game whose side to move misses its first move, unrated, across restarts', async () => {
    if (postgres) cluster = await startCluster();
    let http = await start();
    const suffix = postgres ? 'pg' : 'sq';
    const cookie = async (username: string) => {
      const r = await http.post('/api/accounts/register', { username, password: 'long enough' });
      expect(r.status).toBe(201);
      return (r.headers.get('set-cookie') ?? '').split(';')[0]!;
    };
    const ann = await cookie(`ann_${suffix}`);
    const bob = await cookie(`bob_${suffix}`);
    const create = async (clock: unknown, rated = false) => {
      const g = (
        await http.post<CreateGameResponse>(
          '/api/games',
          { variant: 'chess', color: 'white', clock, rated },
          undefined,
          rated ? ann : undefined,
        )
      ).body;
      const b = (
        await http.post<JoinResponse>(`/api/games/${g.id}/join`, {}, undefined, rated ? bob : '')
      ).body.seat.token;
      return { id: g.id, w: g.seat.token, b };
    };
    const state = async (id: string) => (await http.get<GameState>(`/api/games/${id}`)).body;

    const rated = await create({ initial: 180, increment: 2 }, true);
    const before = Date.now();
    const first = await state(rated.id);
    expect(first.status).toBe('started');
    expect(first.firstMoveBy).toBeGreaterThanOrEqual(before + FIRST_MOVE_LIVE_MS - 5_000);
    expect(first.firstMoveBy).toBeLessThanOrEqual(Date.now() + FIRST_MOVE_LIVE_MS);
    const late = await create({ initial: 180, increment: 2 });
    expect((await http.post(`/api/games/${late.id}/moves`, { move: 'e4' }, late.w)).status).toBe(
      200,
    );
    const corr = await create({ daysPerMove: 2 });
    expect((await http.post(`/api/games/${corr.id}/moves`, { move: 'e4' }, corr.w)).status).toBe(
      200,
    );

    // Black's first move comes after its deadline: refused, and the game is aborted.
    shift += FIRST_MOVE_LIVE_MS + 1_000;
    const refused = await http.post<{ error: string }>(
      `/api/games/${late.id}/moves`,
      { move: 'e5' },
      late.b,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('aborted');
    expect(await state(late.id)).toMatchObject({
      status: 'ended',
      result: '*',
      reason: 'abort',
      moves: ['e2e4'],
    });

    // A restart sets the rated game's timer again, which finds its deadline past.
    http = await start();
    await vi.waitFor(async () => expect((await state(rated.id)).status).toBe('ended'), {
      timeout: 5_000,
    });
    const aborted = await state(rated.id);
    expect(aborted).toMatchObject({ result: '*', reason: 'abort', moves: [] });
    expect(aborted.text).toContain('White did not make a first move');
    expect(aborted.firstMoveBy).toBeUndefined();
    const annView = await http.get<{ ratings: Record<string, unknown> }>(
      `/api/players/ann_${suffix}`,
    );
    expect(annView.body.ratings['chess']).toBeUndefined();

    // The correspondence game has its days per move for Black's first move.
    expect((await state(corr.id)).status).toBe('started');
    shift += 2 * DAY;
    http = await start();
    await vi.waitFor(async () => expect((await state(corr.id)).status).toBe('ended'), {
      timeout: 5_000,
    });
    expect(await state(corr.id)).toMatchObject({ result: '*', reason: 'abort', moves: ['e2e4'] });
  });
});

describe('the deadline timer of a running server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'citadel-first-move-timer-'));
  afterEach(() => void vi.useRealTimers());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('aborts a live game after the limit and a correspondence game after days', async () => {
    const store = await openStore({ dataDir: dir });
    vi.useFakeTimers({ now: 1_000_000 });
    // Storage is read hourly here, not every second: days pass in this test.
    const games = new Games(store, new LocalBus(), Date.now, { deadlinePollMs: 3_600_000 });
    const start = async (
      clock: { initial: number; increment: number } | { daysPerMove: number },
    ) => {
      const { id } = await games.create({ variant: 'chess', color: 'white', clock }, null);
      await games.join(id, null);
      return id;
    };
    const live = await start({ initial: 60, increment: 0 });
    const corr = await start({ daysPerMove: 3 });
    const heard: string[] = [];
    await games.listen(live, {
      color: null,
      send: (e) => void heard.push(e.type === 'end' ? `end:${e.reason}` : e.type),
    });
    await vi.advanceTimersByTimeAsync(FIRST_MOVE_LIVE_MS - 100);
    expect((await games.state(live)).status).toBe('started');
    await vi.advanceTimersByTimeAsync(200);
    expect(await games.state(live)).toMatchObject({ status: 'ended', reason: 'abort' });
    expect(heard).toContain('end:abort');
    // Three days away: the scheduler's timer and reads bring it closer until it is due.
    const by = (await games.state(corr)).firstMoveBy!;
    expect(by - Date.now()).toBeGreaterThan(2 * DAY);
    await vi.advanceTimersByTimeAsync(by - Date.now() - 1_000);
    expect((await games.state(corr)).status).toBe('started');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await games.state(corr)).toMatchObject({ status: 'ended', reason: 'abort' });
    await games.close();
    await store.close();
  });

  it("arms a rematch's first-move deadline as soon as the rematch is agreed", async () => {
    const store = await openStore({ dataDir: dir });
    vi.useFakeTimers({ now: 5_000_000 });
    const games = new Games(store, new LocalBus());
    const { id } = await games.create(
      { variant: 'chess', color: 'white', clock: { initial: 60, increment: 0 } },
      null,
    );
    await games.join(id, null);
    await games.move(id, 'white', 'e4');
    await games.move(id, 'black', 'e5');
    await games.resign(id, 'black');
    await games.offer(id, 'white', 'rematch', 'offer');
    const agreed = await games.offer(id, 'black', 'rematch', 'accept');
    const rematch = agreed.game.rematchId!;
    expect((await games.state(rematch)).status).toBe('started');
    await vi.advanceTimersByTimeAsync(FIRST_MOVE_LIVE_MS + 100);
    expect(await games.state(rematch)).toMatchObject({ status: 'ended', reason: 'abort' });
    await games.close();
    await store.close();
  });
});
