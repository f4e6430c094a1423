/**
 * The rules page's interactive move diagram: the list of a variant's pieces (each a button) and a
 * board of the variant's geometry showing the chosen piece alone, its destinations marked. A click
 * (or Enter) on an empty cell adds a blocker, a black piece, or moves the piece there, as the mode
 * says; a click on a blocker removes it. The destinations always come from the core
 * (move-explorer.ts), so the diagram shows exactly what the game allows.
 */
import type { KindKey, VariantDef } from '@citadel/core';
import { createBoard, diagramState, pieceSvg, type LegendEntry } from './adapter.ts';
import { BoardZoom } from './board-zoom.ts';
import { h, svg } from './dom.ts';
import { onAbort } from './lifetime.ts';
import {
  changeKind,
  movePiece,
  startExplorer,
  toggleBlocker,
  type ExplorerView,
} from './move-explorer.ts';
import { movementText } from './piece-descriptions.ts';
import { houseRuleText } from './house-rule.ts';

export interface MoveExplorer {
  readonly element: HTMLElement;
  /** Shows this kind's moves (keeps the blockers) and brings the diagram into view if asked. */
  select(kind: KindKey, scroll?: boolean): void;
}

type Mode = 'own' | 'enemy' | 'move';

const MODES: ReadonlyArray<{ value: Mode; label: string }> = [
  { value: 'own', label: 'adds a White blocker' },
  { value: 'enemy', label: 'adds a Black piece (it may be captured)' },
  { value: 'move', label: 'moves the piece there' },
];

/** The kind to show first: a piece with an unusual move if there is one, else the first non-king. */
export function firstKind(entries: readonly LegendEntry[]): KindKey | undefined {
  const unusual: readonly KindKey[] = ['giraffe', 'picket', 'crocodile', 'princess', 'champion'];
  return (
    entries.find((e) => unusual.includes(e.kind))?.kind ??
    entries.find((e) => e.kind !== 'king')?.kind ??
    entries[0]?.kind
  );
}

