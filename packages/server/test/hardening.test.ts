/**
 * The HTTP surface: the app's files confined to its folder with client-side routes answered by
 * index.html, security headers and a Content-Security-Policy, the rate limit per address, and
 * server-sent events for the stream.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import type { CreateGameResponse } from '@citadel/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/index.ts';
import { api } from './support/client.ts';

const SECRET = 'outside-the-app-folder';
const dir = mkdtempSync(join(tmpdir(), 'citadel-hard-'));
const web = join(dir, 'web');
let server: RunningServer;

beforeAll(async () => {
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(web, 'assets', 'app-1.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: join(dir, 'data'),
    webRoot: web,
    rateLimit: 40,
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('serves the app, its routes and nothing outside its folder', async () => {
  const page = await fetch(new URL('/play/tamerlane?array=feminine', server.url));
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<title>app</title>');
  expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  expect(page.headers.get('x-frame-options')).toBeTruthy();
  const asset = await fetch(new URL('/assets/app-1.js', server.url));
  expect(asset.headers.get('cache-control')).toContain('immutable');
  for (const path of [
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/api/nothing',
  ]) {
    // Sent as written (fetch would resolve the dots itself).
    const r = await rawGet(path);
    expect(r.status, path).toBe(404);
    expect(r.body).not.toContain(SECRET);
  }
});

it('streams server-sent events when asked', async () => {
  const game = (await api(server.url).post<CreateGameResponse>('/api/games', { variant: 'chess' }))
    .body;
  const r = await fetch(new URL(`/api/games/${game.id}/stream`, server.url), {
    headers: { accept: 'text/event-stream' },
  });
  expect(r.headers.get('content-type')).toContain('text/event-stream');
  const reader = r.body!.getReader();
  let text = '';
  while (!text.includes('"type":"state"'))
    text += new TextDecoder().decode((await reader.read()).value);
  expect(text).toMatch(/^data: \{"type":"hello",[^\n]*\}\n\ndata: \{"type":"state"/);
  await reader.cancel();
});

it('limits the requests of one address', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 45; i++)
    statuses.push((await fetch(new URL('/api/lobby', server.url))).status);
  expect(statuses).toContain(429);
  const limited = await fetch(new URL('/api/lobby', server.url));
  expect(limited.status).toBe(429);
  expect(await limited.json()).toEqual({ error: expect.any(String) });
});

function rawGet(path: string): Promise<{ status: number; body: string }> {
  const url = new URL(server.url);
  return new Promise((done, fail) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (d) => (body += String(d)));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end();
  });
}
