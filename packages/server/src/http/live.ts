/**
 * The live channels of a game. WebSocket (GET /api/games/:id/socket): client messages checked
 * against the protocol's schema within a socket's bounds (live-socket.ts), one seat per socket
 * after `auth`. Stream
 * (GET /api/games/:id/stream): the same events as NDJSON, or as server-sent events when asked.
 */
import {
  clientMessageSchema,
  MAX_MESSAGE_BYTES,
  type ClientMessage,
  type Color,
  type ServerEvent,
} from '@citadel/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import type { Accounts } from '../service/accounts.ts';
import { Refusal } from '../service/errors.ts';
import type { Account, Games, Listener } from '../service/games.ts';
import type { EventStreams } from './event-stream.ts';
import type { LiveConnections } from './live-limits.ts';
import { errorEvent, openLiveSocket } from './live-socket.ts';
import { socketAccount } from './session.ts';
import { bearer, gameParams } from './validate.ts';
import type { Wire } from './wire.ts';

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
      await games.move(id, by, m.move, m.ply, m.moveTime);
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
    case 'berserk':
      await games.berserk(id, by);
      break;
    case 'add-time':
      await games.addTime(id, by);
      break;
    case 'draw':
    case 'takeback':
    case 'rematch':
      await games.offer(id, by, m.type, m.action);
      break;
  }
  return null;
}

export function liveRoutes(
  app: FastifyInstance,
  games: Games,
  accounts: Accounts,
  live: LiveConnections,
  streams: EventStreams,
  wire: Wire,
): void {
  app.get('/api/games/:id/socket', { websocket: true }, (socket: WebSocket, req) => {
    const channel = openLiveSocket(socket, req, live, wire);
    if (!channel) return;
    const send = (e: ServerEvent): void => channel.send(e);
    const listener: Listener = { color: null, send, roundTrip: channel.measureRoundTrips() };
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
    channel.read(clientMessageSchema, MAX_MESSAGE_BYTES, async (m) => {
      await ready;
      if (!unlisten) return;
      const reply = await handle(games, id, listener, m, () => socketAccount(accounts, req));
      if (reply) send(reply);
    });
    socket.on('close', () => void ready.then(() => unlisten?.()));
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
