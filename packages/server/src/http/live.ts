/**
 * The live channels. WebSocket (GET /api/games/:id/socket): client messages checked against the
 * protocol's schema, one seat per socket after `auth`, a token bucket per connection. Stream
 * (GET /api/games/:id/stream): the same events as NDJSON, or as server-sent events when asked.
 */
import {
  clientMessageSchema,
  describeIssues,
  type ClientMessage,
  type Color,
  type ServerEvent,
} from '@citadel/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import type { Accounts } from '../service/accounts.ts';
import { Refusal } from '../service/errors.ts';
import { REFUSAL_STATUS } from './refusal-status.ts';
import type { Account, Games, Listener } from '../service/games.ts';
import { isDatabaseUnavailable } from '../storage/connection-loss.ts';
import { DATABASE_UNAVAILABLE } from './errors.ts';
import { TOO_MANY_LIVE, type EventStreams } from './event-stream.ts';
import { fromForeignPage } from './same-origin.ts';
import { MAX_BUFFERED_BYTES, type LiveConnections } from './live-limits.ts';
import { accountOf } from './session.ts';
import { bearer, gameParams } from './validate.ts';

/** Messages a connection may send: a burst of BURST, then RATE a second. */
const BURST = 20;
const RATE = 5;
/** A connection that keeps flooding after being told is closed. */
const MAX_REFUSED = 20;
/** A socket that does not answer a WebSocket ping within this time is dropped (its seat shows away). */
const HEARTBEAT_MS = 25_000;

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

async function handle(
  games: Games,
  id: string,
  listener: Listener,
  m: ClientMessage,
  account: () => Promise<Account | null>,
): Promise<ServerEvent | null> {
  if (m.type === 'ping')
    return { type: 'pong', ...(m.t !== undefined ? { t: m.t } : {}), serverTime: Date.now() };
  if (m.type === 'auth') {
    listener.color = await games.seatOf(id, m.token, m.token ? null : await account());
    await games.resend(id, listener);
    return null;
  }
  const by: Color | null = listener.color;
  if (!by)
    throw new Refusal('forbidden', 'send {"type":"auth","token":...} with your seat token first');
  switch (m.type) {
    case 'move':
      await games.move(id, by, m.move, m.ply);
      break;
    case 'resign':
      await games.resign(id, by);
      break;
    case 'abort':
      await games.abort(id, by);
      break;
    case 'claim-win':
      await games.claimWin(id, by);
      break;
    case 'draw':
    case 'takeback':
    case 'rematch':
      await games.offer(id, by, m.type, m.action);
      break;
  }
  return null;
}

/** A failure as the socket tells it, with the status and sentence HTTP would answer. */
function errorEvent(e: unknown): ServerEvent {
  if (e instanceof Refusal)
    return { type: 'error', error: e.message, status: REFUSAL_STATUS[e.kind] };
  if (isDatabaseUnavailable(e)) return { type: 'error', error: DATABASE_UNAVAILABLE, status: 503 };
  return { type: 'error', error: 'internal error', status: 500 };
}

/**
 * The account of a socket's session cookie, only when the page that opened the socket is this
 * server's own (a browser sends the cookie with a socket another site opens too).
 */
async function socketAccount(accounts: Accounts, req: FastifyRequest): Promise<Account | null> {
  return fromForeignPage(req) ? null : accountOf(accounts, req);
}

export function liveRoutes(
  app: FastifyInstance,
  games: Games,
  accounts: Accounts,
  live: LiveConnections,
  streams: EventStreams,
): void {
  app.get('/api/games/:id/socket', { websocket: true }, (socket: WebSocket, req) => {
    const send = (e: ServerEvent): void => {
      if (socket.readyState !== socket.OPEN) return;
      // A reader that stopped reading: drop it rather than buffer its events (live-limits.ts).
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return socket.terminate();
      socket.send(JSON.stringify(e));
    };
    if (!live.open(req.ip)) {
      send({ type: 'error', error: TOO_MANY_LIVE, status: 429 });
      socket.close(1008, 'too many connections');
      return;
    }
    socket.on('close', () => live.close(req.ip));
    const listener: Listener = { color: null, send };
    const bucket = new Bucket();
    let refused = 0;
    let chain: Promise<unknown> = Promise.resolve();
    let unlisten: (() => void) | null = null;
    const params = gameParams.safeParse(req.params);
    if (!params.success) {
      const error = params.error.issues[0]?.message ?? 'not a game id';
      send({ type: 'error', error, status: 400 });
      socket.close(1008, 'bad game id');
      return;
    }
    const id = params.data.id;
    const ready = games.listen(id, listener).then(
      (off) => {
        unlisten = off;
        if (socket.readyState !== socket.OPEN) off();
      },
      (e: unknown) => {
        send(errorEvent(e));
        socket.close(1008, 'no such game');
      },
    );
    socket.on('message', (data, isBinary) => {
      if (!bucket.take()) {
        send({ type: 'error', error: 'too many messages: slow down', status: 429 });
        if (++refused > MAX_REFUSED) socket.close(1008, 'flood');
        return;
      }
      chain = chain.then(async () => {
        await ready;
        if (!unlisten) return;
        let m: ClientMessage;
        try {
          const parsed = clientMessageSchema.safeParse(isBinary ? null : JSON.parse(String(data)));
          if (!parsed.success)
            return send({ type: 'error', error: describeIssues(parsed.error.issues), status: 400 });
          m = parsed.data;
        } catch {
          return send({ type: 'error', error: 'a message is one JSON object', status: 400 });
        }
        try {
          const reply = await handle(games, id, listener, m, () => socketAccount(accounts, req));
          if (reply) send(reply);
        } catch (e) {
          if (!(e instanceof Refusal || isDatabaseUnavailable(e))) req.log.error(e);
          send(errorEvent(e));
        }
      });
    });
    let alive = true;
    socket.on('pong', () => (alive = true));
    const heartbeat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    socket.on('close', () => {
      clearInterval(heartbeat);
      void ready.then(() => unlisten?.());
    });
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/games/:id/stream', { schema: { params: gameParams } }, async (req, reply) => {
    const id = req.params.id;
    const token = bearer(req);
    const color = token ? await games.seatOf(id, token) : null;
    await games.state(id); // 404 before the stream starts
    const stream = streams.start(req, reply);
    if (!stream) return reply;
    try {
      stream.onEnd(await games.listen(id, { color, send: stream.send }));
    } catch {
      stream.end(); // the database went away meanwhile: the client connects again
    }
  });
}
