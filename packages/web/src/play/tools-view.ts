/**
 * The play page's tools: a move typed in SAN or move text (an illegal one explained), the
 * engine's hint, and the buttons that analyse the position, import a game, and export the game
 * (PGN) or the position (FEN).
 */
import { h } from '../dom.ts';

export interface ToolActions {
  /** Plays a typed move; returns why not (null when played). */
  readonly typed: (text: string) => string | null;
  readonly hint: () => void;
  readonly analyse: () => void;
  readonly import: () => void;
  readonly export: (kind: 'pgn' | 'fen') => void;
  /** Links to the position and the game. */
  readonly share: () => void;
}

export class ToolsView {
  readonly element: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly error = h('p', { class: 'move-error', role: 'alert' });
  private readonly hintBtn: HTMLButtonElement;

  constructor(actions: ToolActions) {
    this.input = h('input', {
      id: 'move-input',
      name: 'move',
      type: 'text',
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: 'e.g. Nf3 or g3g4',
    });
    const form = h(
      'form',
      {
        class: 'move-form',
        onsubmit: (e: Event) => {
          e.preventDefault();
          this.submit(actions.typed);
        },
      },
      h('label', { for: 'move-input' }, 'Type a move'),
      this.input,
      h('button', { type: 'submit' }, 'Play'),
    );
    const button = (label: string, title: string | null, onclick: () => void) =>
      h('button', { type: 'button', title, onclick }, label);
    this.hintBtn = button('Hint', "Show the engine's suggestion", actions.hint);
    this.element = h(
      'section',
      { class: 'tools', 'aria-label': 'Tools' },
      h(
        'div',
        { class: 'tool-row' },
        this.hintBtn,
        button('Analyse', 'Analyse the position on the board', actions.analyse),
        button('Import…', null, actions.import),
        button('PGN', 'The whole game in PGN', () => actions.export('pgn')),
        button('FEN', 'The position on the board in FEN', () => actions.export('fen')),
        button('Share', 'Links to the position and the game', actions.share),
      ),
      form,
      this.error,
    );
  }

  private submit(typed: (text: string) => string | null): void {
    const text = this.input.value.trim();
    if (!text) return;
    const why = typed(text);
    this.error.textContent = why ?? '';
    this.input.setAttribute('aria-invalid', why ? 'true' : 'false');
    if (!why) this.input.value = '';
  }

  /** Clears the error of a typed move (a move was made another way). */
  clearError(): void {
    this.error.textContent = '';
  }

  render(hintAllowed: boolean): void {
    this.hintBtn.disabled = !hintAllowed;
  }
}
