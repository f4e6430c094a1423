import { describe, expect, it } from 'vitest';
import {
  BOARD_CSS,
  BOARD_THEMES,
  DEFAULT_APPEARANCE,
  PIECE_SCHEMES,
  isBoardThemeId,
  mergeAppearance,
  pieceSvg,
} from '../src/index.ts';

describe('themes', () => {
  it('merges a change and rejects an unknown id with the known ones named', () => {
    expect(mergeAppearance(DEFAULT_APPEARANCE, { theme: 'blue', dark: true })).toEqual({
      theme: 'blue',
      pieces: 'classic',
      dark: true,
    });
    expect(() =>
      mergeAppearance(DEFAULT_APPEARANCE, { theme: 'neon' as unknown as 'blue' }),
    ).toThrow(/unknown board theme 'neon' \(known: wood, green, blue, stone\)/);
    expect(() =>
      mergeAppearance(DEFAULT_APPEARANCE, { pieces: 'glass' as unknown as 'classic' }),
    ).toThrow(/unknown piece scheme 'glass'/);
    expect(isBoardThemeId('toString')).toBe(false);
  });

  it('has a rule for every theme in light and dark and for every piece scheme', () => {
    for (const t of BOARD_THEMES) {
      expect(BOARD_CSS).toContain(`.cb-theme-${t.id} {`);
      expect(BOARD_CSS).toContain(`.cb-mode-dark.cb-theme-${t.id}`);
    }
    for (const s of PIECE_SCHEMES) expect(BOARD_CSS).toContain(`.cb-pieces-${s.id} {`);
  });

  it('paints pieces through the scheme variables, with the classic colours as fallback', () => {
    const svg = pieceSvg('rook', 'black');
    expect(svg).toContain('var(--cb-black-fill, #2f2a25)');
    expect(svg).not.toContain('--cb-white-fill');
  });
});
