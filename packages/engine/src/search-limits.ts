/**
 * What a search is asked (limits, callbacks) and what it reports (iterations, root lines). The
 * searcher reads the clock and the stop flag only through `SearchCallbacks`, so it runs anywhere
 * (main thread, Node worker, Web Worker).
 */

/** The deepest ply a search reaches (main search and quiescence together). */
export const MAX_PLY = 96;

export interface SearchLimits {
  readonly depth?: number;
  readonly nodes?: number;
  /** Hard time limit for this move, milliseconds. */
  readonly hardMs?: number;
  /** Do not start another iteration after this many milliseconds. */
  readonly softMs?: number;
  /** Restrict the root to these integer moves. */
  readonly rootMoves?: readonly number[];
  readonly multiPv?: number;
  /**
   * Centipawns a draw is worth less than an even position to the side to move at the root
   * (Stockfish's contempt): a draw by rule in the tree scores −contempt where that side is to
   * move and +contempt where its opponent is. 0 (default) scores every draw 0.
   */
  readonly contempt?: number;
}

export interface SearchCallbacks {
  /** Milliseconds since some fixed origin. */
  readonly now: () => number;
  /**
   * When the request for this search arrived, on the `now` clock: time limits count from it, so
   * the time spent before the search starts (setting up the position, messages) is not lost.
   */
  readonly startedAt?: number;
  /** Polled every few thousand nodes; true stops the search at once. */
  readonly shouldStop?: () => boolean;
  /** After each completed iteration (and each PV line in MultiPV). */
  readonly onIteration?: (info: IterationInfo) => void;
}

export interface IterationInfo {
  readonly depth: number;
  readonly selDepth: number;
  readonly multiPv: number;
  readonly score: number;
  readonly bound: 'exact' | 'lower' | 'upper';
  readonly nodes: number;
  readonly timeMs: number;
  readonly pv: readonly number[];
}

export interface RootLine {
  readonly move: number;
  readonly score: number;
  readonly pv: readonly number[];
}

export interface SearchOutcome {
  readonly lines: readonly RootLine[];
  readonly depth: number;
  readonly nodes: number;
  readonly timeMs: number;
}
