/**
 * The "Position (FEN)" form of the analysis board and the position editor: a text field, a Load
 * button and an alert line for the parser's error. `load` receives the text on submit.
 */
import { h } from './dom.ts';

export interface FenForm {
  readonly form: HTMLElement;
  readonly input: HTMLInputElement;
  readonly error: HTMLElement;
}

export function fenForm(id: string, load: (text: string) => void, initialError = ''): FenForm {
  const input = h('input', {
    id,
    type: 'text',
    spellcheck: 'false',
    autocomplete: 'off',
    'aria-label': 'FEN of the position',
  }) as HTMLInputElement;
  const error = h('p', { class: 'import-error', role: 'alert' }, initialError);
  const form = h(
    'form',
    {
      class: 'fen-form',
      onsubmit: (e: Event) => {
        e.preventDefault();
        load(input.value);
      },
    },
    h('label', { for: id }, 'Position (FEN)'),
    h('div', { class: 'fen-row' }, input, h('button', { type: 'submit' }, 'Load')),
  );
  return { form, input, error };
}
