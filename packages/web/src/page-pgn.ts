/**
 * Reading text pasted or opened on a page of one variant, shared by the play page's import
 * (game-import.ts) and the analysis board's (analysis-import.ts): whether it is a PGN or a FEN,
 * and the PGN read with the page's variant as its default.
 */
import { parsePgn, type PgnGame } from '@citadel/core';

/** Whether `text` (trimmed) reads as a PGN: tags, numbered movetext, or no FEN's rank separator. */
export function looksLikePgn(text: string): boolean {
  return /^\[\w+\s+"/.test(text) || /(^|\s)1\.\s*\S/.test(text) || !text.includes('/');
}

/**
 * `text` parsed as a PGN on a page showing `variant`: movetext without a Variant tag is read as
 * that variant (not the PGN default, chess). An error is the core's, prefixed `PGN:`, with the
 * columns of the first line counted in `text` as given.
 */
export function parsePagePgn(text: string, variant: string): { game: PgnGame } | { error: string } {
  const prefix = /\[\s*Variant\s/i.test(text) ? '' : `[Variant "${variant}"] `;
  const parsed = parsePgn(prefix + text);
  if (parsed.ok) return { game: parsed.value };
  return {
    error: `PGN: ${parsed.error.replace(
      /^line 1, column (\d+)/,
      (_, c: string) => `line 1, column ${Number(c) - prefix.length}`,
    )}`,
  };
}
