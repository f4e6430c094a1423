/** The time per move: fixed, from a clock, and a fixed time capped by a clock. */
import { describe, expect, it } from 'vitest';
import { budget } from './time-manager.ts';

describe('budget', () => {
  it('a fixed time per move in full, less a little for the reply (not the clock overhead)', () => {
    expect(budget({ movetime: 500, overhead: 100 })).toEqual({ softMs: 498, hardMs: 498 });
    expect(budget({ movetime: 500, overhead: 1 })).toEqual({ softMs: 499, hardMs: 499 });
  });

  it('no limit without a time', () => {
    expect(budget({})).toEqual({});
  });

  it('a share of the clock plus most of the increment', () => {
    const b = budget({ time: 60_000, increment: 0, overhead: 0 });
    expect(b.softMs).toBeCloseTo(1200);
    expect(b.hardMs).toBeCloseTo(6000);
    expect(budget({ time: 60_000, increment: 2000, overhead: 0 }).softMs).toBeCloseTo(2160);
  });

  it('with both, the time per move caps the clock and the clock caps the time per move', () => {
    // Plenty of time: the time per move decides.
    expect(budget({ movetime: 500, time: 60_000, overhead: 100 })).toEqual({
      softMs: 498,
      hardMs: 498,
    });
    // Little time: the clock decides, and a move never takes more than 40% of what is left.
    const low = budget({ movetime: 500, time: 1100, overhead: 100 });
    expect(low.softMs).toBeCloseTo(20);
    expect(low.hardMs).toBeCloseTo(100);
  });

  it('a minute for a long game is never spent (every search to its hard limit, 50 ms latency)', () => {
    let left = 60_000;
    for (let move = 0; move < 100; move++) {
      const b = budget({ movetime: 500, time: left, overhead: 100 });
      left -= b.hardMs! + 50;
    }
    expect(left).toBeGreaterThan(1000);
  });
});
