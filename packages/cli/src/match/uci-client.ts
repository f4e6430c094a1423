/**
 * The client side of UCI: starts an engine process from a command line, does the `uci` / `isready`
 * handshakes, sets options and runs searches, timing each one from `go` to `bestmove`.
 * An engine that exits or stops answering is reported, never waited on forever.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface UciOption {
  readonly name: string;
  readonly type: string;
  readonly default?: string;
  /** Values of a combo option. */
  readonly vars: readonly string[];
}

/** The engine process ended (crash or exit). */
export class EngineExitedError extends Error {}
/** No answer in time. */
export class EngineTimeoutError extends Error {}
/** An engine of a match could not be started or set up before the first game. */
export class EngineStartError extends Error {}

export interface SearchInfo {
  /** From the engine's last `info` line with a score. */
  readonly score?: { readonly kind: 'cp' | 'mate'; readonly value: number };
  readonly depth?: number;
}

export interface SearchResult {
  /** The move text after `bestmove` (may be `(none)` / `0000`). */
  readonly bestmove: string;
  readonly elapsedMs: number;
  readonly info: SearchInfo;
}

type Waiter = {
  readonly match: (line: string) => boolean;
  readonly resolve: (line: string) => void;
  readonly reject: (e: Error) => void;
};

/** Parses an `option name <name with spaces> type <t> [default <v>] [var <v>]...` line. */
export function parseOptionLine(line: string): UciOption | null {
  const m = /^option\s+name\s+(.+?)\s+type\s+(\S+)(.*)$/.exec(line.trim());
  if (!m) return null;
  const rest = m[3]!;
  const def = /\sdefault(?:\s+(.*?))?(?=\s+(?:min|max|var)\s|$)/.exec(rest);
  const vars = [...rest.matchAll(/\svar\s+(.*?)(?=\s+var\s|$)/g)].map((v) => v[1]!.trim());
  return {
    name: m[1]!,
    type: m[2]!,
    ...(def ? { default: (def[1] ?? '').trim() } : {}),
    vars,
  };
}

/** Reads score and depth from an `info` line. */
export function parseInfoLine(line: string, prev: SearchInfo): SearchInfo {
  const depth = /\sdepth\s+(\d+)/.exec(line);
  const score = /\sscore\s+(cp|mate)\s+(-?\d+)/.exec(line);
  if (!score || /\s(lowerbound|upperbound)(\s|$)/.test(line)) return prev;
  return {
    score: { kind: score[1] as 'cp' | 'mate', value: Number(score[2]) },
    ...(depth
      ? { depth: Number(depth[1]) }
      : prev.depth !== undefined
        ? { depth: prev.depth }
        : {}),
  };
}

export class UciEngine {
  /** `id name`, or the command line when the engine gives none. */
  name: string;
  readonly options = new Map<string, UciOption>();
  private readonly child: ChildProcess;
  private waiters: Waiter[] = [];
  private exited: string | null = null;
  private readonly stderrTail: string[] = [];
  private onInfo: ((line: string) => void) | null = null;

  private constructor(readonly command: string) {
    this.name = command;
    // A process group of its own, so a shell command line and its children can be killed whole.
    this.child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    this.child.stdin!.on('error', () => {});
    createInterface({ input: this.child.stdout!, crlfDelay: Infinity }).on('line', (line) =>
      this.receive(line),
    );
    createInterface({ input: this.child.stderr!, crlfDelay: Infinity }).on('line', (line) => {
      this.stderrTail.push(line);
      if (this.stderrTail.length > 20) this.stderrTail.shift();
    });
    this.child.on('error', (e) => this.ended(`could not start: ${e.message}`));
    this.child.on('exit', (code, signal) =>
      this.ended(signal ? `killed by ${signal}` : `exited with status ${code}`),
    );
  }

