/**
 * A game from imported text: a PGN (its Variant tag picks the variant; movetext without one is
 * read as the page's variant) or a FEN of the page's variant. Errors are the core's, prefixed
 * `PGN:` or `FEN:`, with columns counted in the text as the user gave it.
 */
import { Position } from '@citadel/core';
import { Game, type GameSetup } from './game.ts';
import { looksLikePgn, parsePagePgn } from './page-pgn.ts';

/**
 * Reads `raw` for a page showing `variant` with `array`; `base` gives opponent, side, level and
 * clock, and the rule switches a FEN is read under (a PGN names its own in its Rules tag). The
 * game may be of another variant (a PGN's Variant tag).
 */
export function gameFromText(
  raw: string,
  variant: string,
  array: string,
  base: GameSetup,
): { game: Game } | { error: string } {
  const text = raw.trim();
  if (!text) return { error: 'Nothing to import: paste a PGN or FEN, or choose a file.' };
  const setup: GameSetup = { ...base, fen: undefined, rules: undefined };
  if (!looksLikePgn(text)) {
    const p = Position.fromFen(variant, text, { array, rules: base.rules });
    if (!p.ok) return { error: `FEN: ${p.error}` };
    return Game.create({ ...setup, array, rules: base.rules, fen: p.value.fen() });
  }
  // Parsed as given, so that the columns of an error count in the user's own text.
  const parsed = parsePagePgn(raw, variant);
  if ('error' in parsed) return parsed;
  return Game.fromPgn(parsed.game, setup);
}
