/**
 * The seats this browser holds: a game id's colour and secret token, the token being the only
 * proof of a seat. A seat taken or handed over is held in memory for the page's life, the first
 * place looked in, so that a seat never depends on storage alone; it is also kept in local storage
 * so that a reload, another tab or "my games" finds it. Where the browser refuses storage, the game
 * page hands the seat on itself (seat-handover.ts) and says so.
 */
import { seatSchema, type Seat } from '@citadel/protocol';
import { z } from 'zod';
import { readStored, writeStored } from '../safe-storage.ts';

const KEY = 'citadel.seats';
/** The most seats kept; the oldest are forgotten first. */
const MAX_SEATS = 200;

const savedSchema = z.array(z.tuple([z.string(), seatSchema]));

/** The seats taken or handed over on this page, by game id, oldest first. */
const held = new Map<string, Seat>();
/** The games whose seat local storage refused: this page is all that holds it. */
const onlyHere = new Set<string>();

function stored(): Map<string, Seat> {
  try {
    const parsed = savedSchema.safeParse(JSON.parse(readStored(KEY) ?? '[]'));
    return new Map(parsed.success ? parsed.data : []);
  } catch {
    return new Map();
  }
}

/** The seat held in game `id`, if any: this page's first, else the one kept in storage. */
export function seatIn(id: string): Seat | null {
  return held.get(id) ?? stored().get(id) ?? null;
}

/**
 * Remembers the seat taken in game `id`: held for the page's life and written to local storage;
 * returns whether storage kept it (see `seatOnlyHere`).
 */
export function keepSeat(id: string, seat: Seat): boolean {
  held.delete(id);
  held.set(id, seat);
  const seats = stored();
  seats.delete(id);
  seats.set(id, seat);
  const kept = writeStored(KEY, JSON.stringify([...seats].slice(-MAX_SEATS)), 'seat');
  if (kept) onlyHere.delete(id);
  else onlyHere.add(id);
  return kept;
}

/** Whether the seat in game `id` is held by this page alone: storage refused to keep it. */
export const seatOnlyHere = (id: string): boolean => onlyHere.has(id);

/** Every token held, this page's and storage's, newest last (for "my games"). */
export function allTokens(): string[] {
  const seats = stored();
  for (const [id, seat] of held) {
    seats.delete(id);
    seats.set(id, seat);
  }
  return [...seats.values()].map((s) => s.token).slice(-MAX_SEATS);
}

/**
 * Calls `listener` whenever another tab of this browser changes the seats held (a game created or
 * joined there), until `signal` (the page's life) aborts.
 */
export function onSeatsChanged(signal: AbortSignal, listener: () => void): void {
  const heard = (e: StorageEvent): void => {
    if (e.key === KEY || e.key === null) listener();
  };
  window.addEventListener('storage', heard, { signal });
}
