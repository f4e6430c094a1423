import { describe, expect, it } from 'vitest';
import { levelMovetime, levelSettings, MAX_LEVEL } from './levels.ts';

/** The slowest search speed a level's think time is sized for (a browser's Web Worker). */
const MIN_NODES_PER_SECOND = 150_000;

describe('strength levels', () => {
  const levels = Array.from({ length: MAX_LEVEL - 1 }, (_, i) => i + 1);

  it('gives every level more search and less noise than the level below', () => {
    for (const level of levels.slice(1)) {
      const below = levelSettings(level - 1)!;
      const here = levelSettings(level)!;
      expect(here.nodes).toBeGreaterThanOrEqual(2 * below.nodes);
      expect(here.depth).toBeGreaterThanOrEqual(below.depth);
      expect(here.noise).toBeLessThan(below.noise);
    }
    expect(levelSettings(MAX_LEVEL)).toBeNull();
  });

  it('thinks long enough for each node cap to bind, and longest at full strength', () => {
    for (const level of levels) {
      const { nodes } = levelSettings(level)!;
      expect(levelMovetime(level)).toBeGreaterThanOrEqual((1000 * nodes) / MIN_NODES_PER_SECOND);
      expect(levelMovetime(level + 1)).toBeGreaterThan(levelMovetime(level));
    }
    // Level 10 searches at least twice level 9's node cap in its time.
    const top = (levelMovetime(MAX_LEVEL) * MIN_NODES_PER_SECOND) / 1000;
    expect(top).toBeGreaterThanOrEqual(2 * levelSettings(MAX_LEVEL - 1)!.nodes);
  });

  it('clamps levels outside 1-10 to the nearest', () => {
    expect(levelMovetime(0)).toBe(levelMovetime(1));
    expect(levelMovetime(12)).toBe(levelMovetime(MAX_LEVEL));
  });
});
