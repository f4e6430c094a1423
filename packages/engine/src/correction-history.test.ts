/** Correction history: the correction follows search errors per structure, within its limit. */
import { describe, expect, it } from 'vitest';
import { Position } from '@citadel/core';
import { CorrectionHistory } from './correction-history.ts';

const start = (): ReturnType<Position['fastPosition']> =>
  Position.start('chess').value!.fastPosition();

describe('correction history', () => {
  it('moves towards repeated errors, capped at 160 cp, and forgets on clear', () => {
    const h = new CorrectionHistory();
    const pos = start();
    expect(h.correction(pos)).toBe(0);
    for (let i = 0; i < 200; i++) h.update(pos, 100, 10);
    expect(h.correction(pos)).toBeGreaterThan(90);
    expect(h.correction(pos)).toBeLessThanOrEqual(100);
    for (let i = 0; i < 400; i++) h.update(pos, -1000, 10);
    expect(h.correction(pos)).toBeLessThan(-150);
    expect(h.correction(pos)).toBeGreaterThanOrEqual(-160);
    expect(h.corrected(pos, 20)).toBe(20 + h.correction(pos));
    h.clear();
    expect(h.correction(pos)).toBe(0);
  });

  it('keeps the sides to move apart', () => {
    const h = new CorrectionHistory();
    const pos = start();
    for (let i = 0; i < 50; i++) h.update(pos, 120, 8);
    pos.makeNull();
    expect(h.correction(pos)).toBe(0);
    pos.unmakeNull();
    expect(h.correction(pos)).toBeGreaterThan(0);
  });
});
