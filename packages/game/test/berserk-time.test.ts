import { describe, expect, it } from 'vitest';
import { berserkTime } from '../src/time-control.ts';

describe('berserkTime', () => {
  it('halves the base and drops the increment', () => {
    expect(berserkTime({ initial: 180, increment: 0 })).toEqual({
      initialMs: 90_000,
      incrementMs: 0,
    });
    expect(berserkTime({ initial: 300, increment: 3 })).toEqual({
      initialMs: 150_000,
      incrementMs: 0,
    });
    // Halved to the millisecond: an odd number of seconds loses nothing to rounding.
    expect(berserkTime({ initial: 45, increment: 0 })).toEqual({
      initialMs: 22_500,
      incrementMs: 0,
    });
    expect(berserkTime({ initial: 30, increment: 0 })).toEqual({
      initialMs: 15_000,
      incrementMs: 0,
    });
  });

  it('keeps the base when it is under forty increments (1+2 plays as 1+0)', () => {
    expect(berserkTime({ initial: 60, increment: 2 })).toEqual({
      initialMs: 60_000,
      incrementMs: 0,
    });
    // Exactly forty increments: halved.
    expect(berserkTime({ initial: 80, increment: 2 })).toEqual({
      initialMs: 40_000,
      incrementMs: 0,
    });
  });

  it('is not offered without a base time, without a clock or at correspondence pace', () => {
    expect(berserkTime({ initial: 0, increment: 2 })).toBeNull();
    expect(berserkTime(null)).toBeNull();
    expect(berserkTime({ daysPerMove: 3 })).toBeNull();
  });
});
