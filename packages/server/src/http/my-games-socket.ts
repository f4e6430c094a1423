/**
 * GET /api/my-games/socket: "my games" pushed (service/my-games-feed.ts). The client sends
 * `{"type": "watch", "tokens": [...]}` (again whenever its seats change); the session cookie, from
 * this server's own pages only, adds the signed-in account's games. The server answers each watch
 * with the whole list and sends it again whenever it changes. The seat tokens travel in messages,
 * never in the URL. A live socket like a game's (live-socket.ts): counted against its address's
 * cap, its messages bounded; a bad one is refused and the watch in place stays.
 */
import { MAX_WATCH_BYTES, myGamesClientMessageSchema, type MyGamesEvent } from '@citadel/protocol';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Accounts } from '../service/accounts.ts';
import type { MyGamesFeed } from '../service/my-games-feed.ts';
import type { LiveConnections } from './live-limits.ts';
import { errorEvent, openLiveSocket, unexpected } from './live-socket.ts';
import type { Wire } from './wire.ts';
import { socketAccount } from './session.ts';

export function myGamesSocketRoute(
  app: FastifyInstance,
  feed: MyGamesFeed,
  accounts: Accounts,
  live: LiveConnections,
  wire: Wire,
): void {
  app.get('/api/my-games/socket', { websocket: true }, (socket: WebSocket, req) => {
    const channel = openLiveSocket(socket, req, live, wire);
    if (!channel) return;
    const send = (e: MyGamesEvent): void => channel.send(e);
    const watch = feed.watch({
      list: (games) => send({ type: 'my-games', games }),
      failed: (e) => {
        if (unexpected(e)) req.log.error(e);
        send(errorEvent(e));
      },
    });
    socket.on('close', () => watch.close());
    /** The account of the socket's session, read at its first watch (the cookie never changes). */
    let accountId: number | null | undefined;
    channel.read(myGamesClientMessageSchema, MAX_WATCH_BYTES, async (m) => {
      accountId ??= (await socketAccount(accounts, req))?.id ?? null;
      watch.set(m.tokens, accountId);
    });
  });
}
