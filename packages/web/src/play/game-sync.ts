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

/** Why the page is given another tab's game. */
export type TakeOver =
  /** Another tab changed the game (a move, a takeback, a new game). */
  | 'other tab'
  /** This tab's change was refused: another tab had changed the game since this one looked. */
  | 'refused';

/** Where the sync reads and writes, and hears other tabs (the browser's, unless a test's). */
export interface SyncEnvironment {
  readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  readonly events: Pick<Window, 'addEventListener'> | null;
}

function browserEnvironment(): SyncEnvironment {
  let storage: Storage | null = null;
  try {
    storage = globalThis.localStorage ?? null;
  } catch {
    // Storage disabled: nothing is saved, nothing to keep in step.
  }
  return { storage, events: globalThis.window ?? null };
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
   * last saw it, writes nothing, hands that game to `takeOver` ('refused') and returns false.
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
    try {
      this.env.storage?.setItem(this.key, text);
      this.known = text;
    } catch {
      // Storage full or disabled: the game still plays, it just won't survive a reload.
    }
    return true;
  }

  private read(): string | null {
    try {
      return this.env.storage?.getItem(this.key) ?? null;
    } catch {
      return null;
    }
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
