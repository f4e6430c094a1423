/**
 * One tournament as the server pushes it (GET /api/tournaments/<id>/stream, as server-sent
 * events): the whole tournament first, then pairings, standings and the end, each checked against
 * the protocol. The browser's EventSource connects again by itself after a dropped connection (and
 * the server then sends the whole tournament again); a refused one is opened again after RETRY_MS.
 * After the `end` event the stream is over and is not opened again. The page's protocol version
 * goes in the URL; the server's hello, and an event the page cannot read, go to the update banner.
 */
import { readServerMessage, tournamentEventSchema, type TournamentEvent } from '@citadel/protocol';
import { delay, onAbort } from '../../lifetime.ts';
import { withVersion } from '../../updates/page-version.ts';
import { serverSays, unreadableMessage } from '../../updates/update-notice.ts';

const RETRY_MS = 3000;

export interface TournamentFeedEvents {
  readonly event: (event: TournamentEvent) => void;
  /** Whether the feed is connected (false: what is shown may be old). */
  readonly connected: (connected: boolean) => void;
}

/** Opens the feed of tournament `id`, closed when `signal` (the page's life) aborts. */
export function openTournamentFeed(
  id: string,
  signal: AbortSignal,
  events: TournamentFeedEvents,
): void {
  if (signal.aborted) return;
  let source: EventSource | null = null;
  let over = false;
  const open = (): void => {
    const es = new EventSource(withVersion(`/api/tournaments/${encodeURIComponent(id)}/stream`));
    source = es;
    es.onopen = () => events.connected(true);
    es.onmessage = (m: MessageEvent<unknown>) => {
      const message = readServerMessage(String(m.data), tournamentEventSchema);
      if (message.kind === 'hello') serverSays(message.hello);
      else if (message.kind === 'unreadable') unreadableMessage(message.why);
      else {
        if (message.event.type === 'end') {
          // The server ends the stream after its end: there is nothing more to wait for.
          over = true;
          es.close();
        }
        events.event(message.event);
      }
    };
    es.onerror = () => {
      if (over) return;
      events.connected(false);
      if (es.readyState !== EventSource.CLOSED || signal.aborted) return;
      delay(signal, RETRY_MS, open);
    };
  };
  open();
  onAbort(signal, () => source?.close());
}
