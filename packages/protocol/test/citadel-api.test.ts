/**
 * The API client against a scripted `fetch` (the server's answers written here): what it sends,
 * how it checks answers, how refusals and a server out of reach are said, and how it reads an
 * event stream. The tests of the server, the bot and the web app use it against a real server.
 */
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  CitadelApi,
  PROTOCOL_VERSION,
  UnreachableError,
  parseEventLine,
  type HttpFetch,
  type HttpRequest,
  type ServerVersion,
} from '../src/index.ts';
import { stateOf } from './fixtures.ts';

const STATE = stateOf();
const TOKEN = 'a'.repeat(43);

/** A fetch that records the requests and answers each with `answer`. */
function scripted(answer: (url: string, r: HttpRequest) => Response) {
  const sent: Array<{ url: string; request: HttpRequest }> = [];
  const fetch: HttpFetch = async (url, request) => {
    sent.push({ url, request });
    return answer(url, request);
  };
  return { sent, fetch };
}

const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('CitadelApi', () => {
  it('sends JSON with the seat’s token and checks the answer against its schema', async () => {
    const server = scripted(() => json(STATE));
    const api = new CitadelApi({ base: 'http://server.test/', fetch: server.fetch });
    const state = await api.move('abcdefgh', TOKEN, 'e2e4', 0);
    expect(state.id).toBe('abcdefgh');
    expect(server.sent[0]).toEqual({
      url: 'http://server.test/api/games/abcdefgh/moves',
      request: {
        method: 'POST',
        headers: {
          'citadel-protocol': String(PROTOCOL_VERSION),
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${TOKEN}`,
        },
        body: '{"move":"e2e4","ply":0}',
      },
    });
  });

  it('uses the page’s origin, its cookies and the client’s own token unless a call names one', async () => {
    const server = scripted(() => json({ games: [] }));
    const api = new CitadelApi({ token: TOKEN, credentials: 'same-origin', fetch: server.fetch });
    await api.archive({ player: 'a b', limit: 5 });
    expect(server.sent[0]!.url).toBe('/api/archive?player=a%20b&limit=5');
    expect(server.sent[0]!.request).toMatchObject({
      method: 'GET',
      credentials: 'same-origin',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
  });

  it('turns a refusal into an ApiError with the status and the server’s sentence', async () => {
    const api = new CitadelApi({
      fetch: scripted(() => json({ error: 'both seats are taken' }, 409)).fetch,
    });
    const refused = await api.join('abcdefgh').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, message: 'both seats are taken' });
    const bare = new CitadelApi({ fetch: scripted(() => new Response('', { status: 502 })).fetch });
    await expect(bare.lobby()).rejects.toMatchObject({
      status: 502,
      message: 'the server answered 502',
    });
  });

  it('refuses an answer that does not fit the schema', async () => {
    const api = new CitadelApi({ fetch: scripted(() => json({ games: 'none' })).fetch });
    await expect(api.lobby()).rejects.toMatchObject({
      status: 200,
      message: "the server's answer to /api/lobby is not understood",
    });
  });

  it('says a server out of reach as an UnreachableError naming the cause', async () => {
    const refused: HttpFetch = async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    };
    const api = new CitadelApi({ base: 'http://127.0.0.1:1', fetch: refused });
    const e = await api.lobby().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UnreachableError);
    expect(e).toMatchObject({
      status: 0,
      reason: 'ECONNREFUSED',
      message: 'cannot reach the server at http://127.0.0.1:1 (ECONNREFUSED)',
    });
    const worded = new CitadelApi({ fetch: refused, unreachable: 'The server cannot be reached.' });
    await expect(worded.lobby()).rejects.toMatchObject({
      message: 'The server cannot be reached.',
    });
  });

  it('reads a PGN as text, and logs out with an empty answer', async () => {
    const server = scripted((url) =>
      url.endsWith('/pgn') ? new Response('[Event "x"]\n\n*\n') : new Response(null),
    );
    const api = new CitadelApi({ fetch: server.fetch });
    expect(await api.pgn('abcdefgh')).toBe('[Event "x"]\n\n*\n');
    expect(api.pgnUrl('abcdefgh')).toBe('/api/games/abcdefgh/pgn');
    await api.logout();
    expect(server.sent[1]!.request.method).toBe('POST');
  });

  it('tells the version each answer says in its headers', async () => {
    const versions: ServerVersion[] = [];
    const server = scripted(
      () =>
        new Response(JSON.stringify({ games: [] }), {
          headers: { 'citadel-protocol': '3', 'citadel-build': 'b-9' },
        }),
    );
    const api = new CitadelApi({ fetch: server.fetch, onVersion: (v) => versions.push(v) });
    await api.lobby();
    expect(versions).toEqual([{ protocol: 3, build: 'b-9' }]);
    // An answer without the headers (a proxy's, an older server's) says nothing.
    const quiet = new CitadelApi({
      fetch: scripted(() => json({ games: [] })).fetch,
      onVersion: (v) => versions.push(v),
    });
    await quiet.lobby();
    expect(versions).toHaveLength(1);
  });

  it('reads an event stream across chunk boundaries: the hello told, fields not known dropped, what cannot be read told and skipped', async () => {
    const lines = [
      JSON.stringify({ type: 'hello', protocol: 1, build: 'b-1', region: 'eu' }),
      JSON.stringify({ type: 'state', game: { ...STATE, flavour: 'new' }, you: 'white' }),
      ': keep-alive',
      JSON.stringify({ type: 'pong', serverTime: 5, load: 0.5 }),
      JSON.stringify({ type: 'nonsense' }),
      JSON.stringify({ type: 'rematch', id: 'zyxwvuts' }),
    ].join('\n');
    const bytes = new TextEncoder().encode(lines);
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 7) c.enqueue(bytes.slice(i, i + 7));
        c.close();
      },
    });
    const server = scripted(() => new Response(body));
    const told: string[] = [];
    const api = new CitadelApi({
      fetch: server.fetch,
      onVersion: (v) => told.push(`version ${v.protocol} ${v.build}`),
      onUnreadable: (why) => told.push(`unreadable: ${why}`),
    });
    const stop = new AbortController();
    const events = [];
    for await (const e of api.stream('abcdefgh', TOKEN, stop.signal)) events.push(e);
    expect(events.map((e) => e.type)).toEqual(['state', 'pong', 'rematch']);
    expect(events[0]).toEqual({ type: 'state', game: STATE, you: 'white' });
    expect(events[1]).toEqual({ type: 'pong', serverTime: 5 });
    expect(told).toEqual([
      'version 1 b-1',
      expect.stringMatching(/^unreadable: type: unknown type "nonsense" \(expected 'state' \| /),
    ]);
    expect(server.sent[0]!.request).toMatchObject({
      headers: { accept: 'application/x-ndjson', authorization: `Bearer ${TOKEN}` },
      signal: stop.signal,
    });
  });

  it('refuses a stream the server refuses, in the server’s words', async () => {
    const api = new CitadelApi({
      fetch: scripted(() => json({ error: 'no such game' }, 404)).fetch,
    });
    const stream = api.lobbyStream(new AbortController().signal);
    await expect(stream.next()).rejects.toMatchObject({ status: 404, message: 'no such game' });
  });
});

describe('parseEventLine', () => {
  it('reads an NDJSON line or a server-sent data line, and nothing else', () => {
    const pong = { type: 'pong', serverTime: 1 };
    expect(parseEventLine(JSON.stringify(pong))).toEqual(pong);
    expect(parseEventLine(`data: ${JSON.stringify(pong)}`)).toEqual(pong);
    expect(parseEventLine(': keep-alive')).toBeNull();
    expect(parseEventLine('{"type":"move"}')).toBeNull();
    expect(parseEventLine('not json')).toBeNull();
    expect(parseEventLine('')).toBeNull();
  });
});
