/**
 * "My games" as the server pushes it (GET /api/my-games/socket): on every connection the seat
 * tokens this browser holds are sent in a `watch` message (never in the URL), and again whenever
 * they change; the session cookie adds the signed-in account's games. The whole list comes at
 * once and again at every change, each checked against the protocol. A dropped connection is made
 * again by itself, after a wait that doubles from RETRY_MS's first to its last, and at once when
 * the browser comes back online or the page is shown again. The page's protocol version goes in the
 * URL; the server's hello, and a message the page cannot read, go to the update banner.
 */
import {
  myGamesEventSchema,
  readServerMessage,
  type MyGamesResponse,
  type MyGamesWatch,
} from '@citadel/protocol';
import { withVersion } from '../updates/page-version.ts';
import { serverSays, unreadableMessage } from '../updates/update-notice.ts';
import { onAbort } from '../lifetime.ts';

export type MyGamesList = MyGamesResponse['games'];

/** Waits before connecting again: doubled after each failure, up to the last one. */
const RETRY_MS = [250, 500, 1000, 2000, 4000, 8000];

export interface MyGamesFeedEvents {
  /** The whole list, at once after each watch and again at every change. */
  readonly games: (games: MyGamesList) => void;
  /** Whether the feed is connected (false: the list shown may be old while it connects again). */
  readonly connected: (connected: boolean) => void;
  /** The server's words for a message it refused, or a list it could not read now. */
  readonly problem: (text: string) => void;
  /** A connection closed before it brought any list: the socket may be unavailable here. */
  readonly failed: () => void;
}

export interface MyGamesFeed {
  /** Sends the seats held now (after they changed in another tab). */
  rewatch(): void;
  /** Connects again at once: the session's cookie (a new account) goes with the new connection. */
  reconnect(): void;
}

/**
 * Opens the feed of the seats `tokens()` names (read at every watch), closed for good when
 * `signal` (the page's life) aborts.
 */
export function openMyGamesFeed(
  signal: AbortSignal,
  tokens: () => string[],
  events: MyGamesFeedEvents,
): MyGamesFeed {
  let ws: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;

  const watch = (socket: WebSocket): void => {
    if (socket.readyState !== WebSocket.OPEN) return;
    const message: MyGamesWatch = { type: 'watch', tokens: tokens() };
    socket.send(JSON.stringify(message));
  };

  const connect = (): void => {
    retry = null;
    let socket: WebSocket;
    try {
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${location.host}${withVersion('/api/my-games/socket')}`);
    } catch {
      // No WebSocket here (or one the page may not open): as if it had closed at once.
      events.connected(false);
      events.failed();
      return;
    }
    ws = socket;
    let listed = false;
    socket.onopen = () => {
      events.connected(true);
      watch(socket);
    };
    socket.onmessage = (m: MessageEvent<unknown>) => {
      if (typeof m.data !== 'string') return unreadableMessage('a message is not text');
      const message = readServerMessage(m.data, myGamesEventSchema);
      if (message.kind === 'hello') return serverSays(message.hello);
      if (message.kind === 'unreadable') return unreadableMessage(message.why);
      const e = message.event;
      if (e.type === 'error') return events.problem(e.error);
      listed = true;
      failures = 0;
      events.games(e.games);
    };
    socket.onclose = () => {
      if (ws !== socket) return;
      ws = null;
      events.connected(false);
      if (!listed) events.failed();
      if (signal.aborted) return;
      const wait = RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!;
      retry = setTimeout(connect, wait);
    };
  };

  /** Connects at once unless connected (or the page is hidden: it waits to be shown). */
  const now = (): void => {
    if (signal.aborted || ws || document.visibilityState === 'hidden') return;
    if (retry) clearTimeout(retry);
    connect();
  };
  window.addEventListener('online', now, { signal });
  document.addEventListener('visibilitychange', now, { signal });
  onAbort(signal, () => {
    if (retry) clearTimeout(retry);
    const old = ws;
    ws = null;
    old?.close();
  });
  if (!signal.aborted) connect();

  return {
    rewatch: () => {
      if (ws) watch(ws);
    },
    reconnect: () => {
      const old = ws;
      ws = null;
      old?.close();
      failures = 0;
      now();
    },
  };
}
