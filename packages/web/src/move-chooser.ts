/**
 * The choice between several legal moves from one cell to another (a promotion's piece, or
 * Tamerlane's claim or swap), shown over the board by the play and analysis pages alike. One
 * chooser at a time per page; Cancel, Escape or a new `open` closes it without a move.
 */
import type { MoveInfo, Position } from '@citadel/core';
import { choiceLabel, pieceSvg } from './adapter.ts';
import { h, svg } from './dom.ts';

export class MoveChooser {
  private element: HTMLElement | null = null;

  /** `host`: the element the chooser is drawn in (the board area, positioned). */
  constructor(private readonly host: HTMLElement) {}

  /**
   * Offers `options`, legal moves of `position` (pieces drawn in the colour to move, a claim or
   * swap in words with its SAN beside); `onPick` gets the chosen one.
   */
  open(options: readonly MoveInfo[], position: Position, onPick: (move: MoveInfo) => void): void {
    this.close();
    const color = position.turn();
    const chooser = h(
      'div',
      {
        class: 'chooser',
        role: 'dialog',
        'aria-label': 'Choose the move',
        onkeydown: (e: Event) => {
          if ((e as KeyboardEvent).key !== 'Escape') return;
          e.stopPropagation();
          this.close();
        },
      },
      h('p', {}, options[0]?.promotion ? 'Promote to:' : 'Choose:'),
      h(
        'div',
        { class: 'choices' },
        options.map((m) => {
          const c = choiceLabel(m, position);
          return h(
            'button',
            {
              type: 'button',
              class: 'choice',
              onclick: () => {
                this.close();
                onPick(m);
              },
            },
            c.kind ? svg(pieceSvg(c.kind, color), 'choice-img') : null,
            h('span', {}, c.label),
            c.san ? h('span', { class: 'choice-san' }, ` (${c.san})`) : null,
          );
        }),
      ),
      h('button', { type: 'button', class: 'cancel', onclick: () => this.close() }, 'Cancel'),
    );
    this.element = chooser;
    this.host.append(chooser);
    chooser.querySelector<HTMLButtonElement>('.choice')?.focus();
  }

  close(): void {
    this.element?.remove();
    this.element = null;
  }

  isOpen(): boolean {
    return this.element !== null;
  }
}
