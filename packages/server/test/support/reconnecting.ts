/**
 * A player's connection as a client keeps it: when the socket drops it connects again by itself
 * (every 200 ms), takes its seat again and goes on from the `state` the server sends.
 */
import type { ServerEvent } from '@citadel/protocol';
import { SocketClient } from './client.ts';

export class ReconnectingPlayer {
  private client: SocketClient;
  private stopped = false;
  /** Every event of every connection, in order. */
  readonly events: ServerEvent[] = [];
  connections = 0;

  constructor(
    private readonly url: string,
    private readonly token: string | null,
  ) {
    this.client = this.connect();
  }

  private connect(): SocketClient {
    const c = new SocketClient(this.url);
    this.connections++;
    c.opened.then(
      () => this.token && c.send({ type: 'auth', token: this.token }),
      () => undefined,
    );
    c.ws.on('message', (d) => this.events.push(JSON.parse(String(d)) as ServerEvent));
    c.ws.on('error', () => undefined);
    c.ws.on('close', () => {
      if (!this.stopped) setTimeout(() => (this.client = this.connect()), 200);
    });
    return c;
  }

  send(message: unknown): void {
    this.client.send(message);
  }

  /** Waits until an event after index `from` satisfies `test`. */
  async waitFor(
    test: (e: ServerEvent) => boolean,
    from = 0,
    timeoutMs = 30_000,
  ): Promise<ServerEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.events.slice(from).find(test);
      if (hit) return hit;
      if (Date.now() > deadline)
        throw new Error(`timed out; last events ${JSON.stringify(this.events.slice(-2))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  close(): void {
    this.stopped = true;
    this.client.close();
  }
}
