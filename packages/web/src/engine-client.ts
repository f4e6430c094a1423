/**
 * The page's side of the engine Worker: ask for a move or an analysis, get a promise (and, for an
 * analysis, every iteration's info as it comes); stale answers are dropped.
 */
import { levelMovetime, type EngineInfo, type GameSpec } from '@citadel/engine';
import type { EngineClock, FromEngine, ToEngine } from './engine-messages.ts';

export type EngineReply = Extract<FromEngine, { type: 'done' }>;

export interface AnalyseOptions {
  readonly multiPv: number;
  readonly movetime: number;
  readonly depth?: number;
  readonly onInfo?: (info: EngineInfo) => void;
}

interface Pending {
  resolve: (r: EngineReply | null) => void;
  reject: (e: Error) => void;
  onInfo?: ((info: EngineInfo) => void) | undefined;
}

export class EngineClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./engine-worker.ts', import.meta.url), {
      type: 'module',
      name: 'citadel-engine',
    });
    w.onmessage = (e: MessageEvent<FromEngine>) => {
      const m = e.data;
      const p = this.pending.get(m.id);
      if (!p) return;
      if (m.type === 'info') {
        p.onInfo?.(m.info);
        return;
      }
      this.pending.delete(m.id);
      if (m.type === 'done') p.resolve(m);
      else p.reject(new Error(m.error));
    };
    w.onerror = (e) => {
      for (const p of this.pending.values())
        p.reject(new Error(e.message || 'engine worker failed'));
      this.pending.clear();
      this.worker = null;
    };
    this.worker = w;
    return w;
  }

  private send(m: ToEngine): void {
    this.ensure().postMessage(m);
  }

  private request(
    m: Omit<Extract<ToEngine, { type: 'go' }>, 'id'>,
    onInfo?: (info: EngineInfo) => void,
  ): Promise<EngineReply | null> {
    const id = this.nextId++;
    const promise = new Promise<EngineReply | null>((resolve, reject) =>
      this.pending.set(id, { resolve, reject, onInfo }),
    );
    this.send({ ...m, id });
    return promise;
  }

  /**
   * Asks for the best move at a level; with the game's clocks the engine thinks no longer than
   * its share of its own time (and never longer than its level's time). Resolves null if
   * cancelled meanwhile.
   */
  go(game: GameSpec, level: number, clock?: EngineClock): Promise<EngineReply | null> {
    return this.request({
      type: 'go',
      game,
      level,
      movetime: levelMovetime(level),
      ...(clock ? { clock } : {}),
    });
  }

  /** Full-strength search of the best `multiPv` lines, streaming each iteration to `onInfo`. */
  analyse(game: GameSpec, options: AnalyseOptions): Promise<EngineReply | null> {
    return this.request(
      {
        type: 'go',
        game,
        level: 10,
        movetime: options.movetime,
        multiPv: options.multiPv,
        info: options.onInfo !== undefined,
        ...(options.depth !== undefined ? { depth: options.depth } : {}),
      },
      options.onInfo,
    );
  }

  /** Drops every pending answer (their promises resolve null). */
  cancel(): void {
    for (const p of this.pending.values()) p.resolve(null);
    this.pending.clear();
  }

  /**
   * Stops at once: drops the pending answers and, if a search is running, ends the Worker (a
   * search cannot be interrupted from outside); the next request starts a fresh one.
   */
  stop(): void {
    const busy = this.pending.size > 0;
    this.cancel();
    if (busy && this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
  }

  newGame(): void {
    this.cancel();
    this.send({ type: 'newgame' });
  }

  busy(): boolean {
    return this.pending.size > 0;
  }
}
