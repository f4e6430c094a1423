/** Quiet-move history: rewards order moves and depend on the moves before. */
import { describe, expect, it } from 'vitest';
import { compileRuleset } from '@citadel/core';
import { QuietHistory } from './quiet-history.ts';

describe('quiet history', () => {
  it('scores a rewarded move above others, and most after the same earlier moves', () => {
    const rs = compileRuleset('tamerlane').value!;
    const h = new QuietHistory(rs);
    const cell = rs.geo.cells[40]!;
    const code = rs.kinds[3]! << 1;
    const move = code * rs.size + cell;
    const other = code * rs.size + rs.geo.cells[41]!;
    const earlier = ((rs.kinds[1]! << 1) | 1) * rs.size + rs.geo.cells[60]!;
    h.add(move, 0, earlier, -1, 1000);
    expect(h.score(move, 0, earlier, -1)).toBeGreaterThan(h.score(move, 0, -1, -1));
    expect(h.score(move, 0, -1, -1)).toBeGreaterThan(0);
    expect(h.score(other, 0, earlier, -1)).toBe(0);
    // The continuation rows are per side to move and per distance back.
    expect(h.score(move, 1, earlier, -1)).toBe(h.score(move, 1, -1, -1));
    expect(h.score(move, 0, -1, earlier)).toBe(h.score(move, 0, -1, -1));
    h.clear();
    expect(h.score(move, 0, earlier, -1)).toBe(0);
  });
});
