/**
 * Keyboard reach on every variant's real layout (no browser): from the cell where Tab enters the
 * board, the arrow keys reach every cell, citadels included, with either side below.
 */
import { ARROW_KEYS, BoardLayout, arrowTarget } from '@citadel/board';
import { VARIANT_IDS, compileRuleset } from '@citadel/core';
import { describe, expect, it } from 'vitest';
import { boardCells } from '../src/adapter.ts';

function reachable(layout: BoardLayout): Set<string> {
  const start = layout.entrySquare();
  if (!start) throw new Error('the layout has no entry cell');
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    const sq = queue.shift()!;
    for (const key of ARROW_KEYS) {
      const next = arrowTarget(layout, sq, key);
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('arrow keys on every variant', () => {
  for (const id of VARIANT_IDS)
    for (const orientation of ['white', 'black'] as const)
      it(`reach every cell of ${id} (${orientation} below)`, () => {
        const rs = compileRuleset(id);
        if (!rs.ok) throw new Error(rs.error);
        const { files, ranks } = rs.value.geo;
        const layout = new BoardLayout({ files, ranks, orientation, cells: boardCells(rs.value) });
        const all = layout.cells.map((c) => c.square).sort();
        expect(all.length).toBeGreaterThanOrEqual(64);
        expect(layout.cell(layout.entrySquare()!)?.citadelOwner).toBeUndefined();
        expect([...reachable(layout)].sort()).toEqual(all);
      });
});
