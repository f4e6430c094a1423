/**
 * The player's appearance choices, remembered in local storage: light or dark page (or the
 * device's choice), the board's colour theme and the pieces' colour scheme (the board package's
 * themes). They apply to the whole document: its root element carries the board's appearance
 * classes, and `dark` for the page's own dark colours.
 */
import {
  BOARD_THEMES,
  PIECE_SCHEMES,
  applyAppearance,
  type BoardThemeId,
  type PieceSchemeId,
} from '@citadel/board';
import { readStored, writeStored } from './safe-storage.ts';

export const MODES = ['light', 'dark', 'device'] as const;
export type Mode = (typeof MODES)[number];

const KEY = 'citadel.appearance';

export interface Appearance {
  readonly mode: Mode;
  readonly theme: BoardThemeId;
  readonly pieces: PieceSchemeId;
}

/**
 * The choices each field takes. Checked by hand, not with a zod schema: this module is in every
 * page's first load, which zod would make half as heavy again (about 26 kB gzip).
 */
const CHOICES: { readonly [K in keyof Appearance]: readonly Appearance[K][] } = {
  mode: MODES,
  theme: BOARD_THEMES.map((t) => t.id),
  pieces: PIECE_SCHEMES.map((s) => s.id),
};

/** `a` as an appearance, or why it is not one. */
export function parseAppearance(
  a: unknown,
): { ok: true; value: Appearance } | { ok: false; why: string } {
  if (typeof a !== 'object' || a === null) return { ok: false, why: 'expected an object' };
  const fields = a as Record<string, unknown>;
  for (const key of Object.keys(CHOICES) as (keyof Appearance)[]) {
    const value = fields[key];
    if (!(CHOICES[key] as readonly unknown[]).includes(value))
      return { ok: false, why: `${key}: expected one of ${CHOICES[key].join(', ')}` };
  }
  const { mode, theme, pieces } = fields as unknown as Appearance;
  return { ok: true, value: { mode, theme, pieces } };
}

export const DEFAULT: Appearance = { mode: 'device', theme: 'wood', pieces: 'classic' };

/** The saved choices, or the defaults when none or unreadable ones are saved. */
export function loadAppearance(): Appearance {
  try {
    const raw = JSON.parse(readStored(KEY) ?? 'null') as unknown;
    const parsed = parseAppearance(raw);
    return parsed.ok ? parsed.value : DEFAULT;
  } catch {
    return DEFAULT;
  }
}

/** Checks, saves and applies `a`; returns why not (nothing changed) when it is not valid. */
export function saveAppearance(a: unknown): string | null {
  const parsed = parseAppearance(a);
  if (!parsed.ok) return `not an appearance: ${parsed.why}`;
  // Refused by the browser, the choice holds for the page's life (safe-storage.ts).
  writeStored(KEY, JSON.stringify(parsed.value), 'setting');
  applyToDocument(parsed.value);
  return null;
}

const deviceDark = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

/** Whether the page is dark with these choices on this device. */
export const isDark = (a: Appearance): boolean =>
  a.mode === 'dark' || (a.mode === 'device' && deviceDark());

/** Puts the choices on the document's root: the board's classes and the page's dark mode. */
export function applyToDocument(a: Appearance): void {
  const root = document.documentElement;
  const dark = isDark(a);
  applyAppearance(root, { theme: a.theme, pieces: a.pieces, dark });
  root.classList.toggle('dark', dark);
}

/** Applies the saved choices now and again when the device switches between light and dark. */
export function startAppearance(): void {
  applyToDocument(loadAppearance());
  if (typeof matchMedia === 'function')
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () =>
      applyToDocument(loadAppearance()),
    );
}
