/** The per-depth store of the analysis board's lines (no browser needed). */
import { describe, expect, it } from 'vitest';
import { LineStore, scoreRank, sortedDistinct } from '../src/analysis-lines.ts';

const cp = (value: number, depth: number, ...pv: string[]) => ({
  score: { type: 'cp' as const, value },
  pv,
  depth,
});

describe('LineStore', () => {
  it('shows the deepest finished depth, not the lines of the unfinished one', () => {
    const store = new LineStore(3);
    store.add(1, cp(30, 9, 'a'));
    store.add(2, cp(20, 9, 'b'));
    store.add(3, cp(10, 9, 'c'));
    // Depth 10's first line names the move that was second at depth 9.
    store.add(1, cp(40, 10, 'b'));
    const shown = store.shown();
    expect(shown.depth).toBe(9);
    expect(shown.lines.map((l) => l.pv[0])).toEqual(['a', 'b', 'c']);
    expect(shown.searching).toEqual({ depth: 10, found: 1 });
    store.add(2, cp(35, 10, 'a'));
    store.add(3, cp(5, 10, 'd'));
    expect(store.shown().depth).toBe(10);
    expect(store.shown().lines.map((l) => l.pv[0])).toEqual(['b', 'a', 'd']);
  });

  it('a depth with fewer lines than asked is finished once a deeper line arrives or the engine says so', () => {
    const store = new LineStore(3);
    store.add(1, cp(10, 4, 'a'));
    store.add(2, cp(0, 4, 'b'));
    expect(store.shown().depth).toBe(0);
    store.finish(4);
    expect(store.shown().depth).toBe(4);
    store.add(1, cp(12, 5, 'a'));
    expect(store.shown().depth).toBe(4);
    store.add(1, cp(12, 6, 'a'));
    expect(store.shown().depth).toBe(5);
  });

  it('ignores lines beyond the number asked for', () => {
    const store = new LineStore(1);
    store.add(2, cp(99, 3, 'x'));
    store.add(1, cp(1, 3, 'y'));
    expect(store.shown().lines.map((l) => l.pv[0])).toEqual(['y']);
  });
});

describe('sortedDistinct and scoreRank', () => {
  it('sorts best first and keeps one line per first move', () => {
    const lines = sortedDistinct([cp(5, 8, 'a', 'x'), cp(50, 8, 'b'), cp(20, 8, 'a', 'y')]);
    expect(lines.map((l) => [l.pv[0], l.score.value])).toEqual([
      ['b', 50],
      ['a', 20],
    ]);
  });

  it('ranks mates beyond centipawns, a sooner mate further out', () => {
    const mate = (value: number) => scoreRank({ type: 'mate', value });
    expect(mate(1)).toBeGreaterThan(mate(3));
    expect(mate(3)).toBeGreaterThan(scoreRank({ type: 'cp', value: 5000 }));
    expect(mate(-5)).toBeGreaterThan(mate(-1));
    expect(scoreRank({ type: 'cp', value: -5000 })).toBeGreaterThan(mate(-5));
  });
});
