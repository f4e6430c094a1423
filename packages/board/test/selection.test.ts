import { describe, expect, it } from 'vitest';
import { Selection, type TargetSource } from '../src/index.ts';

/** Targets from a plain table. */
const source = (
  legal: Record<string, string[]>,
  premove: Record<string, string[]> = {},
): TargetSource => ({
  legalTargets: (from) => (Object.hasOwn(legal, from) ? legal[from]! : []),
  premoveTargets: (from) => (Object.hasOwn(premove, from) ? premove[from]! : []),
});

describe('Selection', () => {
  it('picks up a movable piece and moves it to a target', () => {
    const s = new Selection(source({ e2: ['e3', 'e4'] }));
    expect(s.press('e2')).toEqual({ kind: 'picked', square: 'e2' });
    expect(s.targets).toEqual(['e3', 'e4']);
    expect(s.press('e4')).toEqual({ kind: 'move', from: 'e2', to: 'e4' });
    expect(s.selected).toBeNull();
  });

  it('reports a press that picks nothing up as the app’s, and lets go', () => {
    const s = new Selection(source({ e2: ['e4'] }));
    s.press('e2');
    expect(s.press('a7')).toEqual({ kind: 'square', square: 'a7' });
    expect(s.selected).toBeNull();
  });

  it('puts back on a second press, but keeps the piece on a pointer press (to drag it)', () => {
    const s = new Selection(source({ e2: ['e4'] }));
    s.press('e2');
    expect(s.pressDown('e2')).toEqual({ kind: 'picked', square: 'e2' });
    expect(s.press('e2')).toEqual({ kind: 'dropped' });
    expect(s.selected).toBeNull();
  });

  it('switches to another movable piece', () => {
    const s = new Selection(source({ e2: ['e4'], g1: ['f3'] }));
    s.press('e2');
    expect(s.press('g1')).toEqual({ kind: 'picked', square: 'g1' });
    expect(s.targets).toEqual(['f3']);
  });

  it('sets a premove when the piece has premove targets only, and keeps it', () => {
    const s = new Selection(source({}, { e2: ['e3', 'e4'] }));
    s.press('e2');
    expect(s.pickMode).toBe('premove');
    expect(s.press('e4')).toEqual({ kind: 'premove', from: 'e2', to: 'e4' });
    expect(s.premove).toEqual({ from: 'e2', to: 'e4' });
    s.update(source({ e2: ['e3', 'e4'] }));
    expect(s.premove).toEqual({ from: 'e2', to: 'e4' });
    expect(s.clearPremove()).toBe(true);
    expect(s.premove).toBeNull();
    expect(s.clearPremove()).toBe(false);
  });

  it('turns a premove pick into a move pick when the turn comes', () => {
    const s = new Selection(source({}, { e2: ['e3', 'e4'] }));
    s.press('e2');
    s.update(source({ e2: ['e4'] }));
    expect(s.pickMode).toBe('move');
    expect(s.targets).toEqual(['e4']);
    s.update(source({}));
    expect(s.selected).toBeNull();
  });

  it('does not drop on a square that is no target', () => {
    const s = new Selection(source({ e2: ['e4'] }));
    s.press('e2');
    expect(s.drop('e5')).toEqual({ kind: 'dropped' });
    expect(s.selected).toBe('e2');
  });
});
