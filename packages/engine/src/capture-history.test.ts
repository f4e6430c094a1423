/** Capture history: entries are per moving kind, destination and victim kind, colour left out. */
import { describe, expect, it } from 'vitest';
import { EMPTY, compileRuleset } from '@citadel/core';
import { CaptureHistory } from './capture-history.ts';

describe('capture history', () => {
  const rs = compileRuleset('tamerlane').value!;
  const code = (k: number, color: number): number => (rs.kinds[k]! << 1) | color;
  const a = rs.geo.cells[30]!;
  const b = rs.geo.cells[31]!;

  it('gives every (kind, cell, victim) its own entry, the same for both colours', () => {
    const h = new CaptureHistory(rs);
    const seen = new Set<number>();
    for (let k = 0; k < rs.kinds.length; k++)
      for (const to of [a, b])
        for (let v = 0; v <= rs.kinds.length; v++) {
          const victim = v === rs.kinds.length ? EMPTY : code(v, 1);
          const key = h.key(code(k, 0), to, victim);
          expect(seen.has(key)).toBe(false);
          seen.add(key);
          const mirrored = v === rs.kinds.length ? EMPTY : code(v, 0);
          expect(h.key(code(k, 1), to, mirrored)).toBe(key);
        }
  });

  it('rewards one capture without touching the others, and forgets on clear', () => {
    const h = new CaptureHistory(rs);
    const key = h.key(code(2, 0), a, code(0, 1));
    const other = h.key(code(2, 0), b, code(0, 1));
    h.add(key, 500);
    expect(h.score(key)).toBe(500);
    expect(h.score(other)).toBe(0);
    for (let i = 0; i < 500; i++) h.add(key, -2000);
    expect(h.score(key)).toBeGreaterThanOrEqual(-16384);
    h.clear();
    expect(h.score(key)).toBe(0);
  });
});
