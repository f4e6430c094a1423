/** The history tables' shared update: gravity bounds every entry. */
import { describe, expect, it } from 'vitest';
import { addWithGravity } from './history-table.ts';

describe('history table', () => {
  it('gravity keeps an entry within +-16384 however often it is rewarded', () => {
    const table = new Int32Array(1);
    for (let i = 0; i < 1000; i++) addWithGravity(table, 0, 2000);
    expect(table[0]).toBeGreaterThan(15000);
    expect(table[0]).toBeLessThanOrEqual(16384);
    for (let i = 0; i < 1000; i++) addWithGravity(table, 0, -2000);
    expect(table[0]).toBeLessThan(-15000);
    expect(table[0]).toBeGreaterThanOrEqual(-16384);
  });
});
