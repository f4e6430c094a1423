/** The game-behaviour choices' check and storage (no browser: a map stands in for local storage). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BEHAVIOUR, loadBehaviour, saveBehaviour } from '../src/game-behaviour.ts';

class MapStorage {
  readonly items = new Map<string, string>();
  refuse = false;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.refuse) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

let storage: MapStorage;
beforeEach(() => {
  storage = new MapStorage();
  (globalThis as { localStorage?: unknown }).localStorage = storage;
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('game behaviour', () => {
  it('saves a valid choice and reads it back', () => {
    const mine = {
      premoves: false,
      confirmCorrespondence: false,
      confirmLive: true,
      lowTimeWarning: false,
    };
    expect(saveBehaviour(mine)).toBeNull();
    expect(loadBehaviour()).toEqual(mine);
  });

  it('reads a choice saved before the low-time warning with the warning on', () => {
    const old = { premoves: false, confirmCorrespondence: false, confirmLive: true };
    storage.items.set('citadel.behaviour', JSON.stringify(old));
    expect(loadBehaviour()).toEqual({ ...old, lowTimeWarning: true });
  });

  it('refuses a wrong shape with a reason and changes nothing', () => {
    expect(
      saveBehaviour({ premoves: false, confirmCorrespondence: true, confirmLive: true }),
    ).toBeNull();
    const before = [...storage.items];
    for (const bad of [
      null,
      [],
      'yes',
      { premoves: 'no', confirmCorrespondence: true, confirmLive: false },
      { premoves: true, confirmCorrespondence: true },
      { ...DEFAULT_BEHAVIOUR, lowTimeWarning: 'yes' },
      { ...DEFAULT_BEHAVIOUR, extra: 1 },
    ])
      expect(saveBehaviour(bad)).toMatch(/^not a game behaviour: \S/);
    expect([...storage.items]).toEqual(before);
  });

  it('reads the defaults from nothing or from unreadable storage', () => {
    expect(loadBehaviour()).toEqual(DEFAULT_BEHAVIOUR);
    storage.items.set('citadel.behaviour', '{"premoves":1}');
    expect(loadBehaviour()).toEqual(DEFAULT_BEHAVIOUR);
    storage.items.set('citadel.behaviour', 'not json');
    expect(loadBehaviour()).toEqual(DEFAULT_BEHAVIOUR);
  });

  it('holds a choice for the page when storage refuses it', () => {
    storage.refuse = true;
    const mine = { ...DEFAULT_BEHAVIOUR, premoves: false, confirmLive: true };
    expect(saveBehaviour(mine)).toBeNull();
    expect(loadBehaviour()).toEqual(mine);
    // Once storage takes a choice again, the page's own copy gives way to it.
    storage.refuse = false;
    expect(saveBehaviour(DEFAULT_BEHAVIOUR)).toBeNull();
    expect(loadBehaviour()).toEqual(DEFAULT_BEHAVIOUR);
  });
});
