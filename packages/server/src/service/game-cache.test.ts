import type { Position } from '@citadel/core';
import type { GameRecord } from '@citadel/game';
import { expect, it } from 'vitest';
import type { Store } from '../storage/store.ts';
import { GameCache, MAX_IDLE_CACHED } from './game-cache.ts';

// Only the record's id matters to the cache's bound; the rest is never read here.
const recordOf = (id: string) => ({ id }) as unknown as GameRecord;
const position = {} as Position;
const listener = {} as never;

it('holds at most MAX_IDLE_CACHED games nobody watches, dropping the least recently used', () => {
  const cache = new GameCache({} as Store, () => 0, {
    reading: async () => undefined,
    held: () => undefined,
  });
  // Watched games stay whatever their number.
  for (let i = 0; i < 2 * MAX_IDLE_CACHED; i++)
    cache.remember(recordOf(`w${i}`), position).listeners.add(listener);
  for (let i = 0; i < 3 * MAX_IDLE_CACHED; i++) {
    cache.remember(recordOf(`i${i}`), position);
    const idle = [...cache.held()].filter((l) => l.listeners.size === 0).length;
    expect(idle).toBeLessThanOrEqual(MAX_IDLE_CACHED);
  }
  expect(cache.peek('w0')).toBeDefined();
  expect(cache.peek('i0')).toBeUndefined();
  expect(cache.peek(`i${3 * MAX_IDLE_CACHED - 1}`)).toBeDefined();
  expect([...cache.held()]).toHaveLength(3 * MAX_IDLE_CACHED);
});
