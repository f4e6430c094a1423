/**
 * The server's HTTP API as the web app calls it (docs/api.md): every answer is checked against its
 * schema in @citadel/protocol, and every refusal becomes an `ApiError` carrying the server's
 * sentence, so the pages show it as it is.
 */
import {
  accountSchema,
  archiveResponseSchema,
  createGameResponseSchema,
  errorBodySchema,
  gameStateSchema,
  joinResponseSchema,
  lobbyResponseSchema,
  myGamesResponseSchema,
  rematchResponseSchema,
  sessionSchema,
  type Account,
  type ArchiveQuery,
  type CreateGameRequest,
  type Credentials,
  type OfferAction,
  type OfferKind,
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

interface Call {
  readonly method?: 'GET' | 'POST';
  readonly body?: unknown;
  readonly token?: string;
}

/** Calls `path` and parses a 2xx answer with `schema`; anything else throws an ApiError. */
async function call<T>(path: string, schema: z.ZodType<T>, c: Call = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  if (c.token) headers['authorization'] = `Bearer ${c.token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: c.method ?? (c.body === undefined ? 'GET' : 'POST'),
      headers,
      body: c.body === undefined ? null : JSON.stringify(c.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'The server cannot be reached.');
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const body = errorBodySchema.safeParse(data);
    throw new ApiError(
      response.status,
      body.success ? body.data.error : `The server answered ${response.status}.`,
    );
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new ApiError(response.status, 'The server sent an answer not understood.');
  return parsed.data;
}

const game = (id: string): string => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  createGame: (request: CreateGameRequest) =>
    call('/api/games', createGameResponseSchema, { body: request }),
  join: (id: string) => call(`${game(id)}/join`, joinResponseSchema, { method: 'POST', body: {} }),
  state: (id: string) => call(game(id), gameStateSchema),
  /** Without a token the session's account plays its seat. */
  move: (id: string, token: string | null, move: string, ply?: number) =>
    call(`${game(id)}/moves`, gameStateSchema, {
      ...(token ? { token } : {}),
      body: ply === undefined ? { move } : { move, ply },
    }),
  offer: (id: string, token: string, kind: Exclude<OfferKind, 'rematch'>, action: OfferAction) =>
    call(`${game(id)}/${kind}`, gameStateSchema, { token, body: { action } }),
  rematch: (id: string, token: string, action: OfferAction) =>
    call(`${game(id)}/rematch`, rematchResponseSchema, { token, body: { action } }),
  lobby: () => call('/api/lobby', lobbyResponseSchema),
  myGames: (tokens: readonly string[]) =>
    call('/api/my-games', myGamesResponseSchema, { body: { tokens } }),
  archive: (query: ArchiveQuery = {}) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
    const q = params.toString();
    return call(`/api/archive${q ? `?${q}` : ''}`, archiveResponseSchema);
  },
  session: () => call('/api/accounts/session', sessionSchema),
  register: (c: Credentials): Promise<Account> =>
    call('/api/accounts/register', accountSchema, { body: c }),
  login: (c: Credentials): Promise<Account> =>
    call('/api/accounts/login', accountSchema, { body: c }),
  /** Ends the session (the answer has no body). */
  logout: () => call('/api/accounts/logout', z.null(), { body: {} }),
  player: (name: string) => call(`/api/players/${encodeURIComponent(name)}`, accountSchema),
};

/** The address of a game's PGN (a download link). */
export const pgnUrl = (id: string): string => `${game(id)}/pgn`;
