/**
 * Drives the built `citadel` command (packages/cli/dist, written by `npm run build`, which
 * `npm test` runs first) as a child process: send lines, wait for lines.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../dist/citadel.mjs', import.meta.url));

/** Runs the command to completion with `input` on stdin. */
export function runCli(
  args: readonly string[],
  input = '',
  timeoutMs = 60_000,
): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    input,
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A running `citadel uci` (or other interactive command): line in, lines out. */
export class CliProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  private partial = '';
  private read = 0;
  private waiters: Array<() => void> = [];
  exited: Promise<number | null>;

  constructor(args: readonly string[]) {
    this.child = spawn(process.execPath, [CLI, ...args]);
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop()!;
      this.lines.push(...parts);
      for (const w of this.waiters.splice(0)) w();
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  send(...lines: string[]): void {
    this.child.stdin.write(lines.map((l) => `${l}\n`).join(''));
  }

  /**
   * Waits for the next unread line matching `test`, and returns the lines read up to and
   * including it (later waits start after it).
   */
  async waitFor(test: RegExp | ((line: string) => boolean), timeoutMs = 20_000): Promise<string[]> {
    const match = typeof test === 'function' ? test : (l: string) => test.test(l);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.read; i < this.lines.length; i++)
        if (match(this.lines[i]!)) {
          const got = this.lines.slice(this.read, i + 1);
          this.read = i + 1;
          return got;
        }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `timed out waiting for ${String(test)}; output so far:\n${this.lines.slice(-30).join('\n')}`,
        );
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Sends `quit` and waits for the exit code. */
  async quit(): Promise<number | null> {
    this.send('quit');
    return this.exited;
  }

  kill(): void {
    this.child.kill();
  }
}
