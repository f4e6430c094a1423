/**
 * What every WebSocket of the API does alike (a game's, "my games"'): it takes a place against its
 * address's cap of live connections, or is told 429 and closed; it is pinged, and dropped when it
 * stops answering; a reader that falls behind is dropped rather than buffered for (live-limits.ts);
 * and it reads its client's messages within bounds: each at most its route's size (else the socket
 * is closed, 1009), a burst of BURST then RATE a second (else refused with 429, and the socket
 * closed if it keeps on), one JSON object its route's schema accepts (else refused with 400, its
 * first problem named), handled one at a time in order, a failure told as an error event with the
 * status HTTP would answer. A refused message changes nothing; nothing a client sends throws.
 * Every socket opens with the server's hello (wire.ts); the client says its protocol version in
 * the URL's `v` (a version that cannot be read is refused and the socket closed), and every
 * message of a client older than the server is refused with 426 while the events still flow.
 */
import { describeIssues, type SocketError } from '@citadel/protocol';
import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { z } from 'zod';
import { Refusal } from '../service/errors.ts';
import { isDatabaseUnavailable } from '../storage/connection-loss.ts';
import { DATABASE_UNAVAILABLE } from './errors.ts';
import { TOO_MANY_LIVE } from './event-stream.ts';
import { MAX_BUFFERED_BYTES, type LiveConnections } from './live-limits.ts';
import { REFUSAL_STATUS } from './refusal-status.ts';
import { PROBE_MS, RoundTrips } from './round-trips.ts';
import {
  OUTDATED_STATUS,
  clientProtocol,
  helloOf,
  outdated,
  outdatedText,
  type Wire,
} from './wire.ts';

/** Messages a connection may send: a burst of BURST, then RATE a second. */
const BURST = 20;
const RATE = 5;
/** A connection that keeps flooding after being told is closed. */
const MAX_REFUSED = 20;
/** A socket that does not answer a WebSocket ping within this time is dropped. */
const HEARTBEAT_MS = 25_000;
/** The WebSocket close code of a message over the size limit. */
export const MESSAGE_TOO_BIG = 1009;

class Bucket {
  private tokens = BURST;
  private at = Date.now();
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(BURST, this.tokens + ((now - this.at) / 1000) * RATE);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** A failure as a socket tells it, with the status and sentence HTTP would answer. */
export function errorEvent(e: unknown): SocketError {
  if (e instanceof Refusal)
    return { type: 'error', error: e.message, status: REFUSAL_STATUS[e.kind] };
  if (isDatabaseUnavailable(e)) return { type: 'error', error: DATABASE_UNAVAILABLE, status: 503 };
  return { type: 'error', error: 'internal error', status: 500 };
}

const refusal = (error: string, status: number): SocketError => ({ type: 'error', error, status });

/** Whether a failure is one worth the log: not a refusal, nor the database away. */
export const unexpected = (e: unknown): boolean =>
  !(e instanceof Refusal || isDatabaseUnavailable(e));

const sizeOf = (data: RawData): number =>
  Array.isArray(data)
    ? data.reduce((n, b) => n + b.length, 0)
    : data instanceof ArrayBuffer
      ? data.byteLength
      : data.length;

/** The value of a JSON text; undefined (which no JSON text is) when it is not one. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A live socket that holds its place. */
export interface LiveSocket {
  /** Sends one event (nothing once closed; a reader far behind is dropped instead). */
  send(event: { readonly type: string }): void;
  /**
   * Hands `handle` each message the client sends that is within bounds and that `schema`
   * accepts, one at a time in order; what it throws is told to the client as an error event.
   */
  read<M>(schema: z.ZodType<M>, maxBytes: number, handle: (m: M) => Promise<void>): void;
  /**
   * Starts timing the connection's round trip with ping frames (round-trips.ts), at once and
   * every PROBE_MS; returns the estimate's reader (null until the first pong).
   */
  measureRoundTrips(): () => number | null;
}

/**
 * Takes a place for `socket` (opened by `req`) against its address's cap and starts its
 * heartbeat, having sent the hello; null when the address holds its cap already, or the client's
 * version cannot be read, having told the client and closed it. The place is given back when the
 * socket closes.
 */
export function openLiveSocket(
  socket: WebSocket,
  req: FastifyRequest,
  live: LiveConnections,
  wire: Wire,
): LiveSocket | null {
  const send = (e: { readonly type: string }): void => {
    if (socket.readyState !== socket.OPEN) return;
    // A reader that stopped reading: drop it rather than buffer its events (live-limits.ts).
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return socket.terminate();
    socket.send(JSON.stringify(wire.outgoing(e)));
  };
  send(helloOf(wire));
  const client = clientProtocol(req);
  if ('error' in client) {
    send(refusal(client.error, 400));
    socket.close(1008, 'bad protocol version');
    return null;
  }
  if (!live.open(req.ip)) {
    send(refusal(TOO_MANY_LIVE, 429));
    socket.close(1008, 'too many connections');
    return null;
  }
  let alive = true;
  socket.on('pong', () => (alive = true));
  const heartbeat = setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
  }, HEARTBEAT_MS);
  let trips: RoundTrips | null = null;
  let probes: ReturnType<typeof setInterval> | null = null;
  socket.on('close', () => {
    clearInterval(heartbeat);
    if (probes) clearInterval(probes);
    live.close(req.ip);
  });

  return {
    send,
    measureRoundTrips() {
      if (!trips) {
        const t = (trips = new RoundTrips());
        const probe = (): void => {
          const payload = t.probe(performance.now());
          if (payload && socket.readyState === socket.OPEN) socket.ping(payload);
        };
        socket.on('pong', (data) => t.pong(data, performance.now()));
        probe();
        probes = setInterval(probe, PROBE_MS);
      }
      const measured = trips;
      return () => measured.estimate();
    },
    read(schema, maxBytes, handle) {
      const bucket = new Bucket();
      let refused = 0;
      let chain: Promise<unknown> = Promise.resolve();
      const refuse = (error: string, status: number): void => send(refusal(error, status));
      socket.on('message', (data, isBinary) => {
        if (sizeOf(data) > maxBytes) return socket.close(MESSAGE_TOO_BIG, 'message too big');
        if (!bucket.take()) {
          refuse('too many messages: slow down', 429);
          if (++refused > MAX_REFUSED) socket.close(1008, 'flood');
          return;
        }
        chain = chain.then(async () => {
          if (outdated(wire, client.version))
            return refuse(outdatedText(wire, client.version!), OUTDATED_STATUS);
          const json = isBinary ? undefined : parseJson(String(data));
          if (json === undefined) return refuse('a message is one JSON object', 400);
          const parsed = schema.safeParse(json, { reportInput: true });
          if (!parsed.success) return refuse(describeIssues(parsed.error.issues), 400);
          try {
            await handle(parsed.data);
          } catch (e) {
            if (unexpected(e)) req.log.error(e);
            send(errorEvent(e));
          }
        });
      });
    },
  };
}
