/**
 * Presence across processes (two game services on one store and one bus, with an injected
 * clock): a seat connected to the other process counts as connected until that process has been
 * silent too long, after which the opponent may claim the win.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LocalBus } from '../src/pubsub/bus.ts';
import { Games } from '../src/service/games.ts';
import { openStore } from '../src/storage/open.ts';

const dir = mkdtempSync(join(tmpdir(), 'citadel-presence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('counts a seat on a silent process as gone after a minute', async () => {
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
  // Process b goes silent (it died): after a minute its word no longer counts.
  now += 61_000;
  expect((await a.state(id)).connected.black).toBe(false);
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
  now += 50_000;
  await bus.publish({ kind: 'alive', process: a.processId });
  now += 50_000;
  expect((await b.state(id)).connected.white).toBe(true);
  // ...and without one they stop counting.
  now += 11_000;
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
