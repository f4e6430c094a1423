/**
 * The live region that says moves in words (move-words.ts) to people using a screen reader: the
 * engine's moves on the play page, the opponent's on the online game page. It is visually hidden
 * (the board and the move list show the same move) and polite: it waits until the reader is done.
 */
import { h } from './dom.ts';

export class MoveAnnouncer {
  readonly element = h('p', {
    class: 'move-announcer',
    role: 'status',
    'aria-live': 'polite',
    'aria-atomic': 'true',
  });

  /** Says `words`; the same words twice are said twice (the text node is a new one). */
  say(words: string): void {
    this.element.replaceChildren(document.createTextNode(words));
  }
}
