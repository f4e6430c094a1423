/**
 * Behind a proxy (the real server process): with CITADEL_TRUST_PROXY the rate limit counts the
 * client addresses the proxy names and the session cookie is Secure when the proxy says HTTPS;
 * without it, those headers are a client's word and change nothing. Game links and the PGN's
 * Site come from CITADEL_PUBLIC_URL (or the listening address), never from the request's Host.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { startProcess } from './support/process.ts';

const dir = mkdtempSync(join(tmpdir(), 'citadel-proxy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function request(
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Response> {
  return fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Creates a game naming another Host (fetch cannot: it always sends the real one). */
function createWithHost(
  base: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ id: string; url: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      new URL('/api/games', base),
      { method: 'POST', headers: { ...headers, host, 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += String(d)));
        res.on('end', () => done(JSON.parse(text) as { id: string; url: string }));
      },
    );
    req.on('error', fail);
    req.end(JSON.stringify({ variant: 'chess' }));
  });
}

it('trusts the proxy it is told to, for addresses, HTTPS and nothing else', async () => {
  const server = await startProcess({
    CITADEL_DATA: mkdtempSync(join(dir, 'trusting-')),
    CITADEL_RATE_LIMIT: '3',
    CITADEL_TRUST_PROXY: '1',
    CITADEL_PUBLIC_URL: 'https://citadel.example',
  });
  try {
    const lobby = `${server.url}api/lobby`;
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const first = [];
    for (let i = 0; i < 4; i++) first.push((await request(lobby, from('203.0.113.1'))).status);
    expect(first).toEqual([200, 200, 200, 429]);
    expect((await request(lobby, from('203.0.113.2'))).status).toBe(200);

    const registered = await request(
      `${server.url}api/accounts/register`,
      { ...from('203.0.113.3'), 'x-forwarded-proto': 'https' },
      { username: 'ann_proxy', password: 'correct horse' },
    );
    expect(registered.status).toBe(201);
    expect(registered.headers.get('set-cookie')).toMatch(/; Secure/i);

    const game = await createWithHost(server.url, 'evil.example', from('203.0.113.4'));
    expect(game.url).toBe(`https://citadel.example/game/${game.id}`);
    const pgn = await (
      await request(`${server.url}api/games/${game.id}/pgn`, from('203.0.113.4'))
    ).text();
    expect(pgn).toContain(`[Site "https://citadel.example/game/${game.id}"]`);
  } finally {
    await server.kill('SIGTERM');
  }
});

it('takes no forwarded header from a client when no proxy is trusted', async () => {
  const server = await startProcess({
    CITADEL_DATA: mkdtempSync(join(dir, 'plain-')),
    CITADEL_RATE_LIMIT: '3',
  });
  try {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await request(`${server.url}api/lobby`, { 'x-forwarded-for': `198.51.100.${i}` })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
  } finally {
    await server.kill('SIGTERM');
  }
  const again = await startProcess({ CITADEL_DATA: mkdtempSync(join(dir, 'plain-')) });
  try {
    const registered = await request(
      `${again.url}api/accounts/register`,
      { 'x-forwarded-proto': 'https' },
      { username: 'bob_proxy', password: 'correct horse' },
    );
    expect(registered.status).toBe(201);
    expect(registered.headers.get('set-cookie')).not.toMatch(/; Secure/i);
    const game = await createWithHost(again.url, 'evil.example');
    expect(game.url).toBe(`${again.url}game/${game.id}`);
  } finally {
    await again.kill('SIGTERM');
  }
});
