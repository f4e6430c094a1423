/**
 * Board colour themes, piece colour schemes and a dark mode. Each is a set of CSS custom
 * properties behind a class (`cb-theme-<id>`, `cb-pieces-<id>`, `cb-mode-dark`), so the classes
 * work on the board's element or on any element above it (the page's root, where pictures of
 * pieces outside a board should follow the scheme too).
 */

export interface BoardTheme {
  readonly id: string;
  /** Name for people, for a settings menu. */
  readonly name: string;
  /** Light and dark squares, citadel fill and edge, in light mode and in dark mode. */
  readonly light: readonly [string, string, string, string];
  readonly dark: readonly [string, string, string, string];
}

export const BOARD_THEMES = [
  {
    id: 'wood',
    name: 'Wood',
    light: ['#efe0c0', '#c79f6b', '#8c8f9a', '#3d3f46'],
    dark: ['#c9b894', '#8f6d45', '#6d707a', '#1d1e22'],
  },
  {
    id: 'green',
    name: 'Green',
    light: ['#ebeed3', '#7d9a5a', '#8f8a9c', '#3a3844'],
    dark: ['#b9bca3', '#557040', '#6a6677', '#1c1b21'],
  },
  {
    id: 'blue',
    name: 'Blue',
    light: ['#dfe6ea', '#7f9db0', '#a08f7a', '#453a2e'],
    dark: ['#a9b4bb', '#52697a', '#7a6b58', '#211c16'],
  },
  {
    id: 'stone',
    name: 'Stone',
    light: ['#e3e1dc', '#a3a09a', '#7f8f86', '#2f3a34'],
    dark: ['#a9a7a2', '#6e6b66', '#5c6b63', '#181e1b'],
  },
] as const satisfies readonly BoardTheme[];

export type BoardThemeId = (typeof BOARD_THEMES)[number]['id'];

export interface PieceScheme {
  readonly id: string;
  readonly name: string;
  /** Fill, outline and inner detail of white's pieces, then of black's. */
  readonly white: readonly [string, string, string];
  readonly black: readonly [string, string, string];
}

export const PIECE_SCHEMES = [
  {
    id: 'classic',
    name: 'Cream and ebony',
    white: ['#fbf6ea', '#1e1a16', '#1e1a16'],
    black: ['#2f2a25', '#0b0907', '#f3ead8'],
  },
  {
    id: 'contrast',
    name: 'High contrast',
    white: ['#ffffff', '#000000', '#000000'],
    black: ['#000000', '#000000', '#ffffff'],
  },
  {
    id: 'ivory-crimson',
    name: 'Ivory and crimson',
    white: ['#f6eedb', '#3a2a1a', '#3a2a1a'],
    black: ['#8e1f24', '#2a0608', '#f6e6c8'],
  },
] as const satisfies readonly PieceScheme[];

export type PieceSchemeId = (typeof PIECE_SCHEMES)[number]['id'];

export interface BoardAppearance {
  readonly theme: BoardThemeId;
  readonly pieces: PieceSchemeId;
  /** Dark mode: dimmer squares and light coordinates, for a dark page. */
  readonly dark: boolean;
}

export const DEFAULT_APPEARANCE: BoardAppearance = {
  theme: 'wood',
  pieces: 'classic',
  dark: false,
};

export function isBoardThemeId(value: unknown): value is BoardThemeId {
  return BOARD_THEMES.some((t) => t.id === value);
}

export function isPieceSchemeId(value: unknown): value is PieceSchemeId {
  return PIECE_SCHEMES.some((s) => s.id === value);
}

/**
 * The appearance with `change` applied; throws on an unknown theme or scheme (naming the known
 * ones), so a bad value changes nothing.
 */
export function mergeAppearance(
  base: BoardAppearance,
  change: Partial<BoardAppearance>,
): BoardAppearance {
  const theme = change.theme ?? base.theme;
  const pieces = change.pieces ?? base.pieces;
  const dark = change.dark ?? base.dark;
  if (!isBoardThemeId(theme))
    throw new Error(
      `unknown board theme '${String(theme)}' (known: ${BOARD_THEMES.map((t) => t.id).join(', ')})`,
    );
  if (!isPieceSchemeId(pieces))
    throw new Error(
      `unknown piece scheme '${String(pieces)}' (known: ${PIECE_SCHEMES.map((s) => s.id).join(', ')})`,
    );
  if (typeof dark !== 'boolean') throw new Error(`dark must be true or false, got ${String(dark)}`);
  return { theme, pieces, dark };
}

/** Puts the appearance's classes on an element (a board, or the page root), replacing others. */
export function applyAppearance(el: Element, appearance: BoardAppearance): void {
  const a = mergeAppearance(DEFAULT_APPEARANCE, appearance);
  for (const c of Array.from(el.classList))
    if (c.startsWith('cb-theme-') || c.startsWith('cb-pieces-')) el.classList.remove(c);
  el.classList.add(`cb-theme-${a.theme}`, `cb-pieces-${a.pieces}`);
  el.classList.toggle('cb-mode-dark', a.dark);
}

/** The classes of an appearance, as one string. */
export function appearanceClasses(a: BoardAppearance): string {
  return `cb-theme-${a.theme} cb-pieces-${a.pieces}${a.dark ? ' cb-mode-dark' : ''}`;
}

const squareVars = (c: readonly [string, string, string, string]): string =>
  `--cb-light: ${c[0]}; --cb-dark: ${c[1]}; --cb-citadel: ${c[2]}; --cb-citadel-edge: ${c[3]};`;

/** The stylesheet of the themes, schemes and dark mode. */
export function themeCss(): string {
  const out: string[] = [];
  for (const t of BOARD_THEMES) {
    out.push(`.cb-theme-${t.id} { ${squareVars(t.light)} }`);
    out.push(
      `.cb-mode-dark.cb-theme-${t.id}, .cb-mode-dark .cb-theme-${t.id} { ${squareVars(t.dark)} }`,
    );
  }
  for (const s of PIECE_SCHEMES)
    out.push(
      `.cb-pieces-${s.id} { --cb-white-fill: ${s.white[0]}; --cb-white-line: ${s.white[1]}; ` +
        `--cb-white-detail: ${s.white[2]}; --cb-black-fill: ${s.black[0]}; ` +
        `--cb-black-line: ${s.black[1]}; --cb-black-detail: ${s.black[2]}; }`,
    );
  out.push(
    `.cb-mode-dark { --cb-coord: #cfc6b8; --cb-focus: #7fb2ff; --cb-last: rgba(235, 200, 60, 0.5); }`,
  );
  return out.join('\n');
}
