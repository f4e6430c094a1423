/**
 * The app's one way into the browser's local storage, and the one place where a refused write to
 * local storage or IndexedDB is reported. A browser may refuse storage at any time: full
 * (QuotaExceededError), blocked by the user's settings or a private window (SecurityError on
 * access), or missing. Reads then find nothing and writes return false; nothing here throws.
 *
 * A value whose write was refused is held here for the page's life and read back in place of the
 * stored one, so the page goes on as if it had been saved until the tab closes or reloads (a later
 * write that succeeds replaces it). Pages that can tell the player what is not being kept listen
 * with `onStorageRefused`.
 */

/** What a write keeps: a game (the current game, the archive), an online seat, or a setting. */
export type Kept = 'game' | 'seat' | 'setting';

/** Values whose last write was refused, by key (null: a removal that was refused). */
const heldHere = new Map<string, string | null>();
/** What has been refused on this page, for a page opened after the refusal. */
const refusedKinds = new Set<Kept>();
const listeners = new Set<(what: Kept) => void>();

/** The browser's local storage, or null where it is missing or access to it is refused. */
function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The text stored under `key` (or held on this page after a refused write), or null. */
export function readStored(key: string): string | null {
  if (heldHere.has(key)) return heldHere.get(key) ?? null;
  try {
    return localStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * Stores `value` under `key` (null removes it); returns whether local storage took it. A refusal
 * is reported as the loss of `what`, and the value is held for the page's life instead.
 */
export function writeStored(key: string, value: string | null, what: Kept): boolean {
  try {
    const store = localStore();
    if (!store) throw new Error('this browser gives no local storage');
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
    heldHere.delete(key);
    return true;
  } catch (e) {
    heldHere.set(key, value);
    reportRefused(what, e);
    return false;
  }
}

/**
 * Reports that the browser refused to keep `what` (local storage or IndexedDB): the listeners
 * hear it, and `wasRefused` answers true for the rest of the page's life.
 */
export function reportRefused(what: Kept, reason: unknown): void {
  if (!refusedKinds.has(what)) {
    const why = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
    console.warn(`Citadel: this browser does not keep the ${what} (${why})`);
  }
  refusedKinds.add(what);
  for (const listener of listeners) listener(what);
}

/** Whether a write keeping `what` was refused on this page. */
export const wasRefused = (what: Kept): boolean => refusedKinds.has(what);

/** Calls `listener` on every refused write from now on; returns the function that stops it. */
export function onStorageRefused(listener: (what: Kept) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
