/** GET /api/lobby/stream: the lobby pushed (service/lobby-feed.ts), at once and at every change. */
import type { FastifyInstance } from 'fastify';
import type { LobbyFeed } from '../service/lobby-feed.ts';
import type { EventStreams } from './event-stream.ts';

export function lobbyStreamRoute(
  app: FastifyInstance,
  feed: LobbyFeed,
  streams: EventStreams,
): void {
  app.get('/api/lobby/stream', async (req, reply) => {
    const stream = streams.start(req, reply);
    if (!stream) return reply;
    stream.onEnd(feed.listen(stream.send));
  });
}
