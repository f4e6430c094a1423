/**
 * The rules page, `/learn/<variant>`: a paragraph of history, the setup diagram of each start
 * array, every piece with an interactive diagram of its moves (move-explorer-view.ts), worked
 * examples of the variant's special rules (rule-examples.ts), our decisions with the house rules
 * marked, the rule switches, and the sources.
 */
import { Position, type KindKey, type VariantDef } from '@citadel/core';
import { createBoard, diagramState, legend } from './adapter.ts';
import { h } from './dom.ts';
import { houseRuleText } from './house-rule.ts';
import { onAbort } from './lifetime.ts';
import { historyOf } from './learn-history.ts';
import { sourceItem } from './learn-sources.ts';
import './learn.css';
import { firstKind, moveExplorer } from './move-explorer-view.ts';
import type { PageContext } from './page-context.ts';
import { ruleExampleView } from './rule-example-view.ts';
import { ruleExamples } from './rule-examples.ts';
import { variantDef } from './variants.ts';

export function learnPage(ctx: PageContext, variantId: string): void {
  const { signal } = ctx;
  const def = variantDef(variantId)!;
  const start = Position.start(def.id);
  if (!start.ok) throw new Error(start.error);
  const { pieces, pawns } = legend(start.value);
  const explorer = moveExplorer(def, pieces, pawns, signal);
  const setups = setupDiagrams(def, (kind) => explorer.select(kind, true), signal);
  const examples = ruleExamples(def).map((e) => ruleExampleView(def, e, signal));

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
    h('section', { class: 'learn-history' }, h('h2', {}, 'History'), h('p', {}, historyOf(def.id))),
    h(
      'section',
      { class: 'learn-setup' },
      h('h2', {}, 'Setup'),
      h(
        'div',
        { class: 'setup-diagrams' },
        setups.map((s) => s.element),
      ),
      h('p', { class: 'learn-hint' }, 'Click a piece on a setup diagram to see how it moves.'),
    ),
    h(
      'section',
      { class: 'learn-moves' },
      h('h2', {}, 'Pieces and their moves'),
      h(
        'p',
        { class: 'learn-hint' },
        'Choose a piece: its cells are marked on the board. Add blockers to see what stops it.',
      ),
      explorer.element,
    ),
    examples.length
      ? h(
          'section',
          { class: 'learn-special' },
          h('h2', {}, 'Special rules'),
          h(
            'div',
            { class: 'examples' },
            examples.map((e) => e.element),
          ),
        )
      : null,
    def.decisions.length
      ? h(
          'section',
          { class: 'learn-decisions' },
          h('h2', {}, 'Our rules decisions'),
          h(
            'ul',
            {},
            def.decisions.map((d) => h('li', {}, houseRuleText(d))),
          ),
        )
      : null,
    def.switches.length
      ? h(
          'section',
          { class: 'learn-switches' },
          h('h2', {}, 'Rule switches'),
          h(
            'ul',
            {},
            def.switches.map((s) =>
              h(
                'li',
                {},
                h('code', {}, s.name),
                ` (default ${s.values[0]}): `,
                houseRuleText(s.description),
              ),
            ),
          ),
        )
      : null,
    h(
      'section',
      { class: 'learn-sources' },
      h('h2', {}, 'Sources'),
      h(
        'ul',
        {},
        def.sources.map((s) => sourceItem(s)),
      ),
    ),
  );
  ctx.root.replaceChildren(page);
  document.title = `Rules of ${def.name} — Citadel`;
  const first = firstKind([...pieces, ...pawns]);
  if (first) explorer.select(first);
}

/**
 * A setup diagram per start array; a click (or Enter) on a piece shows its moves. Their boards
 * go when `signal` (the page's life) aborts.
 */
function setupDiagrams(
  def: VariantDef,
  onPick: (kind: KindKey) => void,
  signal: AbortSignal,
): Array<{ element: HTMLElement }> {
  return def.arrays.map((array) => {
    const position = Position.start(def.id, { array: array.id });
    const host = h('div', { class: 'learn-board' });
    const element = h(
      'figure',
      { class: 'setup-diagram', 'data-array': array.id },
      host,
      h(
        'figcaption',
        {},
        array.name,
        array.reconstructed
          ? h('span', { class: 'reconstructed' }, ' — reconstructed from incomplete sources')
          : null,
      ),
    );
    if (position.ok) {
      const kinds = new Map(position.value.pieces().map((p) => [p.square, p.kind]));
      const board = createBoard(host, { label: `${def.name}: ${array.name}`, onMove: () => {} });
      onAbort(signal, () => board.destroy());
      board.set(diagramState(position.value));
      const pick = (e: Event): void => {
        const sq = (e.target as HTMLElement).closest<HTMLElement>('.cb-cell')?.dataset['square'];
        const kind = sq ? kinds.get(sq) : undefined;
        if (kind) onPick(kind);
      };
      host.addEventListener('click', pick);
      host.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') pick(e);
      });
    }
    return { element };
  });
}
