/**
 * Cross-site request forgery: another site's page — also one on another port of this host, which a
 * browser counts as the same site and sends the session cookie to — cannot change anything
 * (resign, abort, claim, join, move, offers, log in or out); this server's own pages and programs
 * without a page can.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateGameResponse, GameState } from '@citadel/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.ts';
import { startSuiteServer } from './support/backends.ts';
import { cookieOf } from './support/client.ts';

let server: RunningServer;
let dir: string;
let own: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'citadel-csrf-'));
  server = await startSuiteServer({ databaseUrl: undefined, dataDir: dir });
  own = server.url.replace(/\/$/, '');
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A POST as a browser page makes it: the session cookie, and what it says of the page. */
async function post(
  path: string,
  cookie: string,
  page: Record<string, string>,
  body: unknown = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...page },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

const otherPort = (): string => own.replace(/:(\d+)$/, (_, p: string) => `:${Number(p) + 1}`);
const foreignPages = (): ReadonlyArray<Record<string, string>> => [
  { origin: otherPort() }, // same site, another port: SameSite=Lax sends the cookie
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { 'sec-fetch-site': 'same-site' },
  { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
];

it('refuses every state change a foreign page asks with the session cookie, and changes nothing', async () => {
  const registered = await post(
    '/api/accounts/register',
    '',
    { origin: own },
    {
      username: 'ann_csrf',
      password: 'correct horse',
    },
  );
  expect(registered.status).toBe(201);
  const ann = cookieOf(
    (
      await fetch(new URL('/api/accounts/login', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: own },
        body: JSON.stringify({ username: 'ann_csrf', password: 'correct horse' }),
      })
    ).headers,
  );
  const created = await post(
    '/api/games',
    ann,
    { origin: own },
    { variant: 'chess', color: 'white' },
  );
  expect(created.status).toBe(201);
  const game = created.body as unknown as CreateGameResponse;
  const path = `/api/games/${game.id}`;
  for (const page of foreignPages()) {
    for (const [action, body] of [
      ['moves', { move: 'e4' }],
      ['resign', {}],
      ['abort', {}],
      ['claim-win', {}],
      ['berserk', {}],
      ['draw', { action: 'offer' }],
    ] as const) {
      const r = await post(`${path}/${action}`, ann, page, body);
      expect(r.status, `${action} from ${JSON.stringify(page)}`).toBe(403);
      expect(r.body['error']).toMatch(/another site's page/);
    }
    expect((await post('/api/games', ann, page, { variant: 'chess' })).status).toBe(403);
    const arena = { kind: 'arena', variant: 'chess', clock: { initial: 60, increment: 0 } };
    expect((await post('/api/tournaments', ann, page, arena)).status).toBe(403);
    expect((await post('/api/tournaments/abcdefghij/join', ann, page)).status).toBe(403);
    expect((await post('/api/accounts/logout', ann, page)).status).toBe(403);
  }
  const state = (await (await fetch(new URL(path, server.url))).json()) as GameState;
  expect(state.status).toBe('waiting');
  expect(state.moves).toEqual([]);
  // This server's own page, and a program that names no page, still act.
  expect(
    (await post(`${path}/abort`, ann, { origin: own, 'sec-fetch-site': 'same-origin' })).status,
  ).toBe(200);
  expect((await post('/api/accounts/logout', ann, {})).status).toBe(204);
});
