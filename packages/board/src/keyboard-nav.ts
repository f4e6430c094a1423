/**
 * Arrow-key movement over any cell layout, as a pure function of the layout. A step goes to the
 * nearest cell in the pressed direction within 45 degrees of straight ahead, so the next cell in
 * line wins when there is one, and a cell that no straight line reaches is still reached: a
 * corner citadel that touches the main area only diagonally is one step from that corner.
 */
import type { BoardLayout } from './layout.ts';

export type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

const STEPS: ReadonlyMap<string, readonly [number, number]> = new Map([
  ['ArrowLeft', [-1, 0]],
  ['ArrowRight', [1, 0]],
  ['ArrowUp', [0, -1]],
  ['ArrowDown', [0, 1]],
]);

export const ARROW_KEYS: readonly ArrowKey[] = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];

export function isArrowKey(key: string): key is ArrowKey {
  return STEPS.has(key);
}

/**
 * The cell an arrow key moves to from `square`, or null when there is none that way (the
 * board's edge). Among cells ahead and within the 45-degree cone, the nearest wins: by distance
 * ahead plus twice the distance aside, then the smaller distance aside, then reading order.
 */
export function arrowTarget(layout: BoardLayout, square: string, key: ArrowKey): string | null {
  const step = STEPS.get(key);
  if (!step || !layout.has(square)) return null;
  const [dc, dr] = step;
  const from = layout.place(square);
  let best: string | null = null;
  let bestScore = Infinity;
  let bestAside = Infinity;
  for (const cell of layout.cells) {
    const p = layout.place(cell.square);
    const ahead = (p.col - from.col) * dc + (p.row - from.row) * dr;
    const aside = Math.abs((p.col - from.col) * dr + (p.row - from.row) * dc);
    if (ahead <= 0 || aside > ahead) continue;
    const score = ahead + 2 * aside;
    if (score < bestScore || (score === bestScore && aside < bestAside)) {
      best = cell.square;
      bestScore = score;
      bestAside = aside;
    }
  }
  return best;
}

/** Every cell the arrow keys reach from the cell where Tab enters the board (empty without one). */
export function reachableByArrows(layout: BoardLayout): Set<string> {
  const start = layout.entrySquare();
  if (!start) return new Set();
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    const square = queue.shift()!;
    for (const key of ARROW_KEYS) {
      const next = arrowTarget(layout, square, key);
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}
