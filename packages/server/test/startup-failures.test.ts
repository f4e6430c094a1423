/**
 * Every start-up failure a person can fix ends the real server process (the bundle `npm start`
 * runs) with status 1 and one line that says what to do: no stack trace, no "running" line.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { describeSqliteFailure } from '../src/startup-failure.ts';
import { freePort } from './support/postgres.ts';
import { serverBundle } from './support/process.ts';

const scratch = mkdtempSync(join(tmpdir(), 'citadel-startup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Outcome {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a server bundle with `env` over a fresh data folder, and returns how it ended. */
async function start(env: Record<string, string>, bundle = serverBundle()): Promise<Outcome> {
  const r = spawnSync(process.execPath, [bundle], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      CITADEL_DATA: mkdtempSync(join(scratch, 'data-')),
      CITADEL_WEB: 'none',
      ...env,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The contract: exit 1, at most three lines, none of them a stack frame, and no "running". */
function expectOneClearLine(o: Outcome, says: RegExp): void {
  const lines = o.stderr.trim().split('\n');
  expect(o.status, o.stderr).toBe(1);
  expect(lines.length, o.stderr).toBeLessThanOrEqual(3);
  expect(o.stderr).not.toMatch(/^\s+at /m);
  expect(o.stderr).toMatch(/^citadel server: /);
  expect(o.stderr).toMatch(says);
  expect(o.stdout).not.toContain('running');
}

it('names a taken port and how to choose another', async () => {
  const blocker = createServer();
  const port = await new Promise<number>((done) =>
    blocker.listen(0, '127.0.0.1', () => done((blocker.address() as { port: number }).port)),
  );
  try {
    const o = await start({ PORT: String(port) });
    expectOneClearLine(o, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`));
    expect(o.stderr).toContain('PORT=8080 npm start');
  } finally {
    blocker.close();
  }
});

describe('a data folder that cannot be written', () => {
  it('under a file instead of a folder', async () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, 'not a folder');
    const o = await start({ CITADEL_DATA: join(file, 'data') });
    expectOneClearLine(o, /the data folder .*a-file\/data cannot be written \(ENOTDIR\)/);
    expect(o.stderr).toContain('CITADEL_DATA=');
  });

  it('whose database file cannot be opened', async () => {
    const dir = mkdtempSync(join(scratch, 'data-'));
    mkdirSync(join(dir, 'citadel.sqlite'));
    const o = await start({ CITADEL_DATA: dir });
    expectOneClearLine(o, /the data folder .* cannot be written \(SQLITE_CANTOPEN\)/);
  });
});

it('says the SQLite driver was never built, and how to build it', async () => {
  // A copy of the bundle beside a node_modules that links every package but better-sqlite3,
  // which is copied without its build folder: as after an install whose script npm blocked.
  const root = join(scratch, 'no-driver');
  const modules = join(root, 'node_modules');
  const realModules = join(dirname(fileURLToPath(import.meta.url)), '../../../node_modules');
  mkdirSync(join(root, 'dist'), { recursive: true });
  cpSync(serverBundle(), join(root, 'dist', 'server.mjs'));
  mkdirSync(modules);
  for (const name of readdirSync(realModules))
    if (name !== 'better-sqlite3' && name !== '.bin')
      symlinkSync(join(realModules, name), join(modules, name));
  cpSync(join(realModules, 'better-sqlite3'), join(modules, 'better-sqlite3'), {
    recursive: true,
    filter: (path) => !path.includes(`${'better-sqlite3'}/build`),
  });
  const o = await start({}, join(root, 'dist', 'server.mjs'));
  expectOneClearLine(o, /the SQLite driver \(better-sqlite3\) was never built/);
  expect(o.stderr).toContain('npm rebuild better-sqlite3');
});

it('explains a driver built for another Node version', () => {
  const e = Object.assign(
    new Error(
      "The module '/x/better_sqlite3.node' was compiled against a different Node.js version using " +
        'NODE_MODULE_VERSION 137. This version of Node.js requires NODE_MODULE_VERSION 115.',
    ),
    { code: 'ERR_DLOPEN_FAILED' },
  );
  expect(describeSqliteFailure(e, 'data')).toBe(
    `the SQLite driver (better-sqlite3) was built for another Node version (module version 137; ` +
      `Node ${process.version} needs 115): run npm rebuild better-sqlite3`,
  );
});

it('says the web app was not built', async () => {
  const empty = mkdtempSync(join(scratch, 'web-'));
  const o = await start({ CITADEL_WEB: empty });
  expectOneClearLine(o, /holds no built web app .*npm run build:web/);
});

it('gives up on an unreachable PostgreSQL after the bounded wait, without showing the password', async () => {
  const port = await freePort();
  const started = Date.now();
  const o = await start({
    DATABASE_URL: `postgres://citadel:hunter2@127.0.0.1:${port}/citadel`,
    CITADEL_DB_WAIT: '1',
  });
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  expectOneClearLine(
    o,
    new RegExp(`cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port}/citadel \\(ECONNREFUSED\\)`),
  );
  expect(o.stderr).not.toContain('hunter2');
});
