/**
 * A server in its own process, as `npm start` runs it (the bundle `npm run build` makes, which
 * `npm test` runs first), for the crash, two-process, configuration and shutdown tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from './postgres.ts';

const BUNDLE = fileURLToPath(new URL('../../dist/server.mjs', import.meta.url));

/** The server's bundle; fails with what to do when it has not been built. */
export function serverBundle(): string {
  if (!existsSync(BUNDLE))
    throw new Error(`${BUNDLE} is missing: run npm run build (npm test does) before these tests`);
  return BUNDLE;
}

export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Everything it has printed so far, standard output and error together. */
  output(): string;
  /** SIGKILL (no clean-up at all) or SIGTERM, resolving when the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startProcess(
  env: Record<string, string>,
  port?: number,
): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, [serverBundle()], {
    env: {
      ...process.env,
      // No scheduled arenas unless a test asks for them.
      CITADEL_ARENAS: 'off',
      ...env,
      PORT: String(p),
      HOST: '127.0.0.1',
      CITADEL_WEB: 'none',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 60_000);
    const read = (d: Buffer): void => {
      out += String(d);
      const m = /running at (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        done(m[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => fail(new Error(`server exited (${code}): ${out}`)));
  });
  const gone = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    url,
    port: p,
    child,
    output: () => out,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await gone;
    },
  };
}
