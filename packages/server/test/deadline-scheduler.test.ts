/**
 * Deadlines live in storage, not in timers per game, on SQLite and PostgreSQL: a process ends a
 * deadline that another process set (and never told it of) within a read of storage, starts
 * without reading the games in progress, and ends more due games than one read returns. Two
 * `Games` on one database, each with its own bus, stand for two processes; a clock moved forward
 * stands for the time passing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRST_MOVE_LIVE_MS } from '@citadel/protocol';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LocalBus } from '../src/pubsub/bus.ts';
import { POLL_MS } from '../src/service/deadlines.ts';
import { Games } from '../src/service/games.ts';
import { openStore } from '../src/storage/open.ts';
import type { Store } from '../src/storage/store.ts';
import { testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';

const LIVE = { variant: 'chess', color: 'white', clock: { initial: 60, increment: 0 } } as const;

/** `store`, counting the games read one by one. */
function counting(store: Store): { store: Store; reads: () => number; polls: () => number } {
  let reads = 0;
  let polls = 0;
  const counted = new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key === 'getGame') reads++;
      if (key === 'deadlines') polls++;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: counted, reads: () => reads, polls: () => polls };
}

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  const dir = mkdtempSync(join(tmpdir(), 'citadel-deadlines-'));
  let cluster: Cluster | null = null;
  const stores: Store[] = [];
  const open = async (): Promise<Store> => {
    const s = await openStore({ dataDir: dir, databaseUrl: cluster?.url });
    stores.push(s);
    return s;
  };
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends a deadline that another process set and never told of', async () => {
    if (postgres) cluster = await startCluster();
    let shift = 0;
    const other = new Games(await open(), new LocalBus());
    const here = new Games(await open(), new LocalBus(), () => Date.now() + shift);
    here.startDeadlines();
    const { id } = await other.create(LIVE, null);
    await other.join(id, null);
    // The other process stops before the deadline: only this one is left to end the game.
    await other.close();
    shift = FIRST_MOVE_LIVE_MS + 1_000;
    await vi.waitFor(
      async () => expect(await here.state(id)).toMatchObject({ status: 'ended', reason: 'abort' }),
      { timeout: 10 * POLL_MS, interval: 50 },
    );
    await here.close();
  });

  it('starts without reading the games in progress, and ends more than one read returns', async () => {
    const other = new Games(await open(), new LocalBus());
    const ids: string[] = [];
    for (let i = 0; i < 130; i++) {
      const { id } = await other.create(LIVE, null);
      await other.join(id, null);
      ids.push(id);
    }
    await other.close();
    let shift = 0;
    const watched = counting(await open());
    const here = new Games(watched.store, new LocalBus(), () => Date.now() + shift);
    here.startDeadlines();
    await vi.waitFor(() => expect(watched.polls()).toBeGreaterThan(0));
    expect(watched.reads()).toBe(0);
    shift = FIRST_MOVE_LIVE_MS + 1_000;
    const ended = async () => {
      let n = 0;
      for (const id of ids) if ((await here.state(id)).status === 'ended') n++;
      return n;
    };
    await vi.waitFor(async () => expect(await ended()).toBe(ids.length), {
      timeout: 20 * POLL_MS,
      interval: 200,
    });
    await here.close();
  });
});
