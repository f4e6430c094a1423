/**
 * The note beside the board explaining the special moves of the selected piece (king swap,
 * rendezvous, castling…), or with no such piece selected the special move just played (the pawn
 * of pawns' first arrival). The board reports moves, not selections, so the page asks it to look
 * at the board's selection after each input.
 */
import type { Position } from '@citadel/core';
import { h } from '../dom.ts';
import { arrivalNote, specialNotes } from '../special.ts';

export class SpecialInfoView {
  readonly element = h('div', {
    class: 'special-info',
    role: 'note',
    'aria-live': 'polite',
    hidden: true,
  });
  /** The square explained last (undefined: explain again whatever is selected). */
  private explained: string | null | undefined;

  /** Explains the piece on `square` in `position` (nothing when null). */
  explain(position: Position | null, square: string | null): void {
    if (square === this.explained) return;
    this.explained = square;
    const offered = square && position ? specialNotes(position, square) : [];
    const arrival = offered.length === 0 && position ? arrivalNote(position) : null;
    const notes = arrival ? [arrival] : offered;
    this.element.hidden = notes.length === 0;
    this.element.replaceChildren(
      ...notes.map((n) =>
        h('p', { 'data-special': n.kind }, h('strong', {}, `${n.title}: `), n.text),
      ),
    );
  }

  /** Forgets what was explained, so the next `explain` redraws. */
  reset(): void {
    this.explained = undefined;
  }
}
