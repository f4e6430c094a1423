/**
 * Messages between the UCI session (main thread) and its search workers. The stop request does
 * not travel as a message (a busy worker reads none): `control[STOP_SLOT]` holds the generation of
 * the search that may run, and a worker searching generation g stops as soon as it reads another.
 */
import type { EngineInfo, EngineOptions, EngineResult, GameSpec, GoLimits } from '@citadel/engine';

/** Int32 slot of `control` holding the generation allowed to search (0 = none). */
export const STOP_SLOT = 0;

export interface WorkerData {
  /** Int32Array over it: [STOP_SLOT]. */
  readonly control: SharedArrayBuffer;
  /** Float64Array over it: the latest node count of each worker, by index. */
  readonly nodes: SharedArrayBuffer;
  readonly index: number;
}

/** The engine options a `go` carries: those a UCI session may change between searches. */
export type SearchOptions = Pick<EngineOptions, 'multiPv' | 'level' | 'moveOverhead' | 'contempt'>;

export type ToWorker =
  | { readonly type: 'table'; readonly hashMb: number; readonly table: SharedArrayBuffer }
  | { readonly type: 'newgame' }
  /** Answered with `pong` once every earlier message (table set-up, warm-up) is done. */
  | { readonly type: 'ping'; readonly id: number }
  /** Build the variant's tables and warm its code with a short search (before the clock runs). */
  | { readonly type: 'prepare'; readonly game: GameSpec }
  | {
      readonly type: 'go';
      readonly generation: number;
      readonly game: GameSpec;
      readonly limits: GoLimits;
      readonly options: SearchOptions;
      /** When `go` arrived, on the `absoluteNow()` clock. */
      readonly goAt: number;
      /** Only the main worker (index 0) reports `info` lines. */
      readonly report: boolean;
    };

export type FromWorker =
  | { readonly type: 'info'; readonly generation: number; readonly info: EngineInfo }
  | { readonly type: 'pong'; readonly id: number; readonly index: number }
  | {
      readonly type: 'done';
      readonly generation: number;
      readonly index: number;
      readonly result: EngineResult | null;
      readonly error: string | null;
    };

/** Milliseconds on a clock every thread of the process shares. */
export function absoluteNow(): number {
  return performance.timeOrigin + performance.now();
}
