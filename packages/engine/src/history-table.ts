/**
 * What the search's history tables share (quiet-history.ts, capture-history.ts): the reward of a
 * cut-off by depth, the "gravity" update that keeps scores within +-HISTORY_MAX, and the dense
 * index of a move's piece kind and destination cell.
 */
import type { Ruleset } from '@citadel/core';

/** Bound of the history scores. */
const HISTORY_MAX = 16384;

/** What a cut-off at `depth` plies left adds to the move that cut and takes from those tried before it. */
export function historyBonus(depth: number): number {
  return Math.min(32 * depth * depth, 2000);
}

/** History with gravity: adds `delta` to entry `k`, which stays within +-HISTORY_MAX, recent results weighing most. */
export function addWithGravity(table: Int32Array | Int16Array, k: number, delta: number): void {
  const h = table[k]!;
  table[k] = (h + delta - (h * Math.abs(delta)) / HISTORY_MAX) | 0;
}

/**
 * Per move key (piece code * size + to): piece kind * cells + cell, dense from 0 to
 * kinds * cells (the colour left out, cells in `rs.geo.cells` order).
 */
export function denseMoveKeys(rs: Ruleset): Int32Array {
  const cells = rs.geo.cells;
  const dense = new Int32Array(256 * rs.size);
  rs.kinds.forEach((kind, k) => {
    for (let color = 0; color < 2; color++)
      cells.forEach((s, i) => (dense[((kind << 1) | color) * rs.size + s] = k * cells.length + i));
  });
  return dense;
}
