/**
 * Keyboard reach on every variant's real layout (no browser): from the cell where Tab enters the
 * board, the arrow keys reach every cell, citadels included, with either side below.
 */
import { BoardLayout, reachableByArrows } from '@citadel/board';
import { VARIANT_IDS, compileRuleset } from '@citadel/core';
import { describe, expect, it } from 'vitest';
import { boardCells } from '../src/adapter.ts';

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
        expect([...reachableByArrows(layout)].sort()).toEqual(all);
      });
});
