/**
 * Test clients: raw requests over @citadel/protocol's API client (any body, token and cookie, the
 * answer as it came), and a WebSocket that queues the server's events for `next`.
 */
import { CitadelApi, type Hello, type HttpHeaders, type ServerEvent } from '@citadel/protocol';
import WebSocket from 'ws';

export interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
  readonly headers: HttpHeaders;
}

/** The session cookie a register or login answer sets, as a `cookie` header's value. */
export const cookieOf = (h: HttpHeaders): string => (h.get('set-cookie') ?? '').split(';')[0]!;

export function api(base: string) {
  const client = new CitadelApi({ base });
  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    token?: string,
    cookie?: string,
  ): Promise<Answer<T>> => {
    const r = await client.send(path, {
      method,
      ...(body !== undefined ? { body } : {}),
      ...(token ? { token } : {}),
      ...(cookie ? { headers: { cookie } } : {}),
    });
    const text = await r.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (PGN, HTML)
    }
    return { status: r.status, body: parsed as T, headers: r.headers };
  };
  return {
    get: <T = Record<string, unknown>>(path: string, token?: string, cookie?: string) =>
      call<T>('GET', path, undefined, token, cookie),
    post: <T = Record<string, unknown>>(
      path: string,
      body: unknown = {},
      token?: string,
      cookie?: string,
    ) => call<T>('POST', path, body, token, cookie),
  };
}

/**
 * A socket's client; `E`: the events its server sends (a game's by default, after the hello that
 * opens every socket).
 */
export class SocketClient<E extends { readonly type: string } = ServerEvent | Hello> {
  readonly events: E[] = [];
  private waiters: Array<() => void> = [];
  private read = 0;
  readonly ws: WebSocket;
  readonly opened: Promise<void>;

  /** `headers`: sent with the opening request (a session cookie, an Origin). */
  constructor(url: string, headers?: Record<string, string>) {
    this.ws = new WebSocket(url, headers ? { headers } : {});
    this.opened = new Promise((done, fail) => {
      this.ws.once('open', () => done());
      this.ws.once('error', fail);
    });
    this.ws.on('message', (data) => {
      this.events.push(JSON.parse(String(data)) as E);
      for (const w of this.waiters.splice(0)) w();
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next event of `type` not read yet (events before it are skipped). */
  async next<K extends E['type']>(type: K, timeoutMs = 10_000): Promise<Extract<E, { type: K }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.read < this.events.length) {
        const e = this.events[this.read++]!;
        if (e.type === type) return e as Extract<E, { type: K }>;
      }
      if (Date.now() > deadline)
        throw new Error(
          `no '${type}' event within ${timeoutMs} ms; got ${JSON.stringify(this.events.slice(-3))}`,
        );
      await new Promise<void>((done) => {
        const t = setTimeout(done, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(t);
          done();
        });
      });
    }
  }

  close(): void {
    this.ws.close();
  }
}
