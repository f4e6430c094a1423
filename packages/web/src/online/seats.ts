/**
 * The seats this browser holds: a game id's colour and secret token, kept in local storage so a
 * reload, another tab or "my games" finds them. The token is the only proof of a seat.
 */
import { seatSchema, type Seat } from '@citadel/protocol';
import { z } from 'zod';

const KEY = 'citadel.seats';
/** The most seats kept; the oldest are forgotten first. */
const MAX_SEATS = 200;

const savedSchema = z.array(z.tuple([z.string(), seatSchema]));

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function load(): Map<string, Seat> {
  try {
    const parsed = savedSchema.safeParse(JSON.parse(storage()?.getItem(KEY) ?? '[]'));
    return new Map(parsed.success ? parsed.data : []);
  } catch {
    return new Map();
  }
}

/** The seat held in game `id`, if any. */
export function seatIn(id: string): Seat | null {
  return load().get(id) ?? null;
}

/** Remembers the seat taken in game `id`. */
export function keepSeat(id: string, seat: Seat): void {
  const seats = load();
  seats.delete(id);
  seats.set(id, seat);
  const kept = [...seats].slice(-MAX_SEATS);
  try {
    storage()?.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or disabled: the seat lasts as long as the page.
  }
}

/** Every token held, newest last (for "my games"). */
export function allTokens(): string[] {
  return [...load().values()].map((s) => s.token);
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
