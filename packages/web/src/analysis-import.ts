/**
 * What the analysis board opens from text: a PGN (its moves, variations and comments become the
 * move tree; its Variant tag picks the variant, movetext without one is read as the page's variant) or a FEN
 * of the page's variant (a tree with no moves). Errors are the core's, prefixed `PGN:` or `FEN:`.
 */
import { Position, type RulesetOptions } from '@citadel/core';
import { MoveTree } from './move-tree.ts';
import { looksLikePgn, parsePagePgn } from './page-pgn.ts';

export interface OpenedGame {
  readonly variant: string;
  readonly options: RulesetOptions;
  readonly tree: MoveTree;
  /** The PGN's tags other than those the tree writes itself (players, event, date, result). */
  readonly tags: Readonly<Record<string, string>>;
  /** A game (PGN) or a position (FEN). */
  readonly source: 'pgn' | 'fen';
}

/** Tags the tree's PGN writes from the position itself. */
const OWN_TAGS = new Set(['variant', 'array', 'rules', 'setup', 'fen']);

export function openGameText(
  raw: string,
  variant: string,
  options: RulesetOptions,
): OpenedGame | { error: string } {
  const text = raw.trim();
  if (!text) return { error: 'Nothing to open: paste a PGN or a FEN.' };
  if (!looksLikePgn(text)) {
    const p = Position.fromFen(variant, text, options);
    if (!p.ok) return { error: `FEN: ${p.error}` };
    return { variant, options, tree: new MoveTree(p.value), tags: {}, source: 'fen' };
  }
  const parsed = parsePagePgn(text, variant);
  if ('error' in parsed) return parsed;
  const game = parsed.game;
  // No prototype: a tag may have any name.
  const tags = Object.create(null) as Record<string, string>;
  for (const [k, v] of game.tags)
    if (!OWN_TAGS.has(k.toLowerCase()) && !Object.hasOwn(tags, k)) tags[k] = v;
  if (game.result !== '*') tags['Result'] = game.result;
  try {
    const tree = MoveTree.fromPgn(game);
    return {
      variant: game.variant,
      options: game.options,
      tree,
      tags,
      source: 'pgn',
    };
  } catch (e) {
    return { error: `PGN: ${e instanceof Error ? e.message : String(e)}` };
  }
}
