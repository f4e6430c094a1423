/** The page's side of the engine Worker: ask for a move, get a promise; stale answers are dropped. */
import type { GameSpec } from '@citadel/engine';
import type { FromEngine, ToEngine } from './engine-messages.ts';

export type EngineReply = Extract<FromEngine, { type: 'done' }>;

/** Thinking time per move: about half a second, scaled by level (140 ms at 1, 500 ms at 10). */
export const movetimeFor = (level: number): number => 100 + 40 * Math.min(10, Math.max(1, level));

export class EngineClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<
    number,
    { resolve: (r: EngineReply | null) => void; reject: (e: Error) => void }
  >();

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

  /** Asks for the best move; resolves null if cancelled meanwhile. */
  go(game: GameSpec, level: number): Promise<EngineReply | null> {
    const id = this.nextId++;
    const promise = new Promise<EngineReply | null>((resolve, reject) =>
      this.pending.set(id, { resolve, reject }),
    );
    this.send({ type: 'go', id, game, level, movetime: movetimeFor(level) });
    return promise;
  }

  /** Drops every pending answer (their promises resolve null). */
  cancel(): void {
    for (const p of this.pending.values()) p.resolve(null);
    this.pending.clear();
  }

  newGame(): void {
    this.cancel();
    this.send({ type: 'newgame' });
  }

  busy(): boolean {
    return this.pending.size > 0;
  }
}
