/**
 * The server's settings from the environment: defaults, the values taken, and a clear refusal of
 * a bad one — also by the process itself, which then does not start.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT, arenaScheduleOf, readConfig } from '../src/config.ts';
import { DEFAULT_ARENA_SCHEDULE } from '../src/service/arena-schedule.ts';
import { serverBundle, startProcess } from './support/process.ts';

describe('readConfig', () => {
  it('takes the defaults, counting a variable set to nothing as not set', () => {
    expect(readConfig({ PORT: '', DATABASE_URL: '' })).toEqual({
      ok: true,
      value: {
        port: 5173,
        host: '127.0.0.1',
        databaseUrl: undefined,
        dataDir: undefined,
        databaseWaitSeconds: undefined,
        webRoot: undefined,
        logLevel: 'warn',
        rateLimit: DEFAULT_RATE_LIMIT,
        livePerAddress: 64,
        trustProxy: false,
        publicUrl: undefined,
        arenas: 'default',
      },
    });
  });

  it('reads every variable', () => {
    const c = readConfig({
      PORT: '8081',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@h/citadel',
      CITADEL_DATA: '/srv/citadel',
      CITADEL_DB_WAIT: '30',
      CITADEL_WEB: '/srv/web',
      CITADEL_LOG: '1',
      CITADEL_TRUST_PROXY: '10.0.0.1, 10.1.0.0/16',
      CITADEL_PUBLIC_URL: 'https://citadel.example/',
      CITADEL_RATE_LIMIT: '120',
      CITADEL_ARENAS: '/srv/arenas.json',
      UNRELATED: 'x',
    });
    expect(c).toEqual({
      ok: true,
      value: {
        port: 8081,
        host: '0.0.0.0',
        databaseUrl: 'postgres://u@h/citadel',
        dataDir: '/srv/citadel',
        databaseWaitSeconds: 30,
        webRoot: '/srv/web',
        logLevel: 'info',
        rateLimit: 120,
        livePerAddress: 64,
        trustProxy: '10.0.0.1,10.1.0.0/16',
        publicUrl: 'https://citadel.example',
        arenas: '/srv/arenas.json',
      },
    });
  });

  it('reads the scheduled arenas: the built-in schedule, none, or a file, refusing a bad one', () => {
    expect(arenaScheduleOf('default')).toEqual({ ok: true, value: DEFAULT_ARENA_SCHEDULE });
    expect(arenaScheduleOf('off')).toEqual({ ok: true, value: [] });
    const file = (text: string) => arenaScheduleOf('/srv/arenas.json', () => text);
    const weekly = {
      variant: 'tamerlane',
      clock: { initial: 300, increment: 3 },
      minutes: 90,
      every: 'week',
      weekday: 'sat',
      at: '20:30',
    };
    expect(file(JSON.stringify([weekly]))).toEqual({
      ok: true,
      value: [{ ...weekly, rated: true }],
    });
    expect(file('[{')).toMatchObject({
      ok: false,
      error: /^CITADEL_ARENAS: \/srv\/arenas.json: not JSON/,
    });
    expect(file(JSON.stringify([{ ...weekly, at: '25:00' }]))).toEqual({
      ok: false,
      error: 'CITADEL_ARENAS: /srv/arenas.json: 0.at: a time of day, HH:MM (UTC)',
    });
    expect(file(JSON.stringify([{ ...weekly, every: 'day' }]))).toMatchObject({
      ok: false,
      error: /0.weekday: a weekly arena has a weekday, a daily one none/,
    });
    expect(file(JSON.stringify([{ ...weekly, minutes: 5 }]))).toMatchObject({
      ok: false,
      error: /0.clock: a 5\+3 game can last longer than a 5-minute arena/,
    });
    expect(
      arenaScheduleOf('/nowhere/arenas.json', () => {
        throw new Error('ENOENT: no such file');
      }),
    ).toEqual({
      ok: false,
      error: 'CITADEL_ARENAS: cannot read /nowhere/arenas.json: ENOENT: no such file',
    });
  });

  it('refuses a bad rate limit, port or log switch with the variable named', () => {
    for (const bad of ['0', '-5', '1.5', 'lots', '10 per minute', '1000001'])
      expect(readConfig({ CITADEL_RATE_LIMIT: bad })).toEqual({
        ok: false,
        error: 'CITADEL_RATE_LIMIT: must be a whole number from 1 to 1000000',
      });
    expect(readConfig({ PORT: '70000' })).toMatchObject({ ok: false, error: /^PORT: / });
    expect(readConfig({ CITADEL_LOG: 'yes' })).toMatchObject({
      ok: false,
      error: 'CITADEL_LOG: must be one of fatal, error, warn, info, debug, trace, silent (or 0, 1)',
    });
    expect(readConfig({ CITADEL_LOG: '0' })).toMatchObject({ value: { logLevel: 'silent' } });
    expect(readConfig({ CITADEL_TRUST_PROXY: '2' })).toMatchObject({ value: { trustProxy: 2 } });
    expect(readConfig({ CITADEL_TRUST_PROXY: '0' })).toMatchObject({
      value: { trustProxy: false },
    });
    for (const bad of ['yes', '17', 'proxy.example'])
      expect(readConfig({ CITADEL_TRUST_PROXY: bad })).toMatchObject({
        ok: false,
        error: /^CITADEL_TRUST_PROXY: must be 0, a number of proxies/,
      });
    for (const bad of ['citadel.example', 'ftp://x.example', 'https://x.example/path'])
      expect(readConfig({ CITADEL_PUBLIC_URL: bad })).toMatchObject({
        ok: false,
        error: /^CITADEL_PUBLIC_URL: must be an http/,
      });
  });
});

it('does not start with a bad CITADEL_RATE_LIMIT, and says why', () => {
  const r = spawnSync(process.execPath, [serverBundle()], {
    env: { ...process.env, CITADEL_RATE_LIMIT: 'fast', PORT: '0', CITADEL_WEB: 'none' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status).toBe(2);
  expect(r.stderr.trim()).toBe(
    'citadel server: CITADEL_RATE_LIMIT: must be a whole number from 1 to 1000000',
  );
  expect(r.stdout).not.toContain('running');
});

it('limits one address to CITADEL_RATE_LIMIT requests a minute', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'citadel-config-'));
  const server = await startProcess({ CITADEL_DATA: dir, CITADEL_RATE_LIMIT: '5' });
  try {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${server.url}api/lobby`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  } finally {
    await server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
});
