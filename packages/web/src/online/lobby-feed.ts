/**
 * The lobby as the server pushes it (GET /api/lobby/stream, as server-sent events): the whole list
 * at once and again at every change, each checked against the protocol. The browser's
 * EventSource connects again by itself after a dropped connection; a refused one (the server
 * answered an error) is opened again after RETRY_MS. The page's protocol version goes in the URL;
 * the server's hello, and an event the page cannot read, go to the update banner.
 */
import { lobbyEventSchema, readServerMessage, type GameSummary } from '@citadel/protocol';
import { withVersion } from '../updates/page-version.ts';
import { serverSays, unreadableMessage } from '../updates/update-notice.ts';
import { delay, onAbort } from '../lifetime.ts';

const RETRY_MS = 3000;

export interface LobbyFeedEvents {
  readonly games: (games: GameSummary[]) => void;
  /** Whether the feed is connected (false: the list shown may be old). */
  readonly connected: (connected: boolean) => void;
}

/** Opens the feed, closed when `signal` (the page's life) aborts. */
export function openLobbyFeed(signal: AbortSignal, events: LobbyFeedEvents): void {
  if (signal.aborted) return;
  let source: EventSource | null = null;
  const open = (): void => {
    const es = new EventSource(withVersion('/api/lobby/stream'));
    source = es;
    es.onopen = () => events.connected(true);
    es.onmessage = (m: MessageEvent<unknown>) => {
      const message = readServerMessage(String(m.data), lobbyEventSchema);
      if (message.kind === 'hello') serverSays(message.hello);
      else if (message.kind === 'unreadable') unreadableMessage(message.why);
      else events.games(message.event.games);
    };
    es.onerror = () => {
      events.connected(false);
      if (es.readyState !== EventSource.CLOSED || signal.aborted) return;
      delay(signal, RETRY_MS, open);
    };
  };
  open();
  onAbort(signal, () => source?.close());
}
