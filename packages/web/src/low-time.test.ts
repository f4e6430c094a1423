/** The low-time warning's threshold by time control, and when it marks and sounds. */
import { describe, expect, it } from 'vitest';
import { LowTimeWarning, lowTimeThreshold } from './low-time.ts';

describe('the low-time warning', () => {
  it('warns under an eighth of the starting time, 10 s to a minute', () => {
    expect(lowTimeThreshold(60_000)).toBe(10_000); // bullet 1+0
    expect(lowTimeThreshold(180_000)).toBe(22_500); // blitz 3+2
    expect(lowTimeThreshold(600_000)).toBe(60_000); // rapid 10+0
    expect(lowTimeThreshold(12_000)).toBe(10_000);
  });

  it('marks every low clock, and sounds once for the player’s own as it crosses', () => {
    let heard = 0;
    const w = new LowTimeWarning(() => heard++);
    const at = (white: number, black: number, running: 'white' | 'black' | null) =>
      w.update({ white, black }, running, 10_000, ['white'], true);
    expect(at(10_500, 5_000, 'white')).toEqual({ white: false, black: true });
    expect(heard).toBe(0); // Black's clock is not this player's
    expect(at(9_900, 5_000, 'white')).toEqual({ white: true, black: true });
    expect(at(9_000, 5_000, 'white')).toEqual({ white: true, black: true });
    expect(heard).toBe(1);
    // An increment that lifts the clock a little does not warn again; well above, it re-arms.
    at(11_000, 5_000, 'black');
    at(9_500, 5_000, 'white');
    expect(heard).toBe(1);
    at(16_000, 5_000, 'black');
    at(9_500, 5_000, 'white');
    expect(heard).toBe(2);
    // A clock that is not running, or has fallen, does not sound.
    const idle = new LowTimeWarning(() => heard++);
    idle.update({ white: 5_000, black: 5_000 }, 'black', 10_000, ['white'], true);
    idle.update({ white: 0, black: 5_000 }, 'white', 10_000, ['white'], true);
    expect(heard).toBe(2);
  });

  it('neither marks nor sounds when switched off', () => {
    let heard = 0;
    const w = new LowTimeWarning(() => heard++);
    const low = w.update({ white: 1_000, black: 1_000 }, 'white', 10_000, ['white'], false);
    expect(low).toEqual({ white: false, black: false });
    expect(heard).toBe(0);
  });
});
