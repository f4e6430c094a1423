/**
 * The archive of every game played on this device, in the browser's IndexedDB (database
 * `citadel`, store `games`, keyed by the game's id, indexed by the time it last changed). Every
 * call resolves, never throws: without IndexedDB (a private window, an old browser) saving does
 * nothing and listing finds nothing, and the app plays on.
 */
import { parseRecord, type ArchiveRecord } from './archive-record.ts';
import type { SavedReview } from './review-record.ts';

const DB_NAME = 'citadel';
const STORE = 'games';
const BY_UPDATE = 'updatedAt';

let opening: Promise<IDBDatabase | null> | null = null;

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
  return update(record.id, (stored) => ({ ...record, review: record.review ?? stored?.review }));
}

/** Keeps a finished review with the game `id`; false when the game is not in the archive. */
export async function putReview(id: string, review: SavedReview): Promise<boolean> {
  return update(id, (stored) => (stored ? { ...stored, review } : null));
}

/**
 * Reads the record `id` and writes what `change` makes of it (nothing when it makes null), in
 * one transaction; resolves true when something was written.
 */
async function update(
  id: string,
  change: (stored: ArchiveRecord | null) => ArchiveRecord | null,
): Promise<boolean> {
  const db = await open();
  if (!db) return false;
  return new Promise((resolve) => {
    try {
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      let wrote = false;
      const read = store.get(id);
      read.onsuccess = () => {
        const next = change(parseRecord(read.result));
        if (!next) return;
        wrote = true;
        store.put(next);
      };
      tx.oncomplete = () => resolve(wrote);
      tx.onerror = () => resolve(false);
      tx.onabort = () => resolve(false);
    } catch {
      resolve(false);
    }
  });
}

/** The record with this id, or null. */
export async function getRecord(id: string): Promise<ArchiveRecord | null> {
  return parseRecord(await run<unknown>('readonly', null, (s) => s.get(id)));
}

/** Every stored game, the last changed first (records that fail the schema are left out). */
export async function listRecords(): Promise<ArchiveRecord[]> {
  const all = await run<unknown[]>('readonly', [], (s) => s.index(BY_UPDATE).getAll());
  return all
    .map(parseRecord)
    .filter((r): r is ArchiveRecord => r !== null)
    .reverse();
}

/** Removes a game; resolves true when it is gone. */
export async function deleteRecord(id: string): Promise<boolean> {
  const done = await run<undefined | null>('readwrite', null, (s) => s.delete(id));
  return done === undefined;
}
