/**
 * How good quiet moves were in this search (step 9 rewards, steps 7–8 read): the history of each
 * move, keyed by piece code and destination (`code * size + to`), and the continuation history
 * (Stockfish's): how good the move was after the move one ply back (the opponent's reply) and two
 * plies back (our previous move). Scores stay bounded (history-table.ts).
 */
import type { Ruleset } from '@citadel/core';
import { addWithGravity, denseMoveKeys } from './history-table.ts';

/**
 * Continuation history: at most 2^CONT_BITS entries, in one row per side to move and earlier
 * move (piece kind and cell, one ply back or two) with one entry per move (piece kind and cell).
 * The quiet moves scored at one node read two rows, which stay in the cache (a table indexed by
 * a hash of the pair missed it on nearly every move: a tenth of the search time). Where the rows
 * do not all fit (Tamerlane's 26 and 34 kinds), earlier moves share rows by hash.
 */
const CONT_BITS = 22;

export class QuietHistory {
  private readonly history: Int32Array;
  private readonly continuation: Int16Array;
  /** Per move key (code * size + to): its dense index (history-table.ts `denseMoveKeys`). */
  private readonly denseKey: Int32Array;
  /** Continuation entries per row (kinds * cells) and rows (4 per earlier key, or fewer by hash). */
  private readonly contKeys: number;
  private readonly contRows: number;

  constructor(rs: Ruleset) {
    this.history = new Int32Array(256 * rs.size);
    this.contKeys = rs.kinds.length * rs.geo.cells.length;
    this.contRows = Math.min(4 * this.contKeys, Math.floor((1 << CONT_BITS) / this.contKeys));
    this.continuation = new Int16Array(this.contRows * this.contKeys);
    this.denseKey = denseMoveKeys(rs);
  }

  /** Forget everything (new game). */
  clear(): void {
    this.history.fill(0);
    this.continuation.fill(0);
  }

  /**
   * The ordering score of the quiet move `key` for `side` to move, after the moves `oneBack` and
   * `twoBack` plies earlier (their keys, or -1: none, or a null move): the histories summed.
   */
  score(key: number, side: number, oneBack: number, twoBack: number): number {
    let s = this.history[key]!;
    const entry = this.denseKey[key]!;
    const row1 = this.row(oneBack, 1, side);
    if (row1 >= 0) s += this.continuation[row1 + entry]!;
    const row2 = this.row(twoBack, 2, side);
    if (row2 >= 0) s += this.continuation[row2 + entry]!;
    return s;
  }

  /** Adds `delta` to the quiet move's history and continuation histories (arguments as `score`). */
  add(key: number, side: number, oneBack: number, twoBack: number, delta: number): void {
    addWithGravity(this.history, key, delta);
    const entry = this.denseKey[key]!;
    const row1 = this.row(oneBack, 1, side);
    if (row1 >= 0) addWithGravity(this.continuation, row1 + entry, delta);
    const row2 = this.row(twoBack, 2, side);
    if (row2 >= 0) addWithGravity(this.continuation, row2 + entry, delta);
  }

  /**
   * Start of the continuation row for moves of `side` after the move `earlier` (its key),
   * `back` (1 or 2) plies before, or -1 when there is none. A move's entry in the row is at its
   * `denseKey`.
   */
  private row(earlier: number, back: number, side: number): number {
    if (earlier < 0) return -1;
    // Rows by side to move, then by one or two plies back: the dense keys leave the colour out.
    let row = this.denseKey[earlier]! + this.contKeys * ((back - 1) | (side << 1));
    if (this.contRows < 4 * this.contKeys)
      row = (Math.imul(row + 1, 0x9e3779b1) >>> 0) % this.contRows;
    return row * this.contKeys;
  }
}
