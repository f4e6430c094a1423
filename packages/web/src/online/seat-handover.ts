/**
 * How a seat reaches the game page without storage. The history entry of the game's page carries
 * its seat in its state (it survives a reload and going back and forth in the tab), and the
 * private seat link carries it in the address's fragment, `/game/<id>#seat=<colour>.<token>`: a
 * fragment never goes to a server, so the token reaches no log. The page takes the fragment out
 * of the address bar as soon as it has read it.
 */
import { seatSchema, type Seat } from '@citadel/protocol';

/** The history state's field holding the seat of the game shown. */
const STATE_FIELD = 'citadelSeat';
const FRAGMENT = /^#seat=(white|black)\.([A-Za-z0-9_-]+)$/;

/** The private seat link of game `id`: whoever opens it plays `seat`. */
export const seatLink = (id: string, seat: Seat): string =>
  `${location.origin}/game/${id}#seat=${seat.color}.${seat.token}`;

/**
 * The seat the address's fragment hands over, if any (null too for a fragment that is not a
 * seat). Any `#seat=` fragment leaves the address bar, read or not.
 */
export function takeSeatFromAddress(): Seat | null {
  if (!location.hash.startsWith('#seat=')) return null;
  const m = FRAGMENT.exec(location.hash);
  history.replaceState(history.state, '', location.pathname + location.search);
  const seat = m ? seatSchema.safeParse({ color: m[1], token: m[2] }) : null;
  return seat?.success ? seat.data : null;
}

/** The seat of game `id` that this history entry carries, if any. */
export function seatFromHistory(id: string): Seat | null {
  const state = history.state as Record<string, unknown> | null;
  const carried = state && typeof state === 'object' ? state[STATE_FIELD] : null;
  if (!carried || typeof carried !== 'object' || (carried as { id?: unknown }).id !== id)
    return null;
  const { color, token } = carried as Record<string, unknown>;
  const seat = seatSchema.safeParse({ color, token });
  return seat.success ? seat.data : null;
}

/** Puts the seat of game `id` in this history entry's state (the page shows that game). */
export function carrySeatInHistory(id: string, seat: Seat): void {
  const state = history.state as Record<string, unknown> | null;
  const base = state && typeof state === 'object' ? state : {};
  history.replaceState(
    { ...base, [STATE_FIELD]: { id, ...seat } },
    '',
    location.pathname + location.search,
  );
}
