/** Judging moves from the review's evaluations (no browser). */
import { describe, expect, it } from 'vitest';
import { judgeMove, type PositionEval } from '../src/game-review.ts';

const at = (share: number, depth = 8, byDepth: Array<[number, number]> = []): PositionEval => ({
  share,
  depth,
  shareByDepth: new Map(byDepth),
  label: '',
  best: 'e2e4',
  bestSan: 'e4',
});

describe('judgeMove', () => {
  it('marks by the winning chance the mover gave away', () => {
    expect(judgeMove(at(0.5), at(0.47), 'white', 'd2d4').judgement).toBeNull();
    expect(judgeMove(at(0.5), at(0.44), 'white', 'd2d4').judgement).toBe('inaccuracy');
    expect(judgeMove(at(0.5), at(0.39), 'white', 'd2d4').judgement).toBe('mistake');
    expect(judgeMove(at(0.5), at(0.2), 'white', 'd2d4').judgement).toBe('blunder');
    // Black gives away when White's share rises.
    expect(judgeMove(at(0.5), at(0.8), 'black', 'e7e5').judgement).toBe('blunder');
    expect(judgeMove(at(0.5), at(0.2), 'black', 'e7e5')).toEqual({ loss: 0, judgement: null });
  });

  it("never marks the engine's own move, and compares the position after at one depth less", () => {
    expect(judgeMove(at(0.9), at(0.1), 'white', 'e2e4').judgement).toBeNull();
    // At depth 7 the position after is as good as before; its depth-8 swing is not counted.
    const after = at(0.3, 8, [
      [7, 0.55],
      [8, 0.3],
    ]);
    expect(judgeMove(at(0.55, 8), after, 'white', 'd2d4').judgement).toBeNull();
    expect(judgeMove(at(0.55, 9), after, 'white', 'd2d4').judgement).toBe('blunder');
  });
});