  /** Starts the engine and completes the `uci` handshake within `timeoutMs`. */
  static async start(command: string, timeoutMs: number): Promise<UciEngine> {
    const engine = new UciEngine(command);
    try {
      engine.send('uci');
      await engine.waitFor((l) => {
        if (l.startsWith('id name ')) engine.name = l.slice(8).trim();
        const opt = parseOptionLine(l);
        if (opt) engine.options.set(opt.name.toLowerCase(), opt);
        return l.trim() === 'uciok';
      }, timeoutMs);
    } catch (e) {
      engine.kill();
      const why = e instanceof Error ? e.message : String(e);
      throw new Error(
        `engine '${command}' failed the uci handshake: ${why}${engine.stderrText()}`,
        {
          cause: e,
        },
      );
    }
    return engine;
  }

  private stderrText(): string {
    return this.stderrTail.length
      ? `\n  stderr: ${this.stderrTail.slice(-5).join('\n  stderr: ')}`
      : '';
  }

  /** Why the process ended, or null while it runs. */
  get exitReason(): string | null {
    return this.exited;
  }

  private ended(reason: string): void {
    if (this.exited) return;
    this.exited = reason;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters)
      w.reject(new EngineExitedError(`engine ${reason}${this.stderrText()}`));
  }

  private receive(line: string): void {
    if (this.onInfo && line.startsWith('info')) this.onInfo(line);
    for (let i = 0; i < this.waiters.length; i++) {
      const w = this.waiters[i]!;
      if (w.match(line)) {
        this.waiters.splice(i, 1);
        w.resolve(line);
        return;
      }
    }
  }

  send(line: string): void {
    if (this.exited) return;
    this.child.stdin!.write(`${line}\n`);
  }

  /** Resolves with the first line that `match` accepts; rejects on timeout or exit. */
  waitFor(match: (line: string) => boolean, timeoutMs: number): Promise<string> {
    if (this.exited) return Promise.reject(new EngineExitedError(`engine ${this.exited}`));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new EngineTimeoutError(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter: Waiter = {
        match,
        resolve: (l) => {
          clearTimeout(timer);
          resolve(l);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      this.waiters.push(waiter);
    });
  }

  async isReady(timeoutMs: number): Promise<void> {
    this.send('isready');
    await this.waitFor((l) => l.trim() === 'readyok', timeoutMs);
  }

  /** The declared option of that name (case-insensitive), if any. */
  option(name: string): UciOption | undefined {
    return this.options.get(name.toLowerCase());
  }

  setOption(name: string, value: string): void {
    this.send(`setoption name ${name} value ${value}`);
  }

  /**
   * Sends `position` and `go`, and waits for `bestmove` at most `deadlineMs`. The time runs from
   * writing `go` to reading `bestmove`.
   */
  async search(position: string, go: string, deadlineMs: number): Promise<SearchResult> {
    let info: SearchInfo = {};
    this.onInfo = (line) => {
      info = parseInfoLine(line, info);
    };
    this.send(position);
    const t0 = performance.now();
    this.send(go);
    try {
      const line = await this.waitFor((l) => /^bestmove(\s|$)/.test(l), deadlineMs);
      const elapsedMs = performance.now() - t0;
      return { bestmove: line.trim().split(/\s+/)[1] ?? '', elapsedMs, info };
    } finally {
      this.onInfo = null;
    }
  }

  /**
   * After a search ran out of time: `stop`, and wait briefly for its `bestmove` so the engine is
   * ready for the next game. False when it does not answer (it should then be restarted).
   */
  async recover(timeoutMs: number): Promise<boolean> {
    if (this.exited) return false;
    this.send('stop');
    try {
      await this.waitFor((l) => /^bestmove(\s|$)/.test(l), timeoutMs);
      await this.isReady(timeoutMs);
      return true;
    } catch {
      return false;
    }
  }

  /** `quit`, then the process group is killed if it has not gone within `graceMs`. */
  async quit(graceMs = 2000): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.send('quit');
    this.child.stdin!.end();
    const timer = setTimeout(() => this.kill(), graceMs);
    await gone;
    clearTimeout(timer);
  }

  /** Kills the engine's whole process group at once. */
  kill(): void {
    if (this.exited || this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      this.child.kill('SIGKILL');
    }
  }
}
