/**
 * The move list with its navigation buttons (first, previous, next, last). The current move is
 * kept in view by scrolling the list alone: the window never moves, so the board stays put.
 */
import type { MoveInfo } from '@citadel/core';
import { h, svg } from '../dom.ts';

/**
 * Scrolls `list` (only it) so that `item` is inside its visible box: down a column of moves, or
 * along a phone's strip of moves.
 */
export function scrollListTo(list: HTMLElement, item: HTMLElement): void {
  const box = list.getBoundingClientRect();
  const it = item.getBoundingClientRect();
  if (it.top < box.top) list.scrollTop -= box.top - it.top;
  else if (it.bottom > box.bottom) list.scrollTop += it.bottom - box.bottom;
  if (it.left < box.left) list.scrollLeft -= box.left - it.left;
  else if (it.right > box.right) list.scrollLeft += it.right - box.right;
}

export class MoveListView {
  readonly element: HTMLElement;
  private readonly list = h('ol', { class: 'moves', 'aria-label': 'Moves' });
  private readonly first: HTMLButtonElement;
  private readonly prev: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private readonly last: HTMLButtonElement;
  private ply = 0;
  private count = 0;

  /** `view(ply)` shows the position after `ply` moves. */
  constructor(private readonly view: (ply: number) => void) {
    const nav = (icon: string, title: string, to: () => number): HTMLButtonElement =>
      h(
        'button',
        { type: 'button', class: 'nav', title, 'aria-label': title, onclick: () => view(to()) },
        svg(
          `<svg viewBox="0 0 16 16" aria-hidden="true"><path d="${icon}" fill="currentColor"/></svg>`,
          'nav-icon',
        ),
      );
    this.first = nav('M3 3h2v10H3z M13 3v10L6 8z', 'First position', () => 0);
    this.prev = nav('M11 3v10L4 8z', 'Previous move', () => this.ply - 1);
    this.next = nav('M5 3v10l7-5z', 'Next move', () => this.ply + 1);
    this.last = nav('M11 3h2v10h-2z M3 3v10l7-5z', 'Last move', () => this.count);
    this.element = h(
      'section',
      { class: 'moves-box', 'aria-label': 'Move list' },
      h('div', { class: 'nav-row' }, this.first, this.prev, this.next, this.last),
      this.list,
    );
  }

  /** Shows `moves` with the one leading to `ply` marked current (0: the start). */
  render(moves: readonly MoveInfo[], ply: number): void {
    this.ply = ply;
    this.count = moves.length;
    this.list.replaceChildren(
      ...moves.map((m, i) =>
        h(
          'li',
          {
            class: `move${i % 2 === 0 ? ' white-move' : ''}${i + 1 === ply ? ' current' : ''}`,
            'data-ply': i + 1,
            'data-number': i % 2 === 0 ? `${i / 2 + 1}.` : null,
            'aria-current': i + 1 === ply ? 'step' : null,
          },
          h('button', { type: 'button', onclick: () => this.view(i + 1) }, m.san),
        ),
      ),
    );
    const current = this.list.querySelector<HTMLElement>('.current');
    if (current) scrollListTo(this.list, current);
    this.first.disabled = this.prev.disabled = ply === 0;
    this.next.disabled = this.last.disabled = ply === moves.length;
  }
}
