/**
 * Bounds on live connections, so that no client can hold the server's memory: each address may
 * hold a limited number of sockets and streams together, and a connection whose reader has stopped
 * reading (its unsent events piling up in memory) is closed instead of buffered for ever.
 */

/** Bytes a connection may have waiting to be sent before it counts as stalled and is closed. */
export const MAX_BUFFERED_BYTES = 1 << 20;

/** Live connections (sockets and streams together) one address may hold when not configured. */
export const DEFAULT_LIVE_PER_ADDRESS = 64;

/** How many live connections each address holds, against a cap. */
export class LiveConnections {
  private readonly byAddress = new Map<string, number>();

  constructor(readonly perAddress: number) {}

  /** Takes a place for `address`; false (nothing taken) when it holds its cap already. */
  open(address: string): boolean {
    const held = this.byAddress.get(address) ?? 0;
    if (held >= this.perAddress) return false;
    this.byAddress.set(address, held + 1);
    return true;
  }

  /** Gives back a place `open` took. */
  close(address: string): void {
    const held = (this.byAddress.get(address) ?? 0) - 1;
    if (held > 0) this.byAddress.set(address, held);
    else this.byAddress.delete(address);
  }

  held(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }
}

/** The part of an HTTP response (or any writable stream) that a stream of events writes to. */
export interface EventSink {
  readonly writableEnded: boolean;
  readonly writableLength: number;
  write(text: string): boolean;
  destroy(): void;
}

/**
 * Writes `text` to a reader that keeps up; a reader already more than `limit` bytes behind is
 * dropped (destroyed: it reconnects and gets the whole state afresh) and nothing is written.
 * Returns whether the text was written.
 */
export function writeUnlessStalled(
  out: EventSink,
  text: string,
  limit = MAX_BUFFERED_BYTES,
): boolean {
  if (out.writableEnded) return false;
  if (out.writableLength > limit) {
    out.destroy();
    return false;
  }
  out.write(text);
  return true;
}
