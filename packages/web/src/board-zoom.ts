/**
 * The zoom control that every board page (play, analyse, editor, online game, the rules page's
 * move diagram) puts beside its board. Where the board's cells are narrower than a fingertip
 * (TOUCH_TARGET_PX: a phone, a wide board), a "Zoom" toggle draws the board wide enough for cells
 * of that size; the board then scrolls sideways inside its own frame, never the page. It is
 * offered only while the cells are that small, or while the board is zoomed (to undo it), and it
 * follows the board's width as the window or the layout changes.
 */
import type { Board } from './adapter.ts';
import './board-zoom.css';
import { h, svg } from './dom.ts';
import { onAbort } from './lifetime.ts';

/** The smallest comfortable touch target, CSS px: zoomed cells are at least this wide. */
export const TOUCH_TARGET_PX = 44;

const MAGNIFIER =
  '<svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M10 10l4.5 4.5" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/><path d="M4.5 6.5h4M6.5 4.5v4" stroke="currentColor" stroke-width="1.6"/></svg>';

export class BoardZoom {
  /** The toggle (a pressed button while zoomed); hidden where the cells are large enough. */
  readonly element: HTMLButtonElement;
  private board: Board | null = null;
  private on = false;
  private readonly watcher: ResizeObserver | null;

  /** `signal`: the page's life; once it aborts, the zoom stops following the board's size. */
  constructor(signal: AbortSignal) {
    this.element = h(
      'button',
      {
        type: 'button',
        class: 'board-zoom',
        title: 'Larger cells: the board scrolls sideways',
        'aria-pressed': 'false',
        hidden: true,
        onclick: () => this.toggle(),
      },
      svg(MAGNIFIER, 'zoom-icon'),
      h('span', {}, 'Zoom'),
    );
    this.watcher =
      typeof ResizeObserver === 'function' ? new ResizeObserver(() => this.fit()) : null;
    onAbort(signal, () => {
      this.watcher?.disconnect();
      this.board = null;
    });
  }

  /** Controls `board` (again after a page made a new one), keeping the zoom chosen. */
  attach(board: Board): void {
    this.watcher?.disconnect();
    this.board = board;
    this.watcher?.observe(board.element);
    this.fit();
  }

  private toggle(): void {
    this.on = !this.on;
    this.fit();
  }

  /** Applies the zoom for the board's current width and offers the toggle where it helps. */
  private fit(): void {
    const board = this.board;
    if (!board) return;
    const needed = board.zoomForCellSize(TOUCH_TARGET_PX);
    const factor = this.on ? needed : 1;
    if (factor !== board.zoom()) board.setZoom(factor);
    this.element.setAttribute('aria-pressed', String(this.on));
    this.element.hidden = needed <= 1 && !this.on;
  }
}
