/**
 * A server in its own process, as `npm start` runs it (the bundle `npm run build` makes, which
 * `npm test` runs first), for the crash, two-process, configuration and shutdown tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from './postgres.ts';

const BUNDLE = fileURLToPath(new URL('../../dist/server.mjs', import.meta.url));
const SHIFTED = fileURLToPath(new URL('./shifted-server.ts', import.meta.url));

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

/** A server process whose clock the test moves (shifted-server.ts). */
export interface ShiftedServerProcess extends ServerProcess {
  /** Sets its clock `ms` ahead of the machine's, resolving once the process has taken it. */
  shift(ms: number): Promise<void>;
}

/**
 * A server started from the sources with its clock `shiftMs` ahead of the machine's, which
 * `shift` moves: for the tests of things that take minutes (an arena's end) across processes.
 */
export async function startShiftedProcess(
  env: Record<string, string>,
  shiftMs: number,
  port?: number,
): Promise<ShiftedServerProcess> {
  const server = await startProcess({ ...env, CITADEL_TEST_SHIFT_MS: String(shiftMs) }, port, {
    args: ['--import', 'tsx', SHIFTED],
    ipc: true,
  });
  const child = server.child;
  return {
    ...server,
    shift: (ms) =>
      new Promise((done, fail) => {
        child.once('message', () => done());
        child.send({ shift: ms }, (e) => e && fail(e));
      }),
  };
}

/** `run`: what node runs (the bundle unless given), and whether with an IPC channel. */
export async function startProcess(
  env: Record<string, string>,
  port?: number,
  run: { readonly args: readonly string[]; readonly ipc: boolean } = {
    args: [serverBundle()],
    ipc: false,
  },
): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, [...run.args], {
    env: {
      ...process.env,
      // No scheduled arenas unless a test asks for them.
      CITADEL_ARENAS: 'off',
      ...env,
      PORT: String(p),
      HOST: '127.0.0.1',
      CITADEL_WEB: 'none',
    },
    stdio: run.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
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
