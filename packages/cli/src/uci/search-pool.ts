/**
 * The search threads of `citadel uci`: N workers (Lazy SMP) sharing one transposition table
 * through a SharedArrayBuffer. Worker 0 is the main thread of the search, whose info lines and
 * result are reported; helpers search the same position (odd ones one ply deeper when the depth
 * is limited) only to fill the shared table, and stop when the main worker is done.
 */
import { Worker } from 'node:worker_threads';
import { TranspositionTable } from '@citadel/engine';
import { releaseMemory } from './release-memory.ts';
import type { EngineInfo, EngineResult, GameSpec, GoLimits } from '@citadel/engine';
import {
  STOP_SLOT,
  type FromWorker,
  type SearchOptions,
  type ToWorker,
  type WorkerData,
} from './messages.ts';

export const MAX_THREADS = 16;

/** What tells one game's tables from another's: variant, array and rule switches. */
const gameKey = (game: GameSpec): string => JSON.stringify([game.variant, game.array, game.rules]);

export interface SearchHandlers {
  /** An info line of the main worker; `nodes`: the total over all threads. */
  readonly info: (info: EngineInfo, nodes: number) => void;
  /** The main worker finished (or failed: `result` null and `error` set). */
  readonly done: (result: EngineResult | null, error: string | null, nodes: number) => void;
}

export class SearchPool {
  private readonly workers: Worker[] = [];
  private readonly control = new Int32Array(new SharedArrayBuffer(4 * 4));
  private readonly nodeBuffer = new SharedArrayBuffer(8 * MAX_THREADS);
  private readonly nodes = new Float64Array(this.nodeBuffer);
  private table!: SharedArrayBuffer;
  private generation = 0;
  private current: { generation: number; handlers: SearchHandlers } | null = null;

  constructor(
    private readonly workerUrl: URL,
    private hashMb: number,
    threads: number,
    /** Problems outside any search (a worker that died), for an `info string`. */
    private readonly onProblem: (message: string) => void,
  ) {
    this.allocate(hashMb);
    this.resize(threads);
  }

  get threads(): number {
    return this.workers.length;
  }

  /** True while the main worker of a search has not answered. */
  get searching(): boolean {
    return this.current !== null;
  }

  private allocate(mb: number): void {
    this.hashMb = mb;
    this.table = new SharedArrayBuffer(TranspositionTable.bytesFor(mb));
  }

  private spawn(index: number): Worker {
    const data: WorkerData = {
      control: this.control.buffer as SharedArrayBuffer,
      nodes: this.nodeBuffer,
      index,
    };
    const w = new Worker(this.workerUrl, { workerData: data });
    // A thread already let go of (a new table, fewer threads) may still be answering: ignored.
    w.on('message', (m: FromWorker) => {
      if (this.workers.includes(w)) this.receive(m);
    });
    w.on('error', (e) => {
      this.onProblem(`search thread ${index} failed: ${e.message}`);
      const i = this.workers.indexOf(w);
      if (i >= 0) {
        this.workers[i] = this.spawn(i);
        this.send(this.workers[i]!, { type: 'table', hashMb: this.hashMb, table: this.table });
      }
      if (i === 0 && this.current) this.finish(null, `search thread failed: ${e.message}`);
    });
    return w;
  }

  private send(w: Worker, m: ToWorker): void {
    w.postMessage(m);
  }

  private pings = 0;
  /** Pings not yet answered by every thread: the indices still to answer. */
  private readonly pending = new Map<number, { left: Set<number>; resolve: () => void }>();

  /**
   * Resolves when every worker has handled all earlier messages (the table set-up) and has built
   * the evaluation tables of `game`'s variant, so a search of it starts at once.
   */
  whenReady(game: GameSpec): Promise<void> {
    const key = gameKey(game);
    if (key !== this.preparedOn) {
      this.preparedOn = key;
      for (const w of this.workers) this.send(w, { type: 'prepare', game });
    }
    const id = ++this.pings;
    return new Promise((resolve) => {
      this.pending.set(id, { left: new Set(this.workers.keys()), resolve });
      for (const w of this.workers) this.send(w, { type: 'ping', id });
    });
  }

