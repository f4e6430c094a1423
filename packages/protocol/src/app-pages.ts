/**
 * The web app's pages: the paths its router (packages/web/src/main.ts) shows a page for. The
 * server answers these with the app and 200; any other page path gets the app too, with 404, and
 * the app says what was not found. Paths are read as the browser sends them and the router reads
 * `location.pathname`: percent escapes undecoded, trailing slashes ignored.
 */
import { VARIANTS } from '@citadel/core';
import { usernameSchema } from './accounts.ts';
import { gameIdSchema, tournamentIdSchema } from './games.ts';
import { LOBBY_PATH } from './vocabulary.ts';

/** The pages of one variant: `/<page>/<variant>` (without a variant, the last one visited). */
export const VARIANT_PAGES = ['play', 'learn', 'analyse', 'editor'] as const;

/** Pages that belong to no variant and take no argument. */
const PLAIN_PAGES = new Set(['/', '/archive', '/games', '/tournaments', LOBBY_PATH]);

/** Whether the web app has a page at `path` (a URL's path, without its query). */
export function isAppPage(path: string): boolean {
  const p = path.replace(/\/+$/, '') || '/';
  if (PLAIN_PAGES.has(p)) return true;
  const [, first = '', arg, ...rest] = p.split('/');
  if (rest.length > 0) return false;
  if (first === 'game') return arg !== undefined && gameIdSchema.safeParse(arg).success;
  if (first === 'tournament') return arg !== undefined && tournamentIdSchema.safeParse(arg).success;
  if (first === 'player') return arg !== undefined && usernameSchema.safeParse(arg).success;
  if (!(VARIANT_PAGES as readonly string[]).includes(first)) return false;
  return arg === undefined || arg === '' || Object.hasOwn(VARIANTS, arg);
}
