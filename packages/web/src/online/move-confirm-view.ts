/**
 * The "Confirm move" / "Cancel" pair under the online board, shown while a move played on the
 * board waits for the player's confirmation (online-moves.ts). When it appears the keyboard goes
 * to "Confirm move", so Enter sends the move and Tab then Enter (or Escape) cancels it.
 */
import { h } from '../dom.ts';

export class MoveConfirmView {
  private readonly confirmButton: HTMLButtonElement;
  private readonly question = h('p', { class: 'move-confirm-question' });
  readonly element: HTMLElement;
  private shown: string | null = null;

  constructor(actions: { readonly confirm: () => void; readonly cancel: () => void }) {
    this.confirmButton = h(
      'button',
      { type: 'button', class: 'primary', onclick: () => actions.confirm() },
      'Confirm move',
    );
    this.element = h(
      'div',
      { class: 'move-confirm', role: 'group', 'aria-label': 'Confirm your move', hidden: true },
      this.question,
      h(
        'div',
        { class: 'move-confirm-buttons' },
        this.confirmButton,
        h('button', { type: 'button', onclick: () => actions.cancel() }, 'Cancel'),
      ),
    );
  }

  /** Shows the pair for the held move `san`, or hides it (null). */
  render(san: string | null): void {
    if (san === this.shown) return;
    const appearing = this.shown === null;
    this.shown = san;
    this.element.hidden = san === null;
    this.question.textContent = san === null ? '' : `Send ${san}?`;
    if (san !== null && appearing) this.confirmButton.focus();
  }
}
