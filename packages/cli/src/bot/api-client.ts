/**
 * The online-play server's HTTP API as a bot uses it (docs/api.md): logging in to its account, the
 * lobby, joining and creating games, moves, and a game's event stream (NDJSON, or server-sent
 * events). Every answer is checked against its schema in @citadel/protocol; a refusal throws an
 * `ApiError` with the server's sentence.
 */
import {
  accountSchema,
  createGameResponseSchema,
  errorBodySchema,
  gameStateSchema,
  joinResponseSchema,
  lobbyResponseSchema,
  rematchResponseSchema,
  serverEventSchema,
  sessionSchema,
  type Account,
  type CreateGameRequest,
  type Credentials,
  type OfferAction,
  type ServerEvent,
} from '@citadel/protocol';
import { z } from 'zod';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The server could not be reached at all (refused, unknown host, reset): no answer to read. */
export class UnreachableError extends Error {
  constructor(
    readonly base: string,
    /** The network's code (ECONNREFUSED, ENOTFOUND…), or its message when it gave none. */
    readonly reason: string,
  ) {
    super(`cannot reach the server at ${base} (${reason})`);
  }
}

/** `fetch`, with a failure to connect said as an `UnreachableError` naming the cause. */
async function fetchOrExplain(base: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    if (e instanceof Error && e.name === 'AbortError') throw e;
    const cause = (e as { cause?: { code?: unknown; message?: unknown } }).cause;
    const reason =
      typeof cause?.code === 'string'
        ? cause.code
        : typeof cause?.message === 'string'
          ? cause.message
          : String(e);
    throw new UnreachableError(base, reason);
  }
}

interface Call {
  readonly body?: unknown;
  readonly token?: string;
}

export class ApiClient {
  readonly base: string;
  /** The cookies the server set (the session's, once logged in), sent with every request. */
  private readonly cookies = new Map<string, string>();
  /** The account logged in to, kept to log in again when the server forgets the session. */
  private credentials: Credentials | null = null;

  /** `server`: the server's address (`http://127.0.0.1:8080`). */
  constructor(server: string) {
    const url = new URL(server);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`the server address must start with http:// or https:// (got ${server})`);
    this.base = url.origin;
  }

  /**
   * One request. A refusal for want of an account (401, 403) to a request the session authorises
   * (no seat token), while logged in, is tried once more after logging in again if the server no
   * longer knows the session (expired, or ended by the account's newer ones); `mayRenew` is false
   * for the requests of that renewal themselves.
   */
  private async call<T>(
    path: string,
    schema: z.ZodType<T>,
    init: Call = {},
    mayRenew = true,
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers['authorization'] = `Bearer ${init.token}`;
    if (this.cookies.size)
      headers['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetchOrExplain(this.base, this.base + path, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    this.keepCookies(response.headers);
    const data: unknown = await response.json().catch(() => null);
    if (
      (response.status === 401 || response.status === 403) &&
      !init.token &&
      mayRenew &&
      this.credentials &&
      (await this.sessionLost())
    ) {
      await this.login(this.credentials);
      return this.call(path, schema, init, false);
    }
    if (!response.ok) {
      const body = errorBodySchema.safeParse(data);
      throw new ApiError(
        response.status,
        body.success ? body.data.error : `${path}: the server answered ${response.status}`,
      );
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new ApiError(response.status, `${path}: an answer not understood`);
    return parsed.data;
  }

  /**
   * Logs in to an account: from then on every request is the account's (it may join rated games,
   * and the seats it takes are the account's) until `logout`.
   */
  async login(credentials: Credentials): Promise<Account> {
    const account = await this.call(
      '/api/accounts/login',
      accountSchema,
      { body: credentials },
      false,
    );
    this.credentials = credentials;
    return account;
  }

  /** Ends the session, if any (the server forgets it). */
  async logout(): Promise<void> {
    if (!this.cookies.size) return;
    this.credentials = null;
    await this.call('/api/accounts/logout', z.null(), { body: {} });
    this.cookies.clear();
  }

  /** Whether the server no longer knows this client's session. */
  private async sessionLost(): Promise<boolean> {
    const { account } = await this.call('/api/accounts/session', sessionSchema, {}, false);
    return account === null;
  }

  /** Keeps the cookies an answer sets; one set empty or expired is dropped. */
  private keepCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  lobby() {
    return this.call('/api/lobby', lobbyResponseSchema);
  }

  createGame(request: CreateGameRequest) {
    return this.call('/api/games', createGameResponseSchema, { body: request });
  }

  join(id: string) {
    return this.call(`/api/games/${encodeURIComponent(id)}/join`, joinResponseSchema, { body: {} });
  }

  state(id: string) {
    return this.call(`/api/games/${encodeURIComponent(id)}`, gameStateSchema);
  }

  move(id: string, token: string, move: string, ply: number) {
    return this.call(`/api/games/${encodeURIComponent(id)}/moves`, gameStateSchema, {
      token,
      body: { move, ply },
    });
  }

  resign(id: string, token: string) {
    return this.call(`/api/games/${encodeURIComponent(id)}/resign`, gameStateSchema, {
      token,
      body: {},
    });
  }

  /** Offers, accepts or declines a draw or a takeback. */
  answer(id: string, token: string, kind: 'draw' | 'takeback', action: OfferAction) {
    return this.call(`/api/games/${encodeURIComponent(id)}/${kind}`, gameStateSchema, {
      token,
      body: { action },
    });
  }

  /** Offers, accepts or declines a rematch; once agreed, the answer holds my seat in it. */
  rematch(id: string, token: string, action: OfferAction) {
    return this.call(`/api/games/${encodeURIComponent(id)}/rematch`, rematchResponseSchema, {
      token,
      body: { action },
    });
  }

  /**
   * The game's events until the server ends the stream or `signal` aborts it. Lines that are not
   * a known event are skipped (a comment or keep-alive line of server-sent events).
   */
  async *stream(
    id: string,
    token: string | null,
    signal: AbortSignal,
  ): AsyncGenerator<ServerEvent> {
    const headers: Record<string, string> = { accept: 'application/x-ndjson' };
    if (token) headers['authorization'] = `Bearer ${token}`;
    const response = await fetchOrExplain(
      this.base,
      `${this.base}/api/games/${encodeURIComponent(id)}/stream`,
      {
        headers,
        signal,
      },
    );
    if (!response.ok || !response.body)
      throw new ApiError(response.status, `the game's stream answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body) {
      buffered += decoder.decode(chunk as Uint8Array, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const event = parseEventLine(line);
        if (event) yield event;
      }
    }
  }
}

/** One NDJSON line or one `data:` line of server-sent events as an event; null otherwise. */
export function parseEventLine(line: string): ServerEvent | null {
  const text = line.startsWith('data:') ? line.slice(5) : line;
  if (!text.trim()) return null;
  try {
    const parsed = serverEventSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
