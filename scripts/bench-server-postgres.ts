/**
 * A throw-away PostgreSQL cluster for the server benchmark: initdb in a temporary folder, the
 * server on 127.0.0.1 at a free port with trust authentication, removed again on `stop`. Uses
 * Debian's postgresql binaries (PG_BIN, or the newest under /usr/lib/postgresql); as root the
 * cluster runs as the `postgres` user, since PostgreSQL refuses to run as root.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Cluster {
  readonly url: string;
  stop(): void;
}

function binDir(): string | null {
  const given = process.env['PG_BIN'];
  if (given) return existsSync(join(given, 'initdb')) ? given : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Starts a cluster, or returns null (with the reason on stderr) when none can be started. */
export async function startCluster(): Promise<Cluster | null> {
  const bin = binDir();
  if (!bin) {
    process.stderr.write('PostgreSQL: no binaries found (set PG_BIN or DATABASE_URL)\n');
    return null;
  }
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'citadel-bench-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const run = (cmd: string, args: string[]): void => {
    const full = asRoot ? ['-u', 'postgres', '--', join(bin, cmd), ...args] : args;
    execFileSync(asRoot ? 'runuser' : join(bin, cmd), full, { stdio: 'pipe' });
  };
  const port = await freePort();
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=on -c max_connections=200`,
      'start',
    ]);
  } catch (e) {
    const err = e as { stderr?: Buffer };
    process.stderr.write(
      `PostgreSQL: cannot start a cluster: ${err.stderr?.toString() ?? String(e)}\n`,
    );
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const args = ['-D', data, '-m', 'fast', '-w', 'stop'];
      if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args]);
      else spawnSync(join(bin, 'pg_ctl'), args);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
