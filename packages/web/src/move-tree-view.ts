/**
 * The analysis board's move list: the main line in two columns (White, Black), each variation on
 * its own full-width row after the move it replaces, in parentheses when nested; a move's comment
 * follows it (on its own row in the main line). Every move is a button that goes to its position;
 * the current one is marked (`aria-current`). A judged move carries its PGN symbol (?!, ?, ??)
 * with the judgement in words for screen readers.
 */
import { h } from './dom.ts';
import { JUDGEMENT_GLYPH, type Judgement } from './game-review.ts';
import type { MoveTree, TreeNode } from './move-tree.ts';

export interface MoveListState {
  readonly tree: MoveTree;
  readonly current: TreeNode;
  readonly judgements: ReadonlyMap<number, Judgement>;
}

/** The list's items; `onPick` gets the id of the node clicked. */
export function moveListItems(state: MoveListState, onPick: (id: number) => void): HTMLElement[] {
  const { tree, current, judgements } = state;
  const moveButton = (node: TreeNode, label: string): HTMLElement => {
    const j = judgements.get(node.id);
    return h(
      'button',
      {
        type: 'button',
        class: `move-san${j ? ` ${j}` : ''}`,
        'data-node': node.id,
        'aria-current': node === current ? 'true' : null,
        onclick: () => onPick(node.id),
      },
      label,
      j ? h('span', { class: 'judgement', title: j }, JUDGEMENT_GLYPH[j]) : null,
      j ? h('span', { class: 'visually-hidden' }, ` (${j})`) : null,
    );
  };

  /** A variation from `first` to its end, nested variations in parentheses. */
  const inline = (first: TreeNode): HTMLElement[] => {
    const out: HTMLElement[] = [];
    let force = true;
    for (let node: TreeNode | undefined = first; node; node = node.children[0]) {
      const { number, white } = tree.moveNumber(node.ply - 1);
      const prefix = white ? `${number}. ` : force ? `${number}… ` : '';
      out.push(moveButton(node, prefix + node.move!.san));
      if (node.comment) out.push(h('span', { class: 'move-comment' }, node.comment));
      const alternatives = node === first ? [] : (node.parent?.children.slice(1) ?? []);
      force = false;
      for (const alt of alternatives) {
        out.push(h('span', { class: 'variation-nested' }, '(', ...inline(alt), ')'));
        force = true;
      }
    }
    return out;
  };

  const items: HTMLElement[] = [];
  /** Whether rows follow the move: its comment or the variations in its place. */
  const breaksAfter = (node: TreeNode): boolean =>
    node.comment !== undefined || (node.parent !== null && node.parent.children.length > 1);
  const comment = (text: string): HTMLElement => h('li', { class: 'move-comment' }, text);
  if (tree.root.comment) items.push(comment(tree.root.comment));
  const main = tree.mainLine().slice(1);
  for (const node of main) {
    const { number, white } = tree.moveNumber(node.ply - 1);
    const alternatives = node.parent!.children.slice(1);
    // A Black move stands beside White's, unless rows came between (or it opens the list).
    if (!white && !items.at(-1)?.matches('.white-move'))
      items.push(h('li', { class: 'move-gap white-move', 'data-number': `${number}.` }, '…'));
    items.push(
      h(
        'li',
        {
          class: `move${white ? ' white-move' : ''}${node === current ? ' current' : ''}`,
          'data-number': `${number}.`,
        },
        moveButton(node, node.move!.san),
      ),
    );
    if (breaksAfter(node)) {
      if (white) items.push(h('li', { class: 'move-gap' }, '…'));
      if (node.comment) items.push(comment(node.comment));
      for (const alt of alternatives) items.push(h('li', { class: 'variation' }, ...inline(alt)));
    }
  }
  return items;
}
