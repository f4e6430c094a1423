/**
 * The note shown to a guest whose free seat in a rated game was refused: why, and a button that
 * opens the sign-in dialog.
 */
import { h } from '../dom.ts';
import { openSignIn } from './sign-in-dialog.ts';

/** The note for the server's refusal `joinRefused` (empty when there was none). */
export function signInNoteFor(joinRefused: string | null): HTMLElement {
  return h(
    'section',
    { class: 'sign-in-note', 'aria-label': 'Rated game' },
    h(
      'p',
      {},
      joinRefused && /rated/.test(joinRefused)
        ? 'This is a rated game: it needs an account on both sides. Sign in to take the free seat.'
        : (joinRefused ?? ''),
    ),
    h(
      'div',
      { class: 'dialog-buttons' },
      h(
        'button',
        {
          type: 'button',
          class: 'primary',
          onclick: () =>
            void openSignIn('sign-in', 'Sign in, or create an account, to play this rated game.'),
        },
        'Sign in to play',
      ),
    ),
  );
}
