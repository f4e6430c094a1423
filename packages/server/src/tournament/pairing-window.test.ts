import { describe, expect, it } from 'vitest';
import { pairingClosesBeforeEnd, pairingsOpen } from './pairing-window.ts';

describe('pairing window', () => {
  it('closes one side’s allowance over 40 moves before the end, between 30 s and 2 min', () => {
    expect(pairingClosesBeforeEnd({ initial: 60, increment: 0 })).toBe(60_000);
    expect(pairingClosesBeforeEnd({ initial: 30, increment: 0 })).toBe(30_000);
    expect(pairingClosesBeforeEnd({ initial: 15, increment: 0 })).toBe(30_000);
    expect(pairingClosesBeforeEnd({ initial: 0, increment: 1 })).toBe(40_000);
    expect(pairingClosesBeforeEnd({ initial: 60, increment: 1 })).toBe(100_000);
    expect(pairingClosesBeforeEnd({ initial: 180, increment: 0 })).toBe(120_000);
    expect(pairingClosesBeforeEnd({ initial: 900, increment: 10 })).toBe(120_000);
  });

  it('pairs while that much time is left, and not after', () => {
    const clock = { initial: 60, increment: 0 };
    expect(pairingsOpen(clock, 60_000)).toBe(true);
    expect(pairingsOpen(clock, 59_999)).toBe(false);
    expect(pairingsOpen(clock, 3_600_000)).toBe(true);
    expect(pairingsOpen(clock, 0)).toBe(false);
  });
});
