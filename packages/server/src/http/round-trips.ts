/**
 * The round trip of one WebSocket connection, measured by the server itself: it pings the client
 * with WebSocket ping frames (which the client's network stack answers at once, whatever its page
 * is doing) every PROBE_MS and times the pongs. Lag compensation bounds a move's credited lag by
 * it (@citadel/game's lag-compensation.ts): a client cannot claim more network time than its
 * connection shows.
 */

/** How often a game's socket is probed. */
export const PROBE_MS = 2_000;
/** How many recent trips the estimate keeps. */
const SAMPLES = 5;
/** A probe unanswered this long is given up for a new one (a trip longer than PROBE_MS still counts). */
const GIVE_UP_MS = 15_000;

export class RoundTrips {
  private readonly samples: number[] = [];
  /** The probe waiting for its pong: its payload and when it was sent. */
  private pending: { readonly id: string; readonly at: number } | null = null;
  private next = 0;

  /** The payload of a new probe to send at `at`, or null while the last one awaits its pong. */
  probe(at: number): Buffer | null {
    if (this.pending && at - this.pending.at < GIVE_UP_MS) return null;
    const id = `rt${this.next++}`;
    this.pending = { id, at };
    return Buffer.from(id);
  }

  /** Takes a pong's payload received at `at`: the trip of the probe it answers, if any. */
  pong(payload: Buffer, at: number): void {
    const p = this.pending;
    if (!p || payload.toString() !== p.id) return;
    this.pending = null;
    this.samples.push(Math.max(0, at - p.at));
    if (this.samples.length > SAMPLES) this.samples.shift();
  }

  /**
   * The round trip to allow for (ms): the longest of the recent trips, so that a move's lag on a
   * jittery link is not cut short; null before the first pong.
   */
  estimate(): number | null {
    return this.samples.length ? Math.max(...this.samples) : null;
  }
}
