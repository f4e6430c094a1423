/**
 * Which seat this browser plays in a game it opens: the seat whose token it keeps; else the free
 * seat of a game waiting for an opponent, taken at once (a rated game's seat is refused to a
 * guest, who then watches and is asked to sign in); else the signed-in account's seat, played by
 * its session; else none, to watch.
 */
import { ApiError, COLORS, type Color, type GameState } from '@citadel/protocol';
import { knownAccount, signedIn } from './account-state.ts';
import { api } from './api.ts';
import { keepSeat, seatIn } from './seats.ts';

export interface SeatChoice {
  /** The game as the server has it once the seat is taken. */
  readonly state: GameState;
  readonly you: Color | null;
  /** The seat's token, 'session' when the account's session takes the seat, or null to watch. */
  readonly seat: string | 'session' | null;
  /** Why the free seat was refused (a rated game needs an account), if it was. */
  readonly refused: string | null;
}

/** Finds or takes this browser's seat in game `id`; throws what the server answered otherwise. */
export async function chooseSeat(id: string): Promise<SeatChoice> {
  let state = await api.state(id);
  let seat = seatIn(id);
  let refused: string | null = null;
  if (!seat && state.status === 'waiting') {
    try {
      seat = (await api.join(id)).seat;
      keepSeat(id, seat);
      state = await api.state(id);
    } catch (e) {
      if (!(e instanceof ApiError && (e.status === 409 || e.status === 403))) throw e;
      // A rated game's free seat is for an account: the guest watches and is asked to sign in.
      if (e.status === 403) refused = e.message;
    }
  }
  if (seat) return { state, you: seat.color, seat: seat.token, refused };
  // No seat kept in this browser: a signed-in account plays its seat by its session.
  const me = (await knownAccount()).kind === 'signed-in' ? signedIn()?.username : undefined;
  const mine = COLORS.find((c) => me !== undefined && state.players[c]?.name === me) ?? null;
  return { state, you: mine, seat: mine ? 'session' : null, refused };
}
