import { describe, expect, it } from 'vitest';
import { DEFAULT, parseAppearance } from './appearance.ts';

describe('the appearance read back from storage', () => {
  it('takes a valid appearance, its known fields only', () => {
    expect(parseAppearance({ mode: 'dark', theme: 'green', pieces: 'classic', extra: 1 })).toEqual({
      ok: true,
      value: { mode: 'dark', theme: 'green', pieces: 'classic' },
    });
    expect(parseAppearance(DEFAULT)).toEqual({ ok: true, value: DEFAULT });
  });

  it('refuses anything else, naming the field and its choices', () => {
    expect(parseAppearance(null)).toEqual({ ok: false, why: 'expected an object' });
    expect(parseAppearance('dark')).toEqual({ ok: false, why: 'expected an object' });
    const wrongMode = parseAppearance({ ...DEFAULT, mode: 'dim' });
    expect(wrongMode).toEqual({ ok: false, why: 'mode: expected one of light, dark, device' });
    const noTheme = parseAppearance({ mode: 'light', pieces: 'classic' });
    expect(noTheme.ok).toBe(false);
    expect(!noTheme.ok && noTheme.why).toMatch(/^theme: expected one of .*\bwood\b/);
    const badPieces = parseAppearance({ ...DEFAULT, pieces: 42 });
    expect(!badPieces.ok && badPieces.why).toMatch(/^pieces: expected one of .*\bclassic\b/);
  });
});
