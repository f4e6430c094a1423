import { describe, expect, it } from 'vitest';
import { brushFor, toggleShape } from '../src/index.ts';

const keys = { shiftKey: false, ctrlKey: false, altKey: false, metaKey: false };

describe('shapes', () => {
  it('adds, recolours and removes by drawing again', () => {
    let s = toggleShape([], { from: 'e2', to: 'e4' });
    expect(s).toEqual([{ from: 'e2', to: 'e4', brush: 'green' }]);
    s = toggleShape(s, { from: 'd4', to: 'd4' });
    expect(s).toEqual([
      { from: 'e2', to: 'e4', brush: 'green' },
      { from: 'd4', brush: 'green' },
    ]);
    s = toggleShape(s, { from: 'e2', to: 'e4', brush: 'red' });
    expect(s[0]).toEqual({ from: 'e2', to: 'e4', brush: 'red' });
    s = toggleShape(s, { from: 'e2', to: 'e4', brush: 'red' });
    expect(s).toEqual([{ from: 'd4', brush: 'green' }]);
  });

  it('tells an arrow from its reverse', () => {
    const s = toggleShape([{ from: 'e2', to: 'e4' }], { from: 'e4', to: 'e2' });
    expect(s.length).toBe(2);
  });

  it('picks the brush from the modifier keys', () => {
    expect(brushFor(keys)).toBe('green');
    expect(brushFor({ ...keys, shiftKey: true })).toBe('red');
    expect(brushFor({ ...keys, ctrlKey: true })).toBe('red');
    expect(brushFor({ ...keys, altKey: true })).toBe('blue');
    expect(brushFor({ ...keys, altKey: true, shiftKey: true })).toBe('yellow');
  });
});
