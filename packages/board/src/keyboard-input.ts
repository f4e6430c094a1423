/**
 * Keyboard input on the board: every cell is a grid cell with a roving tab stop; arrow keys move
 * the focus (see `keyboard-nav.ts`), Enter and Space pick up and put down, Escape lets go.
 */
import { arrowTarget, isArrowKey } from './keyboard-nav.ts';
import type { BoardLayout } from './layout.ts';

export interface KeyboardHost {
  layout(): BoardLayout | null;
  /** Moves the focus (the tab stop and the browser's focus) to a cell. */
  focus(square: string): void;
  /** Enter or Space on a cell. */
  press(square: string): void;
  /** Escape: put back the picked-up piece, cancel the premove, remove the user's shapes. */
  escape(): void;
}

export class KeyboardInput {
  constructor(grid: HTMLElement, host: KeyboardHost) {
    grid.addEventListener('keydown', (e) => {
      const square = (e.target as HTMLElement).dataset['square'];
      const layout = host.layout();
      if (!square || !layout) return;
      if (isArrowKey(e.key)) {
        e.preventDefault();
        e.stopPropagation();
        const next = arrowTarget(layout, square, e.key);
        if (next) host.focus(next);
      } else if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        host.press(square);
      } else if (e.key === 'Escape') host.escape();
    });
  }
}
