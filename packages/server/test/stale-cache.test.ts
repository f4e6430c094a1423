/**
 * A process whose cached game is behind (another process's notice not yet arrived) checks a
 * "not now" refusal against storage before answering it: a valid move is accepted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LocalBus } from '../src/pubsub/bus.ts';
import { Games } from '../src/service/games.ts';
import { openStore } from '../src/storage/open.ts';

const dir = mkdtempSync(join(tmpdir(), 'citadel-stale-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('accepts a move that a process behind the others would refuse, after checking storage', async () => {
  const store = await openStore({ dataDir: dir });
  // Two processes whose buses do not reach each other: b never hears of a's moves.
  const a = new Games(store, new LocalBus());
  const b = new Games(store, new LocalBus());
  const { id } = await a.create({ variant: 'chess', color: 'white' }, null);
  await a.join(id, null);
  await b.state(id); // b caches the game before the first move
  await a.move(id, 'white', 'e2e4');
  expect((await b.move(id, 'black', 'e7e5')).game.moves).toEqual(['e2e4', 'e7e5']);
  // A refusal that storage confirms is still a refusal.
  await expect(b.move(id, 'black', 'd7d5')).rejects.toThrow(/turn/);
  await a.close();
  await b.close();
  await store.close();
});
