/**
 * `go perft` off the protocol thread: one worker thread of its own counts the moves, so `isready`
 * is answered and `stop` or `quit` ends the count at once (the worker is terminated).
 */
import { Worker } from 'node:worker_threads';
import type { GameSpec } from '@citadel/engine';
import type { FromWorker, ToWorker, WorkerData } from './messages.ts';

export type PerftRows = ReadonlyArray<{ readonly move: string; readonly nodes: number }>;

export class PerftRun {
  private readonly worker: Worker;
  private over = false;

  constructor(
    workerUrl: URL,
    game: GameSpec,
    depth: number,
    /** Called once with the count per root move, or why it failed; never after `stop`. */
    private readonly done: (rows: PerftRows | null, error: string | null) => void,
  ) {
    const data: WorkerData = {
      control: new SharedArrayBuffer(4 * 4),
      nodes: new SharedArrayBuffer(8),
      index: 0,
    };
    this.worker = new Worker(workerUrl, { workerData: data });
    this.worker.on('message', (m: FromWorker) => {
      if (m.type === 'perft') this.finish(m.rows, m.error);
    });
    this.worker.on('error', (e) => this.finish(null, `perft failed: ${e.message}`));
    const request: ToWorker = { type: 'perft', game, depth };
    this.worker.postMessage(request);
  }

  private finish(rows: PerftRows | null, error: string | null): void {
    if (this.over) return;
    this.over = true;
    void this.worker.terminate();
    this.done(rows, error);
  }

  /** Ends the count now; `done` is not called. */
  stop(): void {
    this.over = true;
    void this.worker.terminate();
  }
}
