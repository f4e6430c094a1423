/**
 * Keeps the play page's game in step with the other tabs of this browser that show the same
 * variant's saved game (game.ts: one per variant, in local storage). Each tab remembers the
 * stored text it last wrote or read. A change written by another tab arrives as a `storage`
 * event and is taken over: the page shows it. A save that finds the stored game changed under it
 * without an event (a tab the browser had frozen, or one that missed it) does not overwrite it:
 * the stored game is taken over instead and the page says that the change was not saved. So the
 * last tab to save never silently wipes out moves made in another.
 */
import { Game, savedGameKey } from '../game.ts';
import { readStored, writeStored } from '../safe-storage.ts';

/** Why the page is given another tab's game. */
export type TakeOver =
  /** Another tab changed the game (a move, a takeback, a new game). */
  | 'other tab'
  /** This tab's change was refused: another tab had changed the game since this one looked. */
  | 'refused';

/** Where the sync reads and writes, and hears other tabs (the browser's, unless a test's). */
export interface SyncEnvironment {
  readonly storage: {
    /** The stored text, or null. */
    read(key: string): string | null;
    /** Stores the text; false when storage refused it. */
    write(key: string, text: string): boolean;
  };
  readonly events: Pick<Window, 'addEventListener'> | null;
}

/**
 * The browser's local storage through safe-storage.ts: a refused write is reported there and the
 * game held for the page's life, so the page plays on and says that the game is not saved.
 */
function browserEnvironment(): SyncEnvironment {
  return {
    storage: { read: readStored, write: (key, text) => writeStored(key, text, 'game') },
    events: globalThis.window ?? null,
  };
}

export class GameSync {
  private readonly key: string;
  /** The stored text this tab last wrote or read (null: none). */
  private known: string | null;
  private readonly onStorage = (e: StorageEvent): void => {
    if (e.key !== this.key || e.newValue === this.known) return;
    this.known = e.newValue;
    const game = parse(e.newValue);
    if (game) this.takeOver(game, 'other tab');
  };

  /**
   * `takeOver` gets another tab's game for the page to show instead of its own, until `signal`
   * (the page's life) aborts.
   */
  constructor(
    variant: string,
    signal: AbortSignal,
    private readonly takeOver: (game: Game, why: TakeOver) => void,
    private readonly env: SyncEnvironment = browserEnvironment(),
  ) {
    this.key = savedGameKey(variant);
    this.known = this.read();
    env.events?.addEventListener('storage', this.onStorage as EventListener, { signal });
  }

  /**
   * Saves `game` as the variant's game; when another tab changed the stored game since this tab
   * last saw it, writes nothing, hands that game to `takeOver` ('refused') and returns false. A
   * write the browser refuses is not this: the game plays on (safe-storage.ts tells the page).
   */
  save(game: Game): boolean {
    const text = JSON.stringify(game);
    const stored = this.read();
    if (stored !== this.known && stored !== text) {
      this.known = stored;
      const theirs = parse(stored);
      if (theirs) {
        this.takeOver(theirs, 'refused');
        return false;
      }
    }
    // Refused, the text is still what this tab reads back for the page's life (safe-storage.ts).
    this.env.storage.write(this.key, text);
    this.known = text;
    return true;
  }

  private read(): string | null {
    return this.env.storage.read(this.key);
  }
}

/** A stored game's text as a game, or null when there is none or it does not replay. */
function parse(text: string | null): Game | null {
  if (!text) return null;
  try {
    return Game.fromJSON(JSON.parse(text));
  } catch {
    return null;
  }
}
