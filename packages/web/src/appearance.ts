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
import { z } from 'zod';

export const MODES = ['light', 'dark', 'device'] as const;
export type Mode = (typeof MODES)[number];

const KEY = 'citadel.appearance';

const AppearanceSchema = z.object({
  mode: z.enum(MODES),
  theme: z.enum(BOARD_THEMES.map((t) => t.id) as [BoardThemeId, ...BoardThemeId[]]),
  pieces: z.enum(PIECE_SCHEMES.map((s) => s.id) as [PieceSchemeId, ...PieceSchemeId[]]),
});

export type Appearance = z.infer<typeof AppearanceSchema>;

export const DEFAULT: Appearance = { mode: 'device', theme: 'wood', pieces: 'classic' };

/** The saved choices, or the defaults when none or unreadable ones are saved. */
export function loadAppearance(): Appearance {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;
    const parsed = AppearanceSchema.safeParse(raw);
    return parsed.success ? parsed.data : DEFAULT;
  } catch {
    return DEFAULT;
  }
}

/** Checks, saves and applies `a`; returns why not (nothing changed) when it is not valid. */
export function saveAppearance(a: unknown): string | null {
  const parsed = AppearanceSchema.safeParse(a);
  if (!parsed.success) return `not an appearance: ${parsed.error.issues[0]?.message ?? ''}`;
  try {
    localStorage.setItem(KEY, JSON.stringify(parsed.data));
  } catch {
    // Storage full or disabled: the choice holds until the page is left.
  }
  applyToDocument(parsed.data);
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
