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
  /** Zooms the board in (true) or back to fit (false). */
  readonly zoom: (on: boolean) => void;
}

export class ToolsView {
  readonly element: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly error = h('p', { class: 'move-error', role: 'alert' });
  private readonly hintBtn: HTMLButtonElement;
  private readonly zoomBtn: HTMLButtonElement;
  /** Whether the board's cells are small enough to offer the zoom. */
  private zoomOffered = false;

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
    this.zoomBtn = h(
      'button',
      {
        type: 'button',
        class: 'zoom-toggle',
        title: 'Larger cells: the board scrolls sideways',
        'aria-pressed': 'false',
        hidden: true,
        onclick: () => {
          const on = this.zoomBtn.getAttribute('aria-pressed') !== 'true';
          this.zoomBtn.setAttribute('aria-pressed', String(on));
          actions.zoom(on);
          this.offerZoom(this.zoomOffered);
        },
      },
      'Zoom',
    );
    this.element = h(
      'section',
      { class: 'tools', 'aria-label': 'Tools' },
      form,
      this.error,
      h(
        'div',
        { class: 'tool-row' },
        this.hintBtn,
        this.zoomBtn,
        button('Analyse', 'Analyse the position on the board', actions.analyse),
        button('Import…', null, actions.import),
        button('PGN', 'The whole game in PGN', () => actions.export('pgn')),
        button('FEN', 'The position on the board in FEN', () => actions.export('fen')),
        button('Share', 'Links to the position and the game', actions.share),
      ),
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

  /** Offers the zoom where the board's cells are small (a phone) or it is zoomed already. */
  offerZoom(offered: boolean): void {
    this.zoomOffered = offered;
    this.zoomBtn.hidden = !offered && this.zoomBtn.getAttribute('aria-pressed') !== 'true';
  }
}
