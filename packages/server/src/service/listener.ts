/** Someone watching a game: a socket or a stream, with the seat it plays (null: spectator). */
import type { Color, ServerEvent } from '@citadel/protocol';

export interface Listener {
  color: Color | null;
  send(event: ServerEvent): void;
  /** The round trip measured on this connection (ms), null before the first; none for a stream. */
  readonly roundTrip?: () => number | null;
}
