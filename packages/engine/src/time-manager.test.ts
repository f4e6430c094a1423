/** The time per move: fixed, from a clock, and a fixed time capped by a clock. */
import { describe, expect, it } from 'vitest';
import { LAST_MOVE_CLOCK_SHARE, MAX_CLOCK_SHARE, budget } from './time-manager.ts';

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
    // Little time: the clock decides.
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

  it('a move never takes more than a quarter of the clock left, whatever the increment', () => {
    for (const time of [20, 50, 120, 300, 500, 1000, 3000, 10_000, 60_000, 600_000])
      for (const increment of [0, 100, 1000, 5000])
        for (const overhead of [0, 10, 100]) {
          const b = budget({ time, increment, overhead });
          const left = Math.max(1, time - overhead);
          const where = `time ${time} inc ${increment} overhead ${overhead}`;
          expect(b.hardMs!, where).toBeLessThanOrEqual(Math.max(1, left * MAX_CLOCK_SHARE));
          expect(b.softMs!, where).toBeLessThanOrEqual(b.hardMs!);
          expect(b.softMs!, where).toBeGreaterThanOrEqual(1);
        }
    // 10 s + 0.1 s late in a game: half a second left is not spent 40% at a time.
    expect(budget({ time: 500, increment: 100, overhead: 10 }).hardMs).toBeLessThanOrEqual(122.5);
  });

  it('the increment is used: the soft limit grows by most of it', () => {
    const without = budget({ time: 60_000, increment: 0, overhead: 10 }).softMs!;
    const withInc = budget({ time: 60_000, increment: 2000, overhead: 10 }).softMs!;
    expect(withInc - without).toBeGreaterThanOrEqual(0.6 * 0.8 * 2000 - 1e-9);
    // With the clock short, the increment is what the engine lives on: it thinks about as long.
    const short = budget({ time: 400, increment: 100, overhead: 10 });
    expect(short.softMs!).toBeGreaterThanOrEqual(50);
  });

  it('10 s + 0.1 s on a loaded machine: every search to its hard limit, 40 ms late, never flags', () => {
    let left = 10_000;
    let lowest = left;
    for (let move = 0; move < 400; move++) {
      const b = budget({ time: left, increment: 100, overhead: 10 });
      left -= b.hardMs! + 40;
      expect(left, `move ${move}`).toBeGreaterThan(0);
      lowest = Math.min(lowest, left);
      left += 100;
    }
    // The reserve: three quarters of the clock stay after any move, so it settles well above zero.
    expect(lowest).toBeGreaterThan(150);
  });

  it('just before a refill (movestogo), most of the clock may go, a fifth stays in reserve', () => {
    const last = budget({ time: 10_000, movesToGo: 1, overhead: 0 });
    expect(last.hardMs!).toBeLessThanOrEqual(10_000 * LAST_MOVE_CLOCK_SHARE);
    expect(last.hardMs!).toBeGreaterThan(10_000 * 0.5);
    const early = budget({ time: 10_000, movesToGo: 20, overhead: 0 });
    expect(early.hardMs!).toBeLessThanOrEqual(10_000 * MAX_CLOCK_SHARE);
    expect(early.softMs!).toBeCloseTo((10_000 / 20) * 0.6);
  });
});
