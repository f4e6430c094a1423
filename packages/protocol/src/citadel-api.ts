/**
 * The online-play server's HTTP API (docs/api.md) as one typed client, for the web app, the bot
 * and the tests: every answer is checked against its schema here (fields this client does not
 * know are dropped), and every refusal becomes an `ApiError` carrying the status and the server's
 * sentence. The event streams are read as async iterators that an AbortSignal ends. Every request
 * says this client's protocol version, and what the server says of its own (its answers' headers,
 * its streams' hello) is handed to `onVersion`.
 */
import { z } from 'zod';
import {
  accountSchema,
  sessionSchema,
  type Account,
  type Credentials,
  type RegisterRequest,
  type Session,
} from './accounts.ts';
import { ApiError, UnreachableError, unreachableReason } from './api-error.ts';
import { describeIssues, errorBodySchema } from './errors.ts';
import { bodyLines } from './event-lines.ts';
import {
  runtimeFetch,
  type AbortSignalLike,
  type HttpFetch,
  type HttpRequest,
  type HttpResponse,
} from './fetch.ts';
import {
  archiveResponseSchema,
  createGameResponseSchema,
  gameStateSchema,
  joinResponseSchema,
  lobbyEventSchema,
  lobbyResponseSchema,
  myGamesResponseSchema,
  rematchResponseSchema,
  type ArchiveQuery,
  type ArchiveResponse,
  type CreateGameRequest,
  type CreateGameResponse,
  type GameState,
  type JoinResponse,
  type LobbyEvent,
  type LobbyResponse,
  type MyGamesResponse,
  type RematchResponse,
} from './games.ts';
import { serverEventSchema, type ServerEvent } from './messages.ts';
import { readStreamLine } from './server-message.ts';
import { versionOf, type ServerVersion } from './hello.ts';
import {
  createTournamentResponseSchema,
  tournamentEntrySchema,
  tournamentEventSchema,
  tournamentSchema,
  tournamentsResponseSchema,
  type CreateTournamentRequest,
  type CreateTournamentResponse,
  type Tournament,
  type TournamentEntryView,
  type TournamentEvent,
  type TournamentsQuery,
  type TournamentsResponse,
} from './tournaments.ts';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from './version.ts';
import type { OfferAction, OfferKind } from './vocabulary.ts';

export interface CitadelApiOptions {
  /**
   * The server's address (`http://127.0.0.1:5173`); empty, the default, for the page's own origin
   * (paths are then relative).
   */
  readonly base?: string;
  /** The seat token sent with every request that names none. */
  readonly token?: string;
  /** Whether the browser sends its cookies (the session's): `same-origin` for the web app. */
  readonly credentials?: HttpRequest['credentials'];
  /** The Fetch API to use; the runtime's by default. */
  readonly fetch?: HttpFetch;
  /** What a server that cannot be reached is said as; `cannot reach the server at … (…)` by default. */
  readonly unreachable?: string;
  /** The protocol version this client says it speaks; this package's by default. */
  readonly protocol?: number;
  /** Told the server's protocol version and build at every answer that says them, and every hello. */
  readonly onVersion?: (version: ServerVersion) => void;
  /**
   * Told why an answer or a line of an event stream could not be read (the answer is refused as
   * not understood, the line skipped); by default nothing more is said.
   */
  readonly onUnreadable?: (why: string) => void;
}

/** One request as `send` makes it. */
export interface ApiCall {
  readonly method?: 'GET' | 'POST';
  /** JSON to send (sent as `application/json`); a string is sent as it is. */
  readonly body?: unknown;
  /** The seat's token (`Authorization: Bearer`); null or absent: the client's own, if any. */
  readonly token?: string | null;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignalLike;
}

const JSON_ANSWER = { accept: 'application/json' };
const game = (id: string): string => `/api/games/${encodeURIComponent(id)}`;
const tournament = (id: string): string => `/api/tournaments/${encodeURIComponent(id)}`;

/** A body's text as JSON, or null when it is not JSON (or empty). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Whether `e` is the end of a request its signal aborted. */
const isAbort = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';

export class CitadelApi {
  /** The server's address, without a final `/` (empty: the page's own origin). */
  readonly base: string;
  private readonly options: CitadelApiOptions;

  constructor(options: CitadelApiOptions = {}) {
    this.options = options;
    this.base = (options.base ?? '').replace(/\/+$/, '');
  }