/** The explorer; its board goes when `signal` (the page's life) aborts. */
export function moveExplorer(
  def: VariantDef,
  pieces: readonly LegendEntry[],
  pawns: readonly LegendEntry[],
  signal: AbortSignal,
): MoveExplorer {
  const names = new Map([...pieces, ...pawns].map((e) => [e.kind, e.name]));
  let view: ExplorerView | null = null;
  let mode: Mode = 'own';

  const boardHost = h('div', { class: 'explorer-board' });
  const status = h('p', { class: 'explorer-status', role: 'status', 'aria-live': 'polite' });
  const cells = h('p', { class: 'explorer-cells' });
  const problem = h('p', { class: 'explorer-problem', role: 'alert' });
  const modeBox = h(
    'fieldset',
    { class: 'explorer-mode' },
    h('legend', {}, 'A click on an empty cell'),
    MODES.map((m) =>
      h(
        'label',
        {},
        h('input', {
          type: 'radio',
          name: `explorer-mode-${def.id}`,
          value: m.value,
          checked: m.value === mode,
          onchange: () => {
            mode = m.value;
          },
        }),
        ` ${m.label}`,
      ),
    ),
  );
  const clear = h(
    'button',
    {
      type: 'button',
      class: 'explorer-clear',
      onclick: () => {
        if (view) apply(startExplorer(def.id, view.setup.kind));
      },
    },
    'Start again',
  );
  const picks = new Map<KindKey, HTMLButtonElement>();
  const pick = (e: LegendEntry, compact: boolean): HTMLElement => {
    const button = h(
      'button',
      {
        type: 'button',
        class: compact ? 'piece-pick compact' : 'piece-pick',
        'data-kind': e.kind,
        'aria-pressed': 'false',
        onclick: () => select(e.kind, true),
      },
      svg(pieceSvg(e.kind, 'white', e.letter), 'learn-img'),
      compact ? null : svg(pieceSvg(e.kind, 'black', e.letter), 'learn-img'),
      h(
        'span',
        { class: 'pick-text' },
        h('strong', {}, compact ? e.name : `${e.name} (${e.letter})`),
        h(
          'span',
          { class: 'pick-moves' },
          compact ? pawnFate(e) : houseRuleText(movementText(e.kind, def)),
        ),
      ),
    );
    picks.set(e.kind, button);
    return h('li', {}, button);
  };
  const lists = h(
    'div',
    { class: 'piece-lists' },
    h(
      'ul',
      { class: 'piece-picks' },
      pieces.map((e) => pick(e, false)),
    ),
    pawns.length
      ? [
          h('h3', {}, pawns.length > 1 ? 'Pawns' : 'Pawn'),
          h('p', { class: 'pawn-moves' }, `Every pawn: ${movementText(pawns[0]!.kind, def)}.`),
          h(
            'ul',
            { class: 'piece-picks pawns' },
            pawns.map((e) => pick(e, true)),
          ),
        ]
      : null,
  );
  const zoom = new BoardZoom(signal);
  const diagram = h(
    'div',
    { class: 'explorer', id: 'explorer' },
    h('div', { class: 'explorer-zoom' }, zoom.element),
    boardHost,
    status,
    cells,
    problem,
    h('div', { class: 'explorer-tools' }, modeBox, clear),
    h(
      'p',
      { class: 'explorer-note' },
      'A click on a blocker removes it. The Kings stand out of the way because the rules need them.',
    ),
  );
  const element = h('div', { class: 'learn-explore' }, diagram, lists);
  const board = createBoard(boardHost, {
    label: `${def.name}: moves of one piece`,
    onMove: () => {},
  });
  zoom.attach(board);

  function render(): void {
    if (!view) return;
    const { setup, destinations, captures } = view;
    board.set(diagramState(view.position, { marked: destinations }));
    const name = names.get(setup.kind) ?? setup.kind;
    const n = destinations.length;
    status.textContent =
      `White ${name} on ${setup.square}: ${n === 0 ? 'no move' : n === 1 ? '1 cell' : `${n} cells`}` +
      (captures.length
        ? `, ${captures.length} of them ${captures.length === 1 ? 'a capture' : 'captures'}`
        : '') +
      '.';
    cells.textContent = n ? `Reachable: ${[...destinations].sort(bySquare).join(' ')}` : '';
    for (const [kind, b] of picks) b.setAttribute('aria-pressed', String(kind === setup.kind));
  }

  function apply(next: ReturnType<typeof startExplorer>): void {
    if (next.ok) {
      view = next.value;
      problem.textContent = '';
      render();
    } else problem.textContent = `Not possible: ${next.error}.`;
  }

  function select(kind: KindKey, scroll = false): void {
    apply(view ? changeKind(view, kind) : startExplorer(def.id, kind));
    if (scroll && typeof diagram.scrollIntoView === 'function')
      diagram.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }

  /** A click or Enter on a cell of the diagram. */
  function onCell(square: string): void {
    if (!view) return;
    const { setup } = view;
    if (setup.blockers.has(square)) apply(toggleBlocker(view, square, 'white'));
    else if (square === setup.square) return;
    else if (mode === 'move') apply(movePiece(view, square));
    else apply(toggleBlocker(view, square, mode === 'own' ? 'white' : 'black'));
  }

  const cellOf = (e: Event): string | undefined =>
    (e.target as HTMLElement).closest<HTMLElement>('.cb-cell')?.dataset['square'];
  boardHost.addEventListener('click', (e) => {
    const sq = cellOf(e);
    if (sq) onCell(sq);
  });
  boardHost.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const sq = cellOf(e);
    if (sq) onCell(sq);
  });

  onAbort(signal, () => board.destroy());
  return { element, select };
}

/** What a pawn becomes on the last rank, in a few words. */
function pawnFate(e: LegendEntry): string {
  if (e.kind === 'pawnOfPawns') return 'three lives: see the special rules';
  if (e.becomes) return `becomes ${e.becomes}`;
  return 'promotes on the last rank';
}

/** Orders squares by rank, then file (`b4` before `a5`). */
function bySquare(a: string, b: string): number {
  return Number(a.slice(1)) - Number(b.slice(1)) || a.localeCompare(b);
}
