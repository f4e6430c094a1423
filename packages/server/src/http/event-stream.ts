/**
 * Event streams over HTTP, a game's and the lobby's: one JSON object a line (NDJSON), or
 * server-sent events when the client asks for `text/event-stream`; a keep-alive line every
 * KEEPALIVE_MS; each counted against its address's live connections, and dropped when its reader
 * falls behind (live-limits.ts). A closing server ends them all (their clients connect again).
 * Each opens with the server's hello, and carries its version headers (wire.ts).
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { writeUnlessStalled, type LiveConnections } from './live-limits.ts';
import { helloOf, versionHeaders, type Wire } from './wire.ts';

const KEEPALIVE_MS = 20_000;
export const TOO_MANY_LIVE = 'too many live connections from this address: close some games first';

/** One open stream. */
export interface EventStream {
  /** Writes one event (nothing once the stream has ended, or when its reader is far behind). */
  send(event: { readonly type: string }): void;
  /** Calls `done` once the stream has ended (at once if it has): the client left, or the end. */
  onEnd(done: () => void): void;
  end(): void;
}

export class EventStreams {
  private readonly open = new Set<ServerResponse>();

  constructor(
    app: FastifyInstance,
    private readonly live: LiveConnections,
    private readonly wire: Wire,
  ) {
    app.addHook('preClose', (done) => {
      for (const raw of this.open) raw.end();
      done();
    });
  }

  /**
   * Starts answering `req` with a stream; null when its address holds its cap of live
   * connections, having answered 429.
   */
  start(req: FastifyRequest, reply: FastifyReply): EventStream | null {
    if (!this.live.open(req.ip)) {
      void reply.code(429).send({ error: TOO_MANY_LIVE });
      return null;
    }
    const sse = (req.headers.accept ?? '').includes('text/event-stream');
    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, {
      'content-type': sse
        ? 'text/event-stream; charset=utf-8'
        : 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...versionHeaders(this.wire),
    });
    const keepalive = setInterval(
      () => writeUnlessStalled(raw, sse ? ': keepalive\n\n' : '\n'),
      KEEPALIVE_MS,
    );
    this.open.add(raw);
    const ends: Array<() => void> = [];
    let ended = false;
    const done = (): void => {
      if (ended) return;
      ended = true;
      this.open.delete(raw);
      clearInterval(keepalive);
      this.live.close(req.ip);
      for (const f of ends.splice(0)) f();
    };
    req.raw.on('close', done);
    raw.on('finish', done);
    const send = (e: { readonly type: string }): void => {
      const text = JSON.stringify(this.wire.outgoing(e));
      writeUnlessStalled(raw, sse ? `data: ${text}\n\n` : `${text}\n`);
    };
    send(helloOf(this.wire));
    return {
      send,
      onEnd: (f) => (ended ? f() : void ends.push(f)),
      end: () => raw.end(),
    };
  }
}
