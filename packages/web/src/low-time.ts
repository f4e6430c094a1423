/**
 * The low-time warning: a clock under a threshold scaled to the time control is marked on the
 * page, and the player whose clock it is hears a warning once as it crosses it (again only after
 * the clock has climbed well back above, by increments or time given). The threshold is an
 * eighth of the starting time, at least 10 s and at most a minute (as lichess sets its own):
 * 10 s at 1+0, 22.5 s at 3+2, a minute from 8 minutes up. Switched in the settings dialog
 * (game-behaviour.ts, `lowTimeWarning`).
 */
import type { ByColor, Color } from '@citadel/core';
import { playSound } from './sound.ts';

const MIN_MS = 10_000;
const MAX_MS = 60_000;
/** A warned clock is warned again only after climbing above this many thresholds. */
const REARM = 1.5;

/** The clock time (ms) under which a game starting with `initialMs` on each clock warns. */
export const lowTimeThreshold = (initialMs: number): number =>
  Math.min(MAX_MS, Math.max(MIN_MS, initialMs / 8));

export class LowTimeWarning {
  private readonly warned: ByColor<boolean> = { white: false, black: false };

  /** `sound`: how the warning is heard (the low-time sound; the tests count the calls). */
  constructor(private readonly sound: () => void = () => playSound('low-time')) {}

  /**
   * Reads the clocks once more (every tick): which are low now, under `threshold`; and for each of
   * `mine` (the clocks this page's player plays) whose clock runs and has just fallen low, the
   * warning sound. Nothing is low, nor sounded, when the warning is switched off (`on`).
   */
  update(
    times: ByColor<number>,
    running: Color | null,
    threshold: number,
    mine: readonly Color[],
    on: boolean,
  ): ByColor<boolean> {
    const low = { white: false, black: false };
    for (const c of ['white', 'black'] as const) {
      if (times[c] >= threshold * REARM) this.warned[c] = false;
      low[c] = on && times[c] < threshold;
      if (low[c] && running === c && mine.includes(c) && !this.warned[c] && times[c] > 0) {
        this.warned[c] = true;
        this.sound();
      }
    }
    return low;
  }
}