  /**
   * One request, its answer as it is (the tests' raw requests; every method below goes through
   * it). A failure to connect is an `UnreachableError`; an aborted request rejects as `fetch` does.
   */
  async send(path: string, call: ApiCall = {}): Promise<HttpResponse> {
    const token = call.token ?? this.options.token;
    const headers: Record<string, string> = {
      [PROTOCOL_HEADER]: String(this.options.protocol ?? PROTOCOL_VERSION),
      ...call.headers,
    };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers['authorization'] = `Bearer ${token}`;
    const request: HttpRequest = {
      method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(call.body === undefined
        ? {}
        : { body: typeof call.body === 'string' ? call.body : JSON.stringify(call.body) }),
      ...(this.options.credentials ? { credentials: this.options.credentials } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
    };
    let response: HttpResponse;
    try {
      response = await (this.options.fetch ?? runtimeFetch)(this.base + path, request);
    } catch (e) {
      if (isAbort(e) || e instanceof ApiError) throw e;
      throw new UnreachableError(this.base, unreachableReason(e), this.options.unreachable);
    }
    const version = versionOf(response.headers);
    if (version) this.options.onVersion?.(version);
    return response;
  }

  /**
   * A request whose 2xx answer is parsed with `schema`; a refusal, or an answer that does not fit,
   * throws an `ApiError`. Every typed method goes through it (a subclass may wrap it).
   */
  protected async request<T>(path: string, schema: z.ZodType<T>, call: ApiCall = {}): Promise<T> {
    const response = await this.send(path, {
      ...call,
      headers: { ...JSON_ANSWER, ...call.headers },
    });
    const data = jsonOf(await response.text());
    if (!response.ok) throw refusal(response.status, data);
    const parsed = schema.safeParse(data, { reportInput: true });
    if (!parsed.success) {
      this.options.onUnreadable?.(`${path}: ${describeIssues(parsed.error.issues)}`);
      throw new ApiError(response.status, `the server's answer to ${path} is not understood`);
    }
    return parsed.data;
  }

  /** The values of an event stream of `schema` until the server ends it or `signal` aborts. */
  private async *events<T>(
    path: string,
    schema: z.ZodType<T>,
    call: ApiCall & { readonly signal: AbortSignalLike },
  ): AsyncGenerator<T> {
    const response = await this.send(path, {
      ...call,
      headers: { accept: 'application/x-ndjson' },
    });
    if (!response.ok || !response.body)
      throw refusal(response.status, jsonOf(await response.text()));
    const reader = response.body.getReader();
    try {
      for await (const line of bodyLines(reader)) {
        const message = readStreamLine(line, schema);
        if (message?.kind === 'event') yield message.event;
        else if (message?.kind === 'hello') this.options.onVersion?.(message.hello);
        else if (message?.kind === 'unreadable') this.options.onUnreadable?.(message.why);
      }
    } finally {
      // The reader stopped early (a break, an abort): the connection is let go.
      reader.cancel().catch(() => undefined);
    }
  }

  createGame(request: CreateGameRequest): Promise<CreateGameResponse> {
    return this.request('/api/games', createGameResponseSchema, { body: request });
  }

  /** Takes the free seat (409 when both are taken). */
  join(id: string): Promise<JoinResponse> {
    return this.request(`${game(id)}/join`, joinResponseSchema, { body: {} });
  }

  state(id: string): Promise<GameState> {
    return this.request(game(id), gameStateSchema);
  }

  /**
   * Plays `move` (move text or SAN) for the seat of `token`, or without one for the seat of the
   * session's account; `ply`, the moves seen played, keeps a resent move from being played twice;
   * `moveTime`, how long the client held the turn (ms), lets the server credit the network's lag.
   */
  move(
    id: string,
    token: string | null,
    move: string,
    ply?: number,
    moveTime?: number,
  ): Promise<GameState> {
    return this.request(`${game(id)}/moves`, gameStateSchema, {
      token,
      body: {
        move,
        ...(ply !== undefined ? { ply } : {}),
        ...(moveTime !== undefined ? { moveTime } : {}),
      },
    });
  }

  /** Gives the opponent time on their clock (a live game; docs/api.md, "Add time"). */
  addTime(id: string, token: string | null): Promise<GameState> {
    return this.request(`${game(id)}/add-time`, gameStateSchema, { token, body: {} });
  }

  resign(id: string, token: string | null): Promise<GameState> {
    return this.request(`${game(id)}/resign`, gameStateSchema, { token, body: {} });
  }

  abort(id: string, token: string | null): Promise<GameState> {
    return this.request(`${game(id)}/abort`, gameStateSchema, { token, body: {} });
  }

  /** Goes berserk in a tournament game, before the seat's first move. */
  berserk(id: string, token: string | null): Promise<GameState> {
    return this.request(`${game(id)}/berserk`, gameStateSchema, { token, body: {} });
  }

  claimWin(id: string, token: string | null): Promise<GameState> {
    return this.request(`${game(id)}/claim-win`, gameStateSchema, { token, body: {} });
  }

  /** Offers, cancels, accepts or declines a draw or a takeback. */
  offer(
    id: string,
    token: string | null,
    kind: Exclude<OfferKind, 'rematch'>,
    action: OfferAction,
  ): Promise<GameState> {
    return this.request(`${game(id)}/${kind}`, gameStateSchema, { token, body: { action } });
  }

  /** Offers, cancels, accepts or declines a rematch; once agreed, the answer holds my seat in it. */
  rematch(id: string, token: string | null, action: OfferAction): Promise<RematchResponse> {
    return this.request(`${game(id)}/rematch`, rematchResponseSchema, {
      token,
      body: { action },
    });
  }

  /** The address of a game's PGN (a download link). */
  pgnUrl(id: string): string {
    return `${this.base}${game(id)}/pgn`;
  }

  /** A game's PGN text. */
  async pgn(id: string): Promise<string> {
    const response = await this.send(`${game(id)}/pgn`);
    const text = await response.text();
    if (!response.ok) throw refusal(response.status, jsonOf(text));
    return text;
  }

  /**
   * The game's events until the server ends the stream or `signal` aborts it: first its state,
   * then every change. With a seat's token the stream holds that seat's connection.
   */
  stream(id: string, token: string | null, signal: AbortSignalLike): AsyncGenerator<ServerEvent> {
    return this.events(`${game(id)}/stream`, serverEventSchema, { token, signal });
  }

  lobby(): Promise<LobbyResponse> {
    return this.request('/api/lobby', lobbyResponseSchema);
  }

  /** The whole lobby at once and again at every change, until `signal` aborts. */
  lobbyStream(signal: AbortSignalLike): AsyncGenerator<LobbyEvent> {
    return this.events('/api/lobby/stream', lobbyEventSchema, { signal });
  }

  /** The games of these seats and of the session's account. */
  myGames(tokens: readonly string[]): Promise<MyGamesResponse> {
    return this.request('/api/my-games', myGamesResponseSchema, { body: { tokens } });
  }

  /** Finished games, newest first. */
  archive(query: ArchiveQuery = {}): Promise<ArchiveResponse> {
    const q = Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join('&');
    return this.request(`/api/archive${q ? `?${q}` : ''}`, archiveResponseSchema);
  }

  /** Creates a tournament (the session's account makes it). */
  createTournament(request: CreateTournamentRequest): Promise<CreateTournamentResponse> {
    return this.request('/api/tournaments', createTournamentResponseSchema, { body: request });
  }

  /** The tournaments of one status (without one: running, to come, latest finished). */
  tournaments(query: TournamentsQuery = {}): Promise<TournamentsResponse> {
    const q = query.status ? `?status=${encodeURIComponent(query.status)}` : '';
    return this.request(`/api/tournaments${q}`, tournamentsResponseSchema);
  }

  /** One tournament with its standings and games (and the session's entry in it). */
  tournament(id: string): Promise<Tournament> {
    return this.request(tournament(id), tournamentSchema);
  }

  /** Joins a tournament, or joins it again after withdrawing (409 when it cannot). */
  joinTournament(id: string): Promise<TournamentEntryView> {
    return this.request(`${tournament(id)}/join`, tournamentEntrySchema, { body: {} });
  }

  /** Withdraws from a tournament: no more pairings until joining again (409 when it cannot). */
  withdrawTournament(id: string): Promise<TournamentEntryView> {
    return this.request(`${tournament(id)}/withdraw`, tournamentEntrySchema, { body: {} });
  }

  /** A tournament's events (first the whole of it) until its end or `signal` aborts. */
  tournamentStream(id: string, signal: AbortSignalLike): AsyncGenerator<TournamentEvent> {
    return this.events(`${tournament(id)}/stream`, tournamentEventSchema, { signal });
  }

  register(request: RegisterRequest): Promise<Account> {
    return this.request('/api/accounts/register', accountSchema, { body: request });
  }

  login(credentials: Credentials): Promise<Account> {
    return this.request('/api/accounts/login', accountSchema, { body: credentials });
  }

  /** Ends the session (the answer has no body). */
  async logout(): Promise<void> {
    await this.request('/api/accounts/logout', z.null(), { body: {} });
  }

  /** The account signed in (401 for a guest). */
  me(): Promise<Account> {
    return this.request('/api/accounts/me', accountSchema);
  }

  /** The account signed in, or null for a guest; never a refusal. */
  session(): Promise<Session> {
    return this.request('/api/accounts/session', sessionSchema);
  }

  player(name: string): Promise<Account> {
    return this.request(`/api/players/${encodeURIComponent(name)}`, accountSchema);
  }
}

/** The error for a refused request: the server's sentence, or its status when it gave none. */
function refusal(status: number, data: unknown): ApiError {
  const body = errorBodySchema.safeParse(data);
  return new ApiError(status, body.success ? body.data.error : `the server answered ${status}`);
}
