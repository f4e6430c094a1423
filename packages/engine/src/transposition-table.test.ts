/** Replacement in the transposition table. */
import { describe, expect, it } from 'vitest';
import {
  BOUND_EXACT,
  BOUND_LOWER,
  BOUND_UPPER,
  TranspositionTable,
  type TableProbe,
} from './transposition-table.ts';

const probeOf = (tt: TranspositionTable, lo: number, hi: number): TableProbe => {
  const out: TableProbe = { hit: false, move: 0, score: 0, depth: 0, bound: 0 };
  tt.probe(lo, hi, out);
  return out;
};

describe('TranspositionTable', () => {
  it('a much shallower bound of the same position keeps the deeper result (and takes its move)', () => {
    const tt = new TranspositionTable(1);
    tt.store(5, 9, 111, 40, 8, BOUND_LOWER);
    tt.store(5, 9, 222, -30, 0, BOUND_UPPER);
    expect(probeOf(tt, 5, 9)).toEqual({
      hit: true,
      move: 222,
      score: 40,
      depth: 8,
      bound: BOUND_LOWER,
    });
    // Nearly as deep, or exact: replaced.
    tt.store(5, 9, 333, 10, 5, BOUND_UPPER);
    expect(probeOf(tt, 5, 9)).toMatchObject({ move: 333, score: 10, depth: 5 });
    tt.store(5, 9, 0, 12, 0, BOUND_EXACT);
    expect(probeOf(tt, 5, 9)).toMatchObject({ move: 333, score: 12, depth: 0, bound: BOUND_EXACT });
  });

  it('another position replaces an entry of an older search, not a deeper one of this search', () => {
    const tt = new TranspositionTable(1);
    const entries = TranspositionTable.entriesFor(1);
    tt.store(3, 1, 7, 0, 6, BOUND_LOWER);
    tt.store(3 + entries, 2, 8, 0, 2, BOUND_LOWER);
    expect(probeOf(tt, 3, 1).hit).toBe(true);
    tt.newSearch();
    tt.store(3 + entries, 2, 8, 0, 2, BOUND_LOWER);
    expect(probeOf(tt, 3, 1).hit).toBe(false);
    expect(probeOf(tt, 3 + entries, 2)).toMatchObject({ hit: true, move: 8, depth: 2 });
  });
});
