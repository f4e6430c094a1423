/**
 * The live channel to one game (GET /api/games/:id/socket): takes the seat with the browser's
 * token or the signed-in account's session, passes every server event on after reading it with
 * the protocol (fields this page does not know are dropped), measures the lag and the server's
 * clock offset with pings, and reconnects by itself after a dropped connection (the server answers
 * every new connection with the whole game, so nothing is missed). The page's protocol version
 * goes in the URL; the server's hello, and any message the page cannot read, go to the update
 * banner (updates/update-notice.ts), never dropped in silence.
 */
import {
  readServerMessage,
  serverEventSchema,
  type ClientMessage,
  type ServerEvent,
} from '@citadel/protocol';
import { withVersion } from '../updates/page-version.ts';
import { serverSays, unreadableMessage } from '../updates/update-notice.ts';
import { onAbort } from '../lifetime.ts';

export type Connection = 'connecting' | 'open' | 'closed';

export interface SocketEvents {
  readonly event: (e: ServerEvent) => void;
  readonly connection: (state: Connection) => void;
}

const PING_EVERY_MS = 4000;
/** Waits before reconnecting: doubled after each failure, up to the last one. */
const RETRY_MS = [250, 500, 1000, 2000, 4000];

export class GameSocket {
  private ws: WebSocket | null = null;
  private closedByUs = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  /** Half the last ping's round trip in ms: the lag the clocks are shown with. */
  lag = 0;
  /** Server epoch ms minus this browser's, measured by the pings. */
  offset = 0;

  /**
   * `seat`: how to take the seat on every connection — `{ token }`, `{}` for the signed-in
   * account's seat (its session cookie), or null to watch. The channel is closed for good when
   * `signal` (the page's life) aborts.
   */
  constructor(
    private readonly id: string,
    private readonly seat: { readonly token?: string } | null,
    signal: AbortSignal,
    private readonly events: SocketEvents,
  ) {
    if (signal.aborted) return;
    this.connect();
    window.addEventListener('online', this.reconnectNow, { signal });
    document.addEventListener('visibilitychange', this.reconnectNow, { signal });
    onAbort(signal, () => this.close());
  }

  /** The server's time now, as measured. */
  serverNow(): number {
    return Date.now() + this.offset;
  }

  isOpen(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /** Sends a message; false when the connection is down (the caller says so). */
  send(message: ClientMessage): boolean {
    if (!this.isOpen()) return false;
    this.ws!.send(JSON.stringify(message));
    return true;
  }

  private close(): void {
    this.closedByUs = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.stopPings();
    this.ws?.close();
  }

  private readonly reconnectNow = (): void => {
    if (this.closedByUs || document.visibilityState === 'hidden' || this.ws) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.connect();
  };

  private connect(): void {
    this.retryTimer = null;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(
      `${scheme}://${location.host}${withVersion(`/api/games/${encodeURIComponent(this.id)}/socket`)}`,
    );
    this.ws = ws;
    this.events.connection('connecting');
    ws.onopen = () => {
      this.failures = 0;
      if (this.seat) ws.send(JSON.stringify({ type: 'auth', ...this.seat }));
      this.events.connection('open');
      this.ping();
      this.pingTimer = setInterval(() => this.ping(), PING_EVERY_MS);
    };
    ws.onmessage = (m) => this.receive(m.data);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.stopPings();
      this.events.connection('closed');
      if (this.closedByUs) return;
      const wait = RETRY_MS[Math.min(this.failures++, RETRY_MS.length - 1)]!;
      this.retryTimer = setTimeout(() => this.connect(), wait);
    };
  }

  private ping(): void {
    this.send({ type: 'ping', t: Date.now() });
  }

  private stopPings(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return unreadableMessage('a message is not text');
    const message = readServerMessage(data, serverEventSchema);
    if (message.kind === 'hello') return serverSays(message.hello);
    if (message.kind === 'unreadable') return unreadableMessage(message.why);
    const e = message.event;
    if (e.type === 'pong' && e.t !== undefined) {
      const now = Date.now();
      const half = Math.max(0, now - e.t) / 2;
      this.lag = half;
      this.offset = e.serverTime + half - now;
    }
    this.events.event(e);
  }
}
