/**
 * Accounts against guessing and hoarding, on SQLite and PostgreSQL: common, blank and name-like
 * passwords are refused at registration; logins to one name (known or not) wait after five
 * failures, longer after each further one, and an unknown name takes as long to refuse as a wrong
 * password; an account keeps at most MAX_SESSIONS sessions; a storage failure at registration is
 * not told as a taken name. The server's clock is moved forward instead of waiting.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.ts';
import { FIRST_LOCK_MS, FREE_FAILURES, MAX_SESSIONS } from '../src/service/accounts.ts';
import { openStore } from '../src/storage/open.ts';
import { api, cookieOf } from './support/client.ts';
import { startSuiteServer, testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  const dir = mkdtempSync(join(tmpdir(), 'citadel-accounts-'));
  let cluster: Cluster | null = null;
  let server: RunningServer;
  let http: ReturnType<typeof api>;
  let shift = 0;
  beforeAll(async () => {
    if (postgres) cluster = await startCluster();
    server = await startSuiteServer({
      databaseUrl: cluster?.url,
      dataDir: dir,
      now: () => Date.now() + shift,
    });
    http = api(server.url);
  });
  afterAll(async () => {
    await server?.close();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const login = (username: string, password: string) =>
    http.post<{ error?: string }>('/api/accounts/login', { username, password });

  it('refuses common, blank, repeated and name-like passwords', async () => {
    for (const [password, why] of [
      ['password1', /most common/],
      ['QWERTYUIOP', /most common/],
      ['        ', /blank/],
      ['aaaaaaaaaa', /repeated/],
      ['my carla_pw!', /username/],
    ] as const) {
      const r = await http.post<{ error: string }>('/api/accounts/register', {
        username: 'Carla_pw',
        password,
      });
      expect(r.status, password).toBe(400);
      expect(r.body.error).toMatch(why);
    }
    expect((await login('carla_pw', 'password1')).status).toBe(401); // nothing was created
  });

  it('makes logins to one name wait after failures, known or not, and resets on success', async () => {
    await http.post('/api/accounts/register', { username: 'dora', password: 'correct horse' });
    for (const name of ['dora', 'nobody_here']) {
      for (let i = 0; i < FREE_FAILURES; i++)
        expect((await login(name, 'wrong guess')).status).toBe(401);
      const locked = await login(name, 'correct horse');
      expect(locked.status).toBe(429);
      expect(locked.body.error).toMatch(/too many failed logins to this name: try again in \d+ s/);
    }
    // Another name is not held up.
    await http.post('/api/accounts/register', { username: 'emil', password: 'correct horse' });
    expect((await login('emil', 'correct horse')).status).toBe(200);
    shift += FIRST_LOCK_MS + 1_000;
    expect((await login('dora', 'correct horse')).status).toBe(200);
    // The count starts again after a success.
    for (let i = 0; i < FREE_FAILURES; i++)
      expect((await login('dora', 'wrong guess')).status).toBe(401);
    expect((await login('dora', 'wrong guess')).status).toBe(429);
    // A further failure after the wait doubles it.
    shift += FIRST_LOCK_MS + 1_000;
    expect((await login('dora', 'wrong guess')).status).toBe(401);
    shift += FIRST_LOCK_MS + 1_000;
    expect((await login('dora', 'correct horse')).status).toBe(429);
    shift += FIRST_LOCK_MS;
    expect((await login('dora', 'correct horse')).status).toBe(200);
  });

  it('takes as long to refuse an unknown name as a wrong password', async () => {
    await http.post('/api/accounts/register', { username: 'fritz', password: 'correct horse' });
    const median = async (name: string): Promise<number> => {
      const times: number[] = [];
      for (let i = 0; i < 4; i++) {
        const t = performance.now();
        expect((await login(name, `wrong guess ${i}`)).status).toBe(401);
        times.push(performance.now() - t);
      }
      shift += 10 * FIRST_LOCK_MS; // keep clear of the lock
      return times.sort((a, b) => a - b)[2]!;
    };
    const known = await median('fritz');
    const unknown = await median('fritz_not');
    expect(unknown / known).toBeGreaterThan(0.33);
    expect(unknown / known).toBeLessThan(3);
  });

  it(`keeps at most ${MAX_SESSIONS} sessions per account, the newest`, async () => {
    const first = cookieOf(
      (await http.post('/api/accounts/register', { username: 'gina', password: 'correct horse' }))
        .headers,
    );
    const cookies = [first];
    for (let i = 0; i < MAX_SESSIONS + 2; i++)
      cookies.push(cookieOf((await login('gina', 'correct horse')).headers));
    const signedIn = async (cookie: string) =>
      (await http.get('/api/accounts/me', undefined, cookie)).status === 200;
    expect(await signedIn(cookies[0]!)).toBe(false);
    expect(await signedIn(cookies[2]!)).toBe(false);
    for (const cookie of cookies.slice(-MAX_SESSIONS)) expect(await signedIn(cookie)).toBe(true);
  });
});

it('tells a storage failure at registration apart from a taken name', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'citadel-accounts-store-'));
  try {
    const store = await openStore({ dataDir: dir });
    expect(await store.createAccount('hana', 'hash', 1)).toMatchObject({ username: 'hana' });
    expect(await store.createAccount('HANA', 'hash', 1)).toBeNull();
    await store.close();
    await expect(store.createAccount('ida', 'hash', 1)).rejects.toThrow();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
