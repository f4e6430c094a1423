/**
 * The page's side of the engine Worker: ask for a move or an analysis, get a promise (and, for an
 * analysis, every iteration's info as it comes); stale answers are dropped. The client and its
 * Worker serve the whole app; each request carries the asking page's signal (lifetime.ts), and
 * one whose signal aborts is dropped at once, so the client never keeps a page's callbacks.
 */
import { levelMovetime, type EngineInfo, type GameSpec } from '@citadel/engine';
import type { EngineClock, FromEngine, ToEngine } from './engine-messages.ts';

export type EngineReply = Extract<FromEngine, { type: 'done' }>;

export interface AnalyseOptions {
  readonly multiPv: number;
  readonly movetime: number;
  readonly depth?: number;
  readonly onInfo?: (info: EngineInfo) => void;
  /** The asking page's (or part's) life: aborted, the request is dropped (resolves null). */
  readonly signal: AbortSignal;
}

interface Pending {
  resolve: (r: EngineReply | null) => void;
  reject: (e: Error) => void;
  onInfo?: ((info: EngineInfo) => void) | undefined;
  /** Stops listening to the request's signal (the request is answered or dropped). */
  release: () => void;
}

export class EngineClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  /** Searches sent to the Worker and not yet answered, awaited or not (dropped ones too). */
  private searching = 0;

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./engine-worker.ts', import.meta.url), {
      type: 'module',
      name: 'citadel-engine',
    });
    w.onmessage = (e: MessageEvent<FromEngine>) => {
      // A Worker ended by stop() may still have answers on their way: they count for nothing.
      if (this.worker !== w) return;
      const m = e.data;
      if (m.type !== 'info') this.searching--;
      const p = this.pending.get(m.id);
      if (!p) return;
      if (m.type === 'info') {
        p.onInfo?.(m.info);
        return;
      }
      this.forget(m.id, p);
      if (m.type === 'done') p.resolve(m);
      else p.reject(new Error(m.error));
    };
    w.onerror = (e) => {
      if (this.worker !== w) return;
      for (const [id, p] of this.pending) {
        this.forget(id, p);
        p.reject(new Error(e.message || 'engine worker failed'));
      }
      this.worker = null;
      this.searching = 0;
    };
    this.worker = w;
    return w;
  }

  private send(m: ToEngine): void {
    this.ensure().postMessage(m);
  }

  private request(
    m: Omit<Extract<ToEngine, { type: 'go' }>, 'id'>,
    signal: AbortSignal,
    onInfo?: (info: EngineInfo) => void,
  ): Promise<EngineReply | null> {
    if (signal.aborted) return Promise.resolve(null);
    const id = this.nextId++;
    const promise = new Promise<EngineReply | null>((resolve, reject) => {
      const drop = (): void => {
        const p = this.pending.get(id);
        if (!p) return;
        this.forget(id, p);
        p.resolve(null);
      };
      signal.addEventListener('abort', drop, { once: true });
      const release = (): void => signal.removeEventListener('abort', drop);
      this.pending.set(id, { resolve, reject, onInfo, release });
    });
    this.send({ ...m, id });
    this.searching++;
    return promise;
  }

  /** Removes an answered or dropped request, and its listener on the asker's signal. */
  private forget(id: number, p: Pending): void {
    this.pending.delete(id);
    p.release();
  }

  /**
   * Asks for the best move at a level; with the game's clocks the engine thinks no longer than
   * its share of its own time (and never longer than its level's time). Resolves null if
   * cancelled meanwhile.
   */
  go(
    game: GameSpec,
    level: number,
    clock: EngineClock | undefined,
    signal: AbortSignal,
  ): Promise<EngineReply | null> {
    return this.request(
      {
        type: 'go',
        game,
        level,
        movetime: levelMovetime(level),
        ...(clock ? { clock } : {}),
      },
      signal,
    );
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
      options.signal,
      options.onInfo,
    );
  }

  /** Drops every pending answer (their promises resolve null). */
  cancel(): void {
    for (const [id, p] of this.pending) {
      this.forget(id, p);
      p.resolve(null);
    }
  }

  /**
   * Stops at once: drops the pending answers and, if a search is running (one whose answer was
   * dropped included), ends the Worker (a search cannot be interrupted from outside); the next
   * request starts a fresh one.
   */
  stop(): void {
    this.cancel();
    if (this.searching > 0 && this.worker) {
      this.worker.terminate();
      this.worker = null;
      this.searching = 0;
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
