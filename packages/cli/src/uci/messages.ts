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
  /** Answered with `pong` once every earlier message is done. */
  | { readonly type: 'ping'; readonly id: number }
  /** Build the variant's evaluation tables (a search of it needs them first). */
  | { readonly type: 'prepare'; readonly game: GameSpec }
  /** Count the moves of the game's position to `depth` (a perft worker of its own). */
  | { readonly type: 'perft'; readonly game: GameSpec; readonly depth: number }
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
      readonly type: 'perft';
      /** Nodes under each root move (move text), or why the position could not be set up. */
      readonly rows: ReadonlyArray<{ readonly move: string; readonly nodes: number }> | null;
      readonly error: string | null;
    }
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
