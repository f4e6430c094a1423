/**
 * A question before an action that cannot be undone (resigning, dropping a game in progress): a
 * modal dialog whose answer is Yes only when its confirm button is pressed; Cancel, Escape and
 * closing it answer No.
 */
import { h } from './dom.ts';
import { closeDialog, showDialog } from './io-dialogs.ts';

export interface Question {
  readonly title: string;
  readonly text: string;
  /** The confirm button's label (`Resign`). */
  readonly confirm: string;
}

/** Asks `question`; resolves true when the user confirms. */
export function askConfirm(question: Question): Promise<boolean> {
  return new Promise((answer) => {
    let confirmed = false;
    const yes = h(
      'button',
      {
        type: 'button',
        class: 'primary',
        onclick: () => {
          confirmed = true;
          closeDialog();
        },
      },
      question.confirm,
    );
    const dialog = h(
      'dialog',
      { class: 'io-dialog confirm-dialog', 'aria-label': question.title },
      h('h2', {}, question.title),
      h('p', {}, question.text),
      h(
        'div',
        { class: 'dialog-buttons' },
        yes,
        h('button', { type: 'button', onclick: () => closeDialog() }, 'Cancel'),
      ),
    );
    dialog.addEventListener('close', () => answer(confirmed));
    showDialog(dialog);
    yes.focus();
  });
}
