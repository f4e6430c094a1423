/**
 * The rules page, `/learn/<variant>`: for now the setup diagram, every piece with how it moves,
 * and our decisions where the sources are silent or disagree (house rules marked as such). The
 * interactive move diagrams and worked examples of issue 4 come later.
 */
import { Position } from '@citadel/core';
import { boardState, createBoard, legend, pieceSvg } from './adapter.ts';
import { h, svg } from './dom.ts';
import type { PageContext } from './play.ts';
import { variantDef } from './variants.ts';

/** How each kind moves, in words (RULES.md tables). */
const MOVES: Record<string, string> = {
  king: 'one step in any direction',
  prince: 'one step in any direction, like the King (a royal piece while the King lives)',
  adventitiousKing: 'one step in any direction; not royal, may enter its own citadel',
  general: 'one step diagonally',
  vizier: 'one step orthogonally',
  giraffe:
    'one diagonal step to an empty cell, then at least 3 cells straight on, orthogonally away from its start; every cell passed must be empty',
  picket: 'like a bishop, but at least 2 cells; it never moves or captures at distance 1',
  knight: 'leaps (2,1), jumping over what lies between',
  rook: 'slides any distance orthogonally',
  warEngine: 'leaps exactly 2 cells orthogonally, jumping the middle cell',
  camel: 'leaps (3,1)',
  elephant: 'leaps exactly 2 cells diagonally, jumping the middle cell',
  lion: 'leaps (3,0)',
  bull: 'leaps (3,2)',
  sentinel: 'leaps (3,3)',
  crocodile: 'house rule: like a rook, but at least 2 cells, and its first cell must be empty',
  warMachine: 'slides any distance diagonally, like a bishop',
  bishop: 'slides any distance diagonally',
  queen: 'slides any distance in any direction',
  princess: 'bishop + knight',
  fortress: 'rook + knight',
  champion: 'one step orthogonally, or a jump of exactly 2 cells in any of the 8 directions',
  wizard: 'one step diagonally, or a knight leap',
  pawn: 'one step forward, captures one step diagonally forward',
};

export function learnPage(ctx: PageContext, variantId: string): () => void {
  const def = variantDef(variantId)!;
  const start = Position.start(def.id);
  const boardHost = h('div', { class: 'board-host learn-board' });
  if (!start.ok) throw new Error(start.error);
  const { pieces, pawns } = legend(start.value);
  const row = (e: (typeof pieces)[number]): HTMLElement => {
    const base = e.kind.startsWith('pawnOf') ? 'pawn' : e.kind;
    const movement = MOVES[base] ?? '';
    return h(
      'li',
      { class: 'learn-piece' },
      svg(pieceSvg(e.kind, 'white', e.letter), 'learn-img'),
      svg(pieceSvg(e.kind, 'black', e.letter), 'learn-img'),
      h(
        'div',
        {},
        h('strong', {}, `${e.name} (${e.letter})`),
        h('p', {}, movement + (e.becomes ? `; becomes ${e.becomes} on the last rank` : '')),
      ),
    );
  };
  const page = h(
    'main',
    { class: 'learn' },
    h('h1', {}, def.name),
    h(
      'p',
      {},
      h(
        'a',
        { href: `/play/${def.id}`, 'data-link': true, class: 'button primary' },
        'Play this game',
      ),
    ),
    h('section', { class: 'learn-setup' }, h('h2', {}, 'Setup'), boardHost),
    h('section', {}, h('h2', {}, 'Pieces'), h('ul', { class: 'learn-pieces' }, pieces.map(row))),
    pawns.length
      ? h('section', {}, h('h2', {}, 'Pawns'), h('ul', { class: 'learn-pieces' }, pawns.map(row)))
      : null,
    def.decisions.length
      ? h(
          'section',
          {},
          h('h2', {}, 'Our rules decisions'),
          h(
            'ul',
            {},
            def.decisions.map((d) => h('li', {}, d)),
          ),
        )
      : null,
    h(
      'section',
      {},
      h('h2', {}, 'Sources'),
      h(
        'ul',
        {},
        def.sources.map((s) => h('li', {}, s)),
      ),
    ),
  );
  ctx.root.replaceChildren(page);
  const board = createBoard(boardHost, { label: `${def.name} start position`, onMove: () => {} });
  board.set(boardState(start.value, { orientation: 'white', interactive: false }));
  return () => board.destroy();
}
