/**
 * The archive of every game played on this device, in the browser's IndexedDB (database
 * `citadel`, store `games`, keyed by the game's id, indexed by the time it last changed). Every
 * call resolves, never throws. A write the browser refuses (no IndexedDB in a private window or
 * an old browser, storage full, access denied) is reported to safe-storage.ts, whose notice tells
 * the player, and the record is held in memory for the page's life instead: listed, opened and
 * reviewed like the stored ones until the tab closes.
 */
import { reportRefused } from '../safe-storage.ts';
import { parseRecord, type ArchiveRecord } from './archive-record.ts';
import type { SavedReview } from './review-record.ts';

const DB_NAME = 'citadel';
const STORE = 'games';
const BY_UPDATE = 'updatedAt';

let opening: Promise<IDBDatabase | null> | null = null;
/** The records whose last write was refused, held for the page's life, by id. */
const heldHere = new Map<string, ArchiveRecord>();

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: 'id' });
        store.createIndex(BY_UPDATE, 'updatedAt');
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

/** Runs one request in a transaction; resolves to its result, or `fallback` on any failure. */
async function run<T>(
  mode: IDBTransactionMode,
  fallback: T,
  make: (store: IDBObjectStore) => IDBRequest,
): Promise<T> {
  const db = await open();
  if (!db) return fallback;
  return new Promise((resolve) => {
    try {
      const tx = db.transaction(STORE, mode);
      const request = make(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result as T);
      tx.onerror = () => resolve(fallback);
      tx.onabort = () => resolve(fallback);
    } catch {
      resolve(fallback);
    }
  });
}

/**
 * Saves (adds or replaces) a game's record; resolves true when it is stored. A record without a
 * review keeps the review stored with it before (the play page writes a game on every change;
 * whether a review still fits the moves is decided where it is shown).
 */
export async function putRecord(record: ArchiveRecord): Promise<boolean> {
  const change = (stored: ArchiveRecord | null): ArchiveRecord => ({
    ...record,
    review: record.review ?? stored?.review,
  });
  return (await update(record.id, change)) === 'written';
}

/**
 * Keeps a finished review with the game `id`; false when the game is not in the archive or the
 * browser refused the write (the review is then held for the page's life).
 */
export async function putReview(id: string, review: SavedReview): Promise<boolean> {
  return (await update(id, (stored) => (stored ? { ...stored, review } : null))) === 'written';
}

/**
 * Reads the record `id` (the one held here first) and writes what `change` makes of it (nothing
 * when it makes null), in one transaction. Resolves 'written', 'unchanged' (`change` made null),
 * or 'held here': the browser refused, the refusal is reported and the record held in memory.
 */
async function update(
  id: string,
  change: (stored: ArchiveRecord | null) => ArchiveRecord | null,
): Promise<'written' | 'unchanged' | 'held here'> {
  const refused = (reason: unknown): 'held here' | 'unchanged' => {
    const current = heldHere.get(id);
    const next = change(current ?? null);
    if (!next) return 'unchanged';
    heldHere.set(id, next);
    reportRefused('game', reason);
    return 'held here';
  };
  // A record held here is the newest: it is the one changed, and written if storage takes it.
  const mine = heldHere.get(id);
  const db = await open();
  if (!db) return refused(new Error('IndexedDB is not available'));
  return new Promise((resolve) => {
    let next: ArchiveRecord | null = null;
    /** Why the write failed where the transaction does not say (a put that threw). */
    let thrown: unknown = null;
    const failed = (reason: unknown): void => resolve(refused(reason));
    try {
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      const read = store.get(id);
      read.onsuccess = () => {
        next = change(mine ?? parseRecord(read.result));
        if (!next) return;
        try {
          store.put(next);
        } catch (e) {
          thrown = e;
          tx.abort();
        }
      };
      tx.oncomplete = () => {
        if (!next) return resolve('unchanged');
        if (heldHere.get(id) === mine) heldHere.delete(id);
        resolve('written');
      };
      tx.onerror = () => failed(tx.error ?? thrown);
      tx.onabort = () => failed(tx.error ?? thrown ?? new Error('the write was aborted'));
    } catch (e) {
      failed(e);
    }
  });
}

/** The record with this id (the one held here first), or null. */
export async function getRecord(id: string): Promise<ArchiveRecord | null> {
  const mine = heldHere.get(id);
  if (mine) return mine;
  return parseRecord(await run<unknown>('readonly', null, (s) => s.get(id)));
}

/**
 * Every game, stored or held here, the last changed first (stored records that fail the schema
 * are left out).
 */
export async function listRecords(): Promise<ArchiveRecord[]> {
  const all = await run<unknown[]>('readonly', [], (s) => s.index(BY_UPDATE).getAll());
  const stored = all.map(parseRecord).filter((r): r is ArchiveRecord => r !== null);
  const merged = stored.filter((r) => !heldHere.has(r.id)).concat([...heldHere.values()]);
  return merged.sort((a, b) => b.updatedAt - a.updatedAt);
}

/** Whether some game of the archive is held by this page alone (the browser refused to store it). */
export const someHeldHere = (): boolean => heldHere.size > 0;

/** Removes a game; resolves true when it is gone (from storage, and from this page's memory). */
export async function deleteRecord(id: string): Promise<boolean> {
  const wasHere = heldHere.delete(id);
  const done = await run<undefined | null>('readwrite', null, (s) => s.delete(id));
  return done === undefined || wasHere;
}
