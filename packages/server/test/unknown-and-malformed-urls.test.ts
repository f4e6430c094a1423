/**
 * The answers no route gives are held to the same rules as the others: a malformed URL gets a
 * 400 with the security headers and the `{ "error" }` shape, and unknown paths and the web app's
 * page paths count against the rate limit (a client cannot loop on them unchecked).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/index.ts';
import { MALFORMED_URL_ERROR } from '../src/http/malformed-url.ts';

/** A GET of `path` exactly as written (fetch would re-encode a malformed one). */
function rawGet(base: string, path: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (done, fail) => {
      const req = request(new URL(base), { path, method: 'GET' }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += String(d)));
        res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', fail);
      req.end();
    },
  );
}

describe('answers no route gives', () => {
  const dir = mkdtempSync(join(tmpdir(), 'citadel-unknown-urls-'));
  const web = join(dir, 'web');
  mkdirSync(web);
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Citadel</title>');
  let server: RunningServer | null = null;
  const start = async (rateLimit: number) => {
    await server?.close();
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: join(dir, 'data'),
      webRoot: web,
      rateLimit,
    });
    return server.url;
  };
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a malformed URL with the usual headers and shape', async () => {
    const url = await start(1_000);
    for (const path of ['/%E0%A4%A', '/api/games/%', '/play/%zz?x=1']) {
      const r = await rawGet(url, path);
      expect(r.status, path).toBe(400);
      expect(JSON.parse(r.body), path).toEqual({ error: MALFORMED_URL_ERROR });
      expect(r.headers['content-security-policy'], path).toContain("default-src 'self'");
      expect(r.headers['x-content-type-options'], path).toBe('nosniff');
      expect(r.headers['x-ratelimit-limit'], path).toBe('1000');
    }
    // A well-formed escape still gets the app, which says what was not found.
    const escaped = await rawGet(url, '/play/tamerlane%20x');
    expect(escaped.status).toBe(404);
    expect(escaped.body).toContain('<title>Citadel</title>');
  });

  it("answers the app's pages with 200 and the app, and other page paths with 404 and the app", async () => {
    const url = await start(1_000);
    const pages = [
      '/',
      '/archive',
      '/lobby',
      '/games',
      '/game/abcdEFGH12',
      '/player/alice',
      '/play',
      '/play/tamerlane',
      '/learn/husun/',
      '/analyse/chess?fen=x',
      '/editor/persian-eye',
    ];
    for (const path of pages) {
      const r = await rawGet(url, path);
      expect(r.status, path).toBe(200);
      expect(r.body, path).toContain('<title>Citadel</title>');
    }
    for (const path of [
      '/nonsense',
      '/play/xiangqi',
      '/learn/tamerlane/x',
      '/game/x',
      '/games/2',
    ]) {
      const r = await rawGet(url, path);
      expect(r.status, path).toBe(404);
      expect(r.headers['content-type'], path).toMatch(/^text\/html/);
      expect(r.body, path).toContain('<title>Citadel</title>');
    }
    // Files and the API still answer 404 in JSON, not with the app.
    expect(JSON.parse((await rawGet(url, '/no-such.js')).body)).toEqual({
      error: 'not found: GET /no-such.js',
    });
  });

  it('counts unknown paths, page paths and malformed URLs against the rate limit', async () => {
    const url = await start(4);
    const statuses = [];
    for (const path of ['/api/nothing', '/play/tamerlane', '/%E0', '/no-such.js', '/api/nothing'])
      statuses.push((await rawGet(url, path)).status);
    expect(statuses).toEqual([404, 200, 400, 404, 429]);
    expect((await rawGet(url, '/play/chess')).status).toBe(429);
  });
});
