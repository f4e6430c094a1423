/**
 * One worked example on the rules page: a small diagram of a prepared position (built as FEN and
 * read by the core), the move outlined on the board, and a button that plays it through the core
 * and shows the result (or, for a `reach` example, the piece's destinations marked).
 */
import { Position, type MoveInfo, type Result, type VariantDef } from '@citadel/core';
import { createBoard, diagramState, type Board } from './adapter.ts';
import { diagramFen } from './diagram-fen.ts';
import { h } from './dom.ts';
import { onAbort } from './lifetime.ts';
import type { RuleExample } from './rule-examples.ts';

export interface ExampleView {
  readonly element: HTMLElement;
}

/** The prepared position of an example, or the core's reason it is not valid. */
export function examplePosition(def: VariantDef, example: RuleExample): Result<Position> {
  const fen = diagramFen(def.id, example.pieces, {
    turn: example.turn ?? 'w',
    rights: example.rights ?? '-',
    ...(example.ep ? { ep: example.ep } : {}),
  });
  if (!fen.ok) return fen;
  return Position.fromFen(def.id, fen.value);
}

/** The example's view; its board goes when `signal` (the page's life) aborts. */
export function ruleExampleView(
  def: VariantDef,
  example: RuleExample,
  signal: AbortSignal,
): ExampleView {
  const boardHost = h('div', { class: 'example-board' });
  const result = h('p', { class: 'example-result', role: 'status', 'aria-live': 'polite' });
  const element = h(
    'figure',
    { class: 'example', id: `example-${example.id}`, 'data-example': example.id },
    h('h3', {}, example.title),
    boardHost,
    h('figcaption', {}, example.text),
    result,
  );
  const board: Board = createBoard(boardHost, {
    label: `${example.title}: example`,
    onMove: () => {},
  });
  onAbort(signal, () => board.destroy());
  const start = examplePosition(def, example);
  if (!start.ok) {
    // A prepared position the core refuses is a bug in rule-examples.ts; say so visibly.
    result.textContent = `This example could not be set up: ${start.error}`;
    return { element };
  }
  const before = start.value;

  if (example.reach) {
    const to = before
      .legalMoves()
      .filter((m) => m.from === example.reach)
      .map((m) => m.to);
    board.set(diagramState(before, { marked: to }));
    result.textContent = `Marked: ${[...new Set(to)].join(' ')}`;
    return { element };
  }

  const move: MoveInfo | undefined = before.legalMoves().find((m) => m.text === example.move);
  if (!move) {
    result.textContent = `This example's move ${example.move ?? ''} is not legal here.`;
    return { element };
  }
  const after = before.clone();
  after.play(move.text);
  let played = false;
  const toggle = h('button', { type: 'button', class: 'example-play' });
  const show = (): void => {
    if (played) {
      board.set(diagramState(after, { lastMove: move }), { animate: true });
      const end = after.outcome();
      result.textContent = `Played ${move.san}.` + (end ? ` ${capital(end.text)}.` : '');
      toggle.textContent = 'Set it back';
    } else {
      board.set(diagramState(before, { hint: move }));
      result.textContent = `The move: ${move.san} (${move.from} to ${move.to}), outlined.`;
      toggle.textContent = 'Play the move';
    }
  };
  toggle.addEventListener('click', () => {
    played = !played;
    show();
  });
  element.append(toggle);
  show();
  return { element };
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
