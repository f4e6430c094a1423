/**
 * A throwaway PostgreSQL cluster for tests: initdb in a temporary folder, started on a free port
 * on 127.0.0.1, owned by the `postgres` system user when we run as root (PostgreSQL refuses to
 * run as root). Uses Debian's postgresql package (`.ci/run` installs it).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Cluster {
  readonly url: string;
  /** Stops the cluster for good and removes its folder. */
  stop(): void;
  /** Stops the cluster at once (`-m immediate`, as a crash would), keeping its data and port. */
  stopNow(): void;
  /** Starts a cluster `stopNow` stopped, on the same port and data. */
  startAgain(): void;
  /** Runs `sql` in the database with psql; its rows, one a line, columns split by `|`. */
  sql(sql: string): string;
  /** Ends every connection to the database but psql's own (pg_terminate_backend). */
  terminateConnections(): void;
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions)
    if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  return null;
}

export const postgresAvailable = (): boolean => binDir() !== null;

/** Whether CI is set (as CI services set it): there, every test must run. */
const underCi = (): boolean => !['', '0', 'false'].includes(process.env['CI'] ?? '');

/**
 * Why this machine skips the PostgreSQL tests, or null when they run. They are skipped only where
 * PostgreSQL is not installed and CI is not set, and then loudly; under CI a missing PostgreSQL
 * fails them (startCluster says what to install).
 */
export function postgresSkipReason(): string | null {
  if (postgresAvailable() || underCi()) return null;
  const reason = 'PostgreSQL is not installed (apt-get install postgresql): its tests are SKIPPED';
  console.warn(`\n*** ${reason} ***\n`);
  return reason;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => done(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export async function startCluster(): Promise<Cluster> {
  const bin = binDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'citadel-pg-'));
  chmodSync(dir, 0o700);
  const asRoot = process.getuid?.() === 0;
  let uid = 0;
  let gid = 0;
  if (asRoot) {
    uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (cmd: string, args: string[]): string =>
    execFileSync(cmd, args, {
      stdio: 'pipe',
      cwd: dir,
      ...(asRoot ? { uid, gid } : {}),
      env: { PATH: process.env['PATH'] ?? '', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
      encoding: 'utf8',
    });
  const data = join(dir, 'data');
  const port = await freePort();
  run(join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const start = (): void =>
    void run(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
      'start',
    ]);
  start();
  const at = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'];
  run(join(bin, 'createdb'), [...at, 'citadel']);
  const sql = (text: string): string =>
    run(join(bin, 'psql'), [...at, '-d', 'citadel', '-tA', '-c', text]).trim();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/citadel`,
    stopNow() {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    startAgain: start,
    sql,
    terminateConnections() {
      sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = 'citadel' AND pid <> pg_backend_pid()`);
    },
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
