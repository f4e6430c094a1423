/**
 * The time the whole service was down is given back, on SQLite and PostgreSQL: a live game's
 * running clock resumes where it stood when the server stopped, and its first-move deadline moves
 * as far; a quick restart (a few heartbeats missed) changes nothing. The server's clock is moved
 * forward instead of waiting.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateGameResponse, GameState, JoinResponse } from '@citadel/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.ts';
import { DOWN_AFTER_MS } from '../src/service/downtime.ts';
import { api } from './support/client.ts';
import { startSuiteServer, testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  const dir = mkdtempSync(join(tmpdir(), 'citadel-downtime-'));
  let cluster: Cluster | null = null;
  let server: RunningServer | null = null;
  let shift = 0;
  afterAll(async () => {
    await server?.close();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const start = async () => {
    server = await startSuiteServer({
      databaseUrl: cluster?.url,
      dataDir: dir,
      now: () => Date.now() + shift,
    });
    return api(server.url);
  };

  it('charges no one for the time the service was down', async () => {
    if (postgres) cluster = await startCluster();
    let http = await start();
    const create = async () => {
      const g = (
        await http.post<CreateGameResponse>('/api/games', {
          variant: 'chess',
          color: 'white',
          clock: { initial: 60, increment: 0 },
        })
      ).body;
      const b = (await http.post<JoinResponse>(`/api/games/${g.id}/join`)).body.seat.token;
      return { id: g.id, w: g.seat.token, b };
    };
    const running = await create();
    await http.post(`/api/games/${running.id}/moves`, { move: 'e4' }, running.w);
    await http.post(`/api/games/${running.id}/moves`, { move: 'e5' }, running.b);
    const waiting = await create();
    const state = async (id: string) => (await http.get<GameState>(`/api/games/${id}`)).body;
    const before = await state(running.id);
    const deadline = (await state(waiting.id)).firstMoveBy!;

    // Down for 70 s: more than White's whole minute, and the first-move deadline too.
    await server!.close();
    shift += 70_000;
    http = await start();
    const after = await state(running.id);
    expect(after.status).toBe('started');
    // White's clock lost only the moments around the restart, not the 70 s.
    expect(before.clocks!.white - after.clocks!.white).toBeLessThan(5_000);
    expect((await state(waiting.id)).firstMoveBy! - deadline).toBeGreaterThanOrEqual(70_000);
    expect(
      (await http.post(`/api/games/${running.id}/moves`, { move: 'Nf3' }, running.w)).status,
    ).toBe(200);

    // A restart within a few heartbeats gives nothing back: Black's clock runs through it.
    const blackBefore = (await state(running.id)).clocks!.black;
    await server!.close();
    shift += DOWN_AFTER_MS - 5_000;
    http = await start();
    const blackAfter = (await state(running.id)).clocks!.black;
    expect(blackBefore - blackAfter).toBeGreaterThanOrEqual(DOWN_AFTER_MS - 5_000);
  });
});
