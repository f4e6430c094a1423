/**
 * The notice a page shows when the browser refuses to keep its games (safe-storage.ts): one polite
 * status line saying so, the way to keep them one click away (the PGN export), and a button that
 * dismisses it. It is said once per page however many writes are refused, and once dismissed it
 * does not come back in this tab.
 */
import { h } from './dom.ts';
import { onStorageRefused, wasRefused, type Kept } from './safe-storage.ts';

/** The notice of the play page, whose game is the one to export. */
export const NOT_SAVING_GAMES = 'This browser is not saving games: export the PGN to keep this one';

let dismissedInThisTab = false;

export interface StorageNoticeOptions {
  /** What the notice says. */
  readonly text: string;
  /** The button that keeps what is not saved (the PGN export). */
  readonly action: { readonly label: string; readonly run: () => void };
  /** What it is about: a refusal to keep one of these shows it. */
  readonly about: readonly Kept[];
}

export class StorageNotice {
  private readonly text = h('span', { class: 'storage-notice-text' });
  private readonly dismiss = h(
    'button',
    { type: 'button', class: 'storage-notice-dismiss', 'aria-label': 'Dismiss this notice' },
    'Dismiss',
  );
  private readonly body: HTMLElement;
  readonly element: HTMLElement;
  private readonly stop: () => void;
  private said = false;

  /** Shown at once where the browser already refused such a write on this page. */
  constructor(private readonly options: StorageNoticeOptions) {
    this.body = h(
      'div',
      { class: 'storage-notice-body', hidden: true },
      this.text,
      h(
        'span',
        { class: 'storage-notice-buttons' },
        h(
          'button',
          { type: 'button', class: 'primary', onclick: options.action.run },
          options.action.label,
        ),
        this.dismiss,
      ),
    );
    // The live region is there from the start, empty, so that its text is announced when it comes.
    this.element = h('div', { class: 'storage-notice', role: 'status' }, this.body);
    this.dismiss.addEventListener('click', () => {
      dismissedInThisTab = true;
      this.body.hidden = true;
      this.text.textContent = '';
      this.element.classList.remove('shown');
    });
    this.stop = onStorageRefused((what) => {
      if (options.about.includes(what)) this.show();
    });
    if (options.about.some(wasRefused)) this.show();
  }

  /** Says the notice, unless said already on this page or dismissed in this tab. */
  show(): void {
    if (this.said || dismissedInThisTab) return;
    this.said = true;
    // In a task of its own, so that the empty region is in the page before its words come.
    setTimeout(() => {
      if (dismissedInThisTab) return;
      this.text.textContent = this.options.text;
      this.body.hidden = false;
      this.element.classList.add('shown');
    }, 0);
  }

  /** Stops listening (the page's teardown). */
  destroy(): void {
    this.stop();
  }
}
