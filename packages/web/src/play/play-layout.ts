/**
 * Where the play page's parts go (the board is the page; what a player needs mid-game touches
 * it). On a desktop: the board column (title, status and zoom above the board, the piece legend
 * under it) and a side column as high as the window: the clocks, the set-up while it is open, the
 * move list taking the height left (it scrolls by itself, so the page never grows), the game's
 * buttons and tools, the special-move note. On a phone (play.css): one column, the board as wide
 * as the screen with a clock above and below it, then the move strip and the buttons, and the
 * set-up and the legend after them.
 */
import './play.css';
import { h } from '../dom.ts';

export interface PlayParts {
  /** What the address asked for and was not found. */
  readonly notice: HTMLElement;
  /** Said when the browser refuses to save the game (storage-notice.ts). */
  readonly storageNotice: HTMLElement;
  readonly title: HTMLElement;
  readonly status: HTMLElement;
  readonly zoom: HTMLElement;
  /** The board with the result banner above it and the hovered cell's line under it. */
  readonly board: HTMLElement;
  readonly clockTop: HTMLElement;
  readonly clockBottom: HTMLElement;
  readonly setup: HTMLElement;
  readonly moves: HTMLElement;
  readonly actions: HTMLElement;
  readonly tools: HTMLElement;
  readonly note: HTMLElement;
  readonly legend: HTMLElement;
}

/** The play page's `main`, its parts placed. */
export function playLayout(p: PlayParts): HTMLElement {
  return h(
    'main',
    { class: 'play-page' },
    p.notice,
    h(
      'div',
      { class: 'board-column' },
      h('div', { class: 'board-head' }, p.title, p.status, p.zoom),
      p.board,
      p.legend,
    ),
    h(
      'div',
      { class: 'side-column' },
      p.clockTop,
      p.setup,
      p.storageNotice,
      p.moves,
      p.clockBottom,
      p.actions,
      p.tools,
      p.note,
    ),
  );
}
