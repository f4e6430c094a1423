/**
 * Presence across processes (two game services on one store and one bus, with an injected
 * clock): a seat connected to the other process counts as connected until that process has been
 * silent too long, after which the opponent may claim the win; the listeners of the game are told
 * so by the next beat, without any request; spectators on either process are counted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLAIM_WIN_AFTER_MS, type ServerEvent } from '@citadel/protocol';
import { afterAll, expect, it } from 'vitest';
import { LocalBus } from '../src/pubsub/bus.ts';
import { Games, type Listener } from '../src/service/games.ts';
import { PRESENCE_REFRESH_MS, PRESENCE_STALE_MS } from '../src/service/presence.ts';
import { openStore } from '../src/storage/open.ts';

const dir = mkdtempSync(join(tmpdir(), 'citadel-presence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A listener that keeps the presence events it is told. */
function presenceListener(color: Listener['color']) {
  const told: Array<Extract<ServerEvent, { type: 'presence' }>> = [];
  const listener: Listener = {
    color,
    send: (e) => void (e.type === 'presence' && told.push(e)),
  };
  return { listener, told, last: () => told.at(-1) };
}

it('counts a seat on a silent process as gone after PRESENCE_STALE_MS', async () => {
  const store = await openStore({ dataDir: dir });
  const bus = new LocalBus();
  let now = 1_000_000;
  const clock = () => now;
  const a = new Games(store, bus, clock);
  const b = new Games(store, bus, clock);
  const { id } = await a.create(
    { variant: 'chess', color: 'white', clock: { initial: 300, increment: 0 } },
    null,
  );
  const black = await b.join(id, null);
  await a.state(id);
  await a.move(id, 'white', 'e2e4');
  await b.state(id);
  await b.move(id, black.color, 'e7e5');
  await a.state(id);
  // Black connects to process b; process a hears of it over the bus.
  await b.listen(id, { color: 'black', send: () => {} });
  await new Promise((r) => setTimeout(r, 20));
  expect((await a.state(id)).connected.black).toBe(true);
  await expect(a.claimWin(id, 'white')).rejects.toThrow(/connected/);
  // Process b goes silent (it died): after PRESENCE_STALE_MS its word no longer counts.
  now += PRESENCE_STALE_MS + 1_000;
  expect((await a.state(id)).connected.black).toBe(false);
  // Away since b was last heard from: the claim waits CLAIM_WIN_AFTER_MS from then.
  await expect(a.claimWin(id, 'white')).rejects.toThrow(/may reconnect/);
  now += CLAIM_WIN_AFTER_MS;
  const claimed = await a.claimWin(id, 'white');
  expect(claimed.game).toMatchObject({ status: 'ended', result: '1-0', reason: 'abandon' });
  await a.close();
  await b.close();
  await store.close();
});

it('tells a process that reads a game later who sits in it elsewhere, and stays alive by heartbeat', async () => {
  const store = await openStore({ dataDir: dir });
  const bus = new LocalBus();
  let now = 5_000_000;
  const clock = () => now;
  const a = new Games(store, bus, clock);
  const { id } = await a.create(
    { variant: 'husun', color: 'white', clock: { initial: 60, increment: 0 } },
    null,
  );
  // White sits on process a before process b has ever read the game.
  await a.listen(id, { color: 'white', send: () => {} });
  const b = new Games(store, bus, clock);
  await b.join(id, null);
  await new Promise((r) => setTimeout(r, 20));
  expect((await b.state(id)).connected.white).toBe(true);
  // A heartbeat from a keeps its seats counting well past the staleness limit...
  now += PRESENCE_STALE_MS - 1_000;
  await bus.publish({ kind: 'alive', process: a.processId });
  now += PRESENCE_STALE_MS - 1_000;
  expect((await b.state(id)).connected.white).toBe(true);
  // ...and without one they stop counting.
  now += 2_000;
  expect((await b.state(id)).connected.white).toBe(false);
  await a.close();
  await b.close();
  await store.close();
});

it('counts a player who moves over HTTP alone as present when moving, on any process', async () => {
  const store = await openStore({ dataDir: dir });
  const bus = new LocalBus();
  let now = 9_000_000;
  const clock = () => now;
  const a = new Games(store, bus, clock);
  const b = new Games(store, bus, clock);
  const { id } = await a.create(
    { variant: 'chess', color: 'white', clock: { initial: 300, increment: 0 } },
    null,
  );
  await a.listen(id, { color: 'white', send: () => {} });
  await a.join(id, null);
  await a.move(id, 'white', 'e2e4');
  await a.move(id, 'black', 'e7e5');
  await a.move(id, 'white', 'g1f3');
  // Black never connects: it moves by HTTP requests, each long after the game was read.
  now += 100_000;
  await a.move(id, 'black', 'b8c6');
  await expect(a.claimWin(id, 'white')).rejects.toThrow(/may reconnect/);
  await a.move(id, 'white', 'f1c4');
  // Its next move reaches the other process; this one learns of it from the record.
  now += 100_000;
  await b.move(id, 'black', 'g8f6');
  await a.state(id);
  await expect(a.claimWin(id, 'white')).rejects.toThrow(/may reconnect/);
  // Gone quiet for longer than the claim's wait, it may be claimed against.
  now += 31_000;
  expect((await a.claimWin(id, 'white')).game).toMatchObject({ reason: 'abandon' });
  await a.close();
  await b.close();
  await store.close();
});

it('tells the listeners of a game that a seat went with its silent process, without any request', async () => {
  const store = await openStore({ dataDir: dir });
  const bus = new LocalBus();
  let now = 13_000_000;
  const clock = () => now;
  const a = new Games(store, bus, clock);
  const b = new Games(store, bus, clock);
  const { id } = await a.create(
    { variant: 'chess', color: 'white', clock: { initial: 300, increment: 0 } },
    null,
  );
  await b.join(id, null);
  const white = presenceListener('white');
  await a.listen(id, white.listener);
  await b.listen(id, { color: 'black', send: () => {} });
  await expect.poll(() => white.last()?.connected).toEqual({ white: true, black: true });
  // Process b dies: it stops beating. Once it has been silent for PRESENCE_STALE_MS, the next
  // beat of a (every PRESENCE_REFRESH_MS) tells White, though nobody asked anything.
  await b.close();
  now += PRESENCE_STALE_MS + 1_000;
  await expect
    .poll(() => white.last()?.connected, { timeout: 2 * PRESENCE_REFRESH_MS })
    .toEqual({ white: true, black: false });
  await a.close();
  await store.close();
});

it('counts the spectators of every process and tells the players when one comes or goes', async () => {
  const store = await openStore({ dataDir: dir });
  const bus = new LocalBus();
  const a = new Games(store, bus);
  const b = new Games(store, bus);
  const { id } = await a.create({ variant: 'chess', color: 'white' }, null);
  const white = presenceListener('white');
  await a.listen(id, white.listener);
  const here = await a.listen(id, { color: null, send: () => {} });
  await expect.poll(() => white.last()?.spectators).toBe(1);
  const there = await b.listen(id, { color: null, send: () => {} });
  await expect.poll(() => white.last()?.spectators).toBe(2);
  there();
  await expect.poll(() => white.last()?.spectators).toBe(1);
  here();
  await expect.poll(() => white.last()?.spectators).toBe(0);
  await a.close();
  await b.close();
  await store.close();
});
