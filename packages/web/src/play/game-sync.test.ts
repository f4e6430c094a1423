/**
 * Two tabs on one variant's saved game (game-sync.ts), without a browser: a change saved in one
 * is taken over by the other; a tab that missed it refuses to overwrite it and takes it over.
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../game.ts';
import { GameSync, type SyncEnvironment, type TakeOver } from './game-sync.ts';

/** One origin's local storage, shared by tabs; a write tells the other tabs that listen. */
class Browser {
  private readonly items = new Map<string, string>();
  private readonly tabs = new Set<Tab>();

  tab(): Tab {
    const tab = new Tab(this);
    this.tabs.add(tab);
    return tab;
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  write(from: Tab, key: string, value: string): void {
    if (this.items.get(key) === value) return;
    this.items.set(key, value);
    for (const tab of this.tabs) if (tab !== from) tab.hear(key, value);
  }
}

class Tab {
  private readonly listeners = new Set<(e: StorageEvent) => void>();
  /** A frozen tab hears nothing of the others. */
  frozen = false;
  readonly taken: Array<{ moves: string[]; why: TakeOver }> = [];
  /** The page's life: aborted when the page goes. */
  readonly page = new AbortController();

  constructor(private readonly browser: Browser) {}

  get env(): SyncEnvironment {
    return {
      storage: {
        read: (key) => this.browser.getItem(key),
        write: (key, value) => {
          this.browser.write(this, key, value);
          return true;
        },
      },
      events: {
        addEventListener: (
          _type: string,
          f: (e: StorageEvent) => void,
          options?: AddEventListenerOptions,
        ) => {
          this.listeners.add(f);
          options?.signal?.addEventListener('abort', () => this.listeners.delete(f));
        },
      } as unknown as SyncEnvironment['events'],
    };
  }

  hear(key: string, newValue: string): void {
    if (this.frozen) return;
    for (const f of this.listeners) f({ key, newValue } as StorageEvent);
  }

  sync(): GameSync {
    return new GameSync(
      'chess',
      this.page.signal,
      (game, why) => this.taken.push({ moves: game.moves().map((m) => m.san), why }),
      this.env,
    );
  }
}

function newGame(): Game {
  const made = Game.create({
    variant: 'chess',
    array: 'standard',
    opponent: 'human',
    side: 'white',
    level: 3,
  });
  if ('error' in made) throw new Error(made.error);
  return made.game;
}

/** The same game as another tab reads it from storage. */
const copy = (g: Game): Game => Game.fromJSON(JSON.parse(JSON.stringify(g)))!;

describe('GameSync', () => {
  it("takes over the other tab's moves as they are saved, both ways", () => {
    const browser = new Browser();
    const a = browser.tab();
    const b = browser.tab();
    const syncA = a.sync();
    const syncB = b.sync();
    const game = newGame();
    game.play('e4');
    expect(syncA.save(game)).toBe(true);
    expect(b.taken).toEqual([{ moves: ['e4'], why: 'other tab' }]);
    const there = copy(game);
    there.play('e5');
    expect(syncB.save(there)).toBe(true);
    expect(a.taken).toEqual([{ moves: ['e4', 'e5'], why: 'other tab' }]);
    // The tab that took a game over saves on from it as usual.
    game.play('e5');
    game.play('Nf3');
    expect(syncA.save(game)).toBe(true);
    expect(b.taken.at(-1)).toEqual({ moves: ['e4', 'e5', 'Nf3'], why: 'other tab' });
  });

  it('refuses to overwrite moves a tab never heard of, and hands them over instead', () => {
    const browser = new Browser();
    const a = browser.tab();
    const b = browser.tab();
    const syncA = a.sync();
    const syncB = b.sync();
    const game = newGame();
    game.play('e4');
    syncA.save(game);
    b.frozen = true;
    const inA = copy(game);
    inA.play('e5');
    syncA.save(inA);
    expect(b.taken).toEqual([{ moves: ['e4'], why: 'other tab' }]);
    // B still shows 1. e4 and plays another reply: the stored 1... e5 is not overwritten.
    b.frozen = false;
    const inB = copy(game);
    inB.play('c5');
    expect(syncB.save(inB)).toBe(false);
    expect(b.taken.at(-1)).toEqual({ moves: ['e4', 'e5'], why: 'refused' });
    expect(Game.fromJSON(JSON.parse(browser.getItem('citadel.game.chess')!))!.moves()).toHaveLength(
      2,
    );
    // Once B has taken the stored game over, its next move is saved.
    const next = copy(inA);
    next.play('Nf3');
    expect(syncB.save(next)).toBe(true);
    expect(a.taken.at(-1)).toEqual({ moves: ['e4', 'e5', 'Nf3'], why: 'other tab' });
  });

  it('stops hearing the other tabs when the page goes', () => {
    const browser = new Browser();
    const a = browser.tab();
    const b = browser.tab();
    const syncA = a.sync();
    b.sync();
    b.page.abort();
    const game = newGame();
    game.play('d4');
    syncA.save(game);
    expect(b.taken).toEqual([]);
  });
});