  private receive(m: FromWorker): void {
    if (m.type === 'pong') {
      const p = this.pending.get(m.id);
      p?.left.delete(m.index);
      if (p && p.left.size === 0) {
        this.pending.delete(m.id);
        p.resolve();
      }
      return;
    }
    if (m.type === 'perft') return;
    const cur = this.current;
    if (!cur || m.generation !== cur.generation) return;
    if (m.type === 'info') cur.handlers.info(m.info, this.totalNodes(m.info.nodes));
    else if (m.index === 0) this.finish(m.result, m.error);
  }

  private finish(result: EngineResult | null, error: string | null): void {
    const cur = this.current!;
    this.current = null;
    Atomics.store(this.control, STOP_SLOT, 0); // stop the helpers
    cur.handlers.done(result, error, this.totalNodes(result?.nodes ?? 0));
  }

  /** Nodes of all threads: `mainNodes` for the main worker plus the helpers' latest counts. */
  private totalNodes(mainNodes: number): number {
    let n = mainNodes;
    for (let i = 1; i < this.workers.length; i++) n += this.nodes[i]!;
    return n;
  }

  /** Sets the number of threads (between searches). */
  resize(threads: number): void {
    const n = Math.max(1, Math.min(MAX_THREADS, threads));
    while (this.workers.length > n) void this.workers.pop()!.terminate();
    if (this.workers.length < n) this.preparedOn = '';
    while (this.workers.length < n) {
      const w = this.spawn(this.workers.length);
      this.workers.push(w);
      this.send(w, { type: 'table', hashMb: this.hashMb, table: this.table });
    }
    this.repeatPings();
  }

  /** Pings still waiting are asked again of the threads there are now (some may be new). */
  private repeatPings(): void {
    for (const [id, p] of this.pending) {
      p.left = new Set(this.workers.keys());
      for (const w of this.workers) this.send(w, { type: 'ping', id });
    }
  }

  /**
   * A new, empty table of `mb` MiB for every thread (between searches). The old one is handed
   * back to the system at once: each thread lets go of it and collects its garbage.
   */
  setHash(mb: number): void {
    this.allocate(mb);
    for (const w of this.workers)
      this.send(w, { type: 'table', hashMb: this.hashMb, table: this.table });
    releaseMemory();
  }

  /** The game whose tables the threads last built. */
  private preparedOn = '';

  newGame(): void {
    for (const w of this.workers) this.send(w, { type: 'newgame' });
  }

  /**
   * Starts a search on every thread; only one search runs at a time. Time limits count from
   * `goAt`, when the request arrived (on the `absoluteNow()` clock).
   */
  start(
    game: GameSpec,
    limits: GoLimits,
    options: SearchOptions,
    handlers: SearchHandlers,
    goAt: number,
  ): void {
    const generation = ++this.generation;
    this.nodes.fill(0);
    this.current = { generation, handlers };
    Atomics.store(this.control, STOP_SLOT, generation);
    this.workers.forEach((w, i) => {
      const helperLimits: GoLimits =
        i > 0 && limits.depth !== undefined ? { ...limits, depth: limits.depth + (i % 2) } : limits;
      this.send(w, {
        type: 'go',
        generation,
        game,
        limits: helperLimits,
        options,
        goAt,
        report: i === 0,
      });
    });
  }

  /** Asks every thread to stop; the main worker then answers with its result. */
  stop(): void {
    Atomics.store(this.control, STOP_SLOT, 0);
  }

  close(): Promise<unknown> {
    this.stop();
    return Promise.all(this.workers.splice(0).map((w) => w.terminate()));
  }
}
