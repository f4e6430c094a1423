/** A finished online game's links: its PGN to download, and one click into the analysis board. */
import type { GameSummary } from '@citadel/protocol';
import { h } from '../dom.ts';
import type { PageContext } from '../page-context.ts';
import { api } from './api.ts';

/** Loads the game's PGN and opens the analysis board on it; a failure goes to `problem`. */
export async function openInAnalysis(
  ctx: PageContext,
  g: Pick<GameSummary, 'id' | 'variant'>,
  problem: (text: string) => void,
): Promise<void> {
  try {
    const pgn = await api.pgn(g.id);
    ctx.navigate(`/analyse/${g.variant}?pgn=${encodeURIComponent(pgn)}`);
  } catch (e) {
    problem(`The PGN cannot be loaded: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export function finishedLinks(
  ctx: PageContext,
  g: GameSummary,
  problem: (text: string) => void,
): HTMLElement {
  return h(
    'span',
    { class: 'row-links' },
    h('a', { href: api.pgnUrl(g.id), download: `citadel-${g.id}.pgn` }, 'PGN'),
    h('button', { type: 'button', onclick: () => void openInAnalysis(ctx, g, problem) }, 'Analyse'),
  );
}
