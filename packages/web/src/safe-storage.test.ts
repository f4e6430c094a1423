/**
 * safe-storage.ts without a browser: a map stands in for local storage, made to refuse as a
 * browser does (full, or access denied). Each test uses keys of its own: the module's memory lasts
 * as long as the worker (the unit tests share one).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  onStorageRefused,
  readStored,
  wasRefused,
  writeStored,
  type Kept,
} from './safe-storage.ts';

class MapStorage {
  readonly items = new Map<string, string>();
  full = false;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const global = globalThis as { localStorage?: unknown };
afterEach(() => {
  delete global.localStorage;
});

/** Local storage as the map `storage`, or (null) access to it denied. */
function useStorage(storage: MapStorage | null): void {
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    get: () => {
      if (!storage) throw new DOMException('denied', 'SecurityError');
      return storage;
    },
  });
}

function heard(): { readonly kinds: Kept[]; stop: () => void } {
  const kinds: Kept[] = [];
  const stop = onStorageRefused((what) => kinds.push(what));
  return { kinds, stop };
}

describe('safe storage', () => {
  it('writes and reads back through local storage, and removes with null', () => {
    const storage = new MapStorage();
    useStorage(storage);
    expect(writeStored('t1.a', 'one', 'setting')).toBe(true);
    expect(storage.items.get('t1.a')).toBe('one');
    expect(readStored('t1.a')).toBe('one');
    expect(writeStored('t1.a', null, 'setting')).toBe(true);
    expect(storage.items.has('t1.a')).toBe(false);
    expect(readStored('t1.a')).toBe(null);
  });

  it('holds a refused write for the page and reports it, until a write is taken again', () => {
    const storage = new MapStorage();
    useStorage(storage);
    storage.items.set('t2.game', 'old');
    storage.full = true;
    const listener = heard();
    expect(writeStored('t2.game', 'new', 'game')).toBe(false);
    expect(storage.items.get('t2.game')).toBe('old');
    expect(readStored('t2.game')).toBe('new');
    expect(listener.kinds).toEqual(['game']);
    expect(wasRefused('game')).toBe(true);
    storage.full = false;
    expect(writeStored('t2.game', 'taken', 'game')).toBe(true);
    expect(readStored('t2.game')).toBe('taken');
    storage.items.set('t2.game', 'from another tab');
    expect(readStored('t2.game')).toBe('from another tab');
    listener.stop();
    storage.full = true;
    writeStored('t2.game', 'unheard', 'game');
    expect(listener.kinds).toEqual(['game']);
  });

  it('never throws where access to storage is denied or there is none', () => {
    for (const storage of [null, undefined]) {
      if (storage === null) useStorage(null);
      else delete global.localStorage;
      const listener = heard();
      expect(readStored('t3.seat')).toBe(null);
      expect(writeStored('t3.seat', 'token', 'seat')).toBe(false);
      expect(readStored('t3.seat')).toBe('token');
      expect(listener.kinds).toEqual(['seat']);
      listener.stop();
      expect(writeStored('t3.seat', null, 'seat')).toBe(false);
      expect(readStored('t3.seat')).toBe(null);
    }
    expect(wasRefused('seat')).toBe(true);
  });
});
