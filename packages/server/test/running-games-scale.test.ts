/**
 * What many running games cost a server process (issue: one client could pin memory with started
 * correspondence games, and a restart read every running game before listening). In the deep tier
 * (CITADEL_DEEP=1, as CI runs it), on SQLite and PostgreSQL, against the built server in its own
 * process:
 * - with 15,000 games in progress in storage, the process is listening within START_BOUND_MS;
 * - with 5,000 more correspondence games started over HTTP and 10 streams that never read (their
 *   games busy), its resident memory stays under RSS_BOUND_MIB.
 * Before deadlines moved into storage, the same run listened after 34 s and held 906 MiB (SQLite).
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { get, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateGameResponse, JoinResponse } from '@citadel/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/storage/open.ts';
import { api } from './support/client.ts';
import { testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';
import { startProcess, type ServerProcess } from './support/process.ts';

const DEEP = process.env.CITADEL_DEEP === '1';
const RUNNING = 15_000;
const STARTED_OVER_HTTP = 5_000;
const STALLED_STREAMS = 10;
/** From starting the process to its "running at" line. */
const START_BOUND_MS = 3_000;
/** Node and the server alone hold about 105 MiB. */
const RSS_BOUND_MIB = 300;
const CORRESPONDENCE = { variant: 'tamerlane', color: 'white', clock: { daysPerMove: 3 } };

const rssMiB = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m![1]) / 1024;
};

/** Runs `task(i)` for i < n, `width` at a time. */
async function inParallel(n: number, width: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

describe.runIf(DEEP).each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  const dir = mkdtempSync(join(tmpdir(), 'citadel-scale-'));
  let cluster: Cluster | null = null;
  let server: ServerProcess | null = null;
  const streams: ClientRequest[] = [];
  afterAll(async () => {
    for (const s of streams) s.destroy();
    await server?.kill();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`listens within ${START_BOUND_MS} ms with ${RUNNING} games in progress`, async () => {
    if (postgres) cluster = await startCluster();
    const env = {
      CITADEL_DATA: dir,
      CITADEL_RATE_LIMIT: '1000000',
      CITADEL_LIVE_PER_ADDRESS: '1000',
      ...(cluster ? { DATABASE_URL: cluster.url } : {}),
    };
    // One game started over HTTP, then copied in storage: each copy waits for its first move.
    server = await startProcess(env);
    const http = api(server.url);
    const g = (await http.post<CreateGameResponse>('/api/games', CORRESPONDENCE)).body;
    await http.post<JoinResponse>(`/api/games/${g.id}/join`);
    await server.kill('SIGTERM');
    const store = await openStore({ dataDir: dir, databaseUrl: cluster?.url });
    const record = (await store.getGame(g.id))!;
    expect(record.status).toBe('started');
    await inParallel(RUNNING, 8, (i) => store.createGame({ ...record, id: `scale${i}` }));
    await store.close();

    const t0 = performance.now();
    server = await startProcess(env);
    const startMs = performance.now() - t0;
    console.log(`${RUNNING} games in progress: listening after ${startMs.toFixed(0)} ms`);
    expect(startMs).toBeLessThan(START_BOUND_MS);
    expect((await api(server.url).get(`/api/games/scale${RUNNING - 1}`)).status).toBe(200);
  });

  it(`holds ${STARTED_OVER_HTTP} started correspondence games and ${STALLED_STREAMS} stalled streams in bounded memory`, async () => {
    const http = api(server!.url);
    const pid = server!.child.pid!;
    const before = rssMiB(pid);
    const seats: Array<{ id: string; white: string; black: string }> = [];
    await inParallel(STARTED_OVER_HTTP, 8, async () => {
      const g = (await http.post<CreateGameResponse>('/api/games', CORRESPONDENCE)).body;
      const b = (await http.post<JoinResponse>(`/api/games/${g.id}/join`)).body;
      seats.push({ id: g.id, white: g.seat.token, black: b.seat.token });
    });
    // Streams that never read, on games whose offers come and go.
    for (const s of seats.slice(0, STALLED_STREAMS)) {
      const req = get(`${server!.url}api/games/${s.id}/stream`, (res) => res.pause());
      req.on('error', () => undefined);
      streams.push(req);
    }
    await inParallel(STALLED_STREAMS * 100, 4, async (i) => {
      const s = seats[i % STALLED_STREAMS]!;
      await http.post(`/api/games/${s.id}/draw`, { action: 'offer' }, s.white);
      await http.post(`/api/games/${s.id}/draw`, { action: 'cancel' }, s.white);
    });
    const after = rssMiB(pid);
    console.log(
      `RSS ${before.toFixed(0)} MiB before, ${after.toFixed(0)} MiB after ${STARTED_OVER_HTTP} games and ${STALLED_STREAMS} stalled streams`,
    );
    expect(after).toBeLessThan(RSS_BOUND_MIB);
    // Every game is still served (from storage when the cache let it go).
    expect((await http.get(`/api/games/${seats[0]!.id}`)).status).toBe(200);
  });
});
