/**
 * Pointer input on the board (mouse, pen and touch alike): with the primary button, click-click
 * and drag-and-drop of pieces; with the right button, drawing shapes (a drag draws an arrow, a
 * click a circle). The gestures are turned into calls on the board (`PointerHost`).
 */
import { brushFor, type BoardShape } from './shapes.ts';

/** What the pointer input needs from the board. */
export interface PointerHost {
  /** The square of the cell under a viewport point, or null. */
  squareAt(x: number, y: number): string | null;
  /**
   * A primary press on a square: `picked` when it picked up a piece (which may then be dragged),
   * `tap` when it picks nothing up (reported by `tap` once the press ends on the same square
   * without turning into a pan), `done` otherwise.
   */
  pressDown(square: string): 'picked' | 'tap' | 'done';
  /** A press that picked nothing up ended where it started. */
  tap(square: string): void;
  /** Whether the piece on `square` was picked up before the press now starting. */
  isSelected(square: string): boolean;
  /** A click (no drag) on the square whose piece was already picked up: put it back. */
  putBack(): void;
  /** A drag of the piece on `from` ended over `to` (null: off the board). */
  dragDrop(from: string, to: string | null): void;
  /**
   * A drag started: the picture to drag, its size and the theme classes that colour it, or null
   * when there is no piece.
   */
  dragStart(from: string): { html: string; width: number; height: number; classes: string } | null;
  /** The drag passes over another square (null: off the board), or ended (both null). */
  dragOver(previous: string | null, next: string | null): void;
  /** The drag ended or was cancelled: show the dragged piece again. */
  dragEnd(): void;
  hover(square: string | null): void;
  /** The shape being drawn now (null: none). */
  drawing(shape: BoardShape | null): void;
  /** A shape was drawn. */
  drawn(shape: BoardShape): void;
}

interface Drag {
  readonly from: string;
  readonly pointerId: number;
  readonly x: number;
  readonly y: number;
  /** The piece was already picked up before this press (a click on it puts it back). */
  readonly wasSelected: boolean;
  ghost: HTMLElement | null;
  over: string | null;
}

interface Draw {
  readonly from: string;
  readonly pointerId: number;
  shape: BoardShape;
}

/** A pointer must travel this many CSS pixels before a press becomes a drag. */
const DRAG_THRESHOLD = 5;

export class PointerInput {
  private drag: Drag | null = null;
  private draw: Draw | null = null;
  private pendingTap: { readonly square: string; readonly pointerId: number } | null = null;

  constructor(
    private readonly doc: Document,
    private readonly grid: HTMLElement,
    private readonly host: PointerHost,
  ) {
    grid.addEventListener('pointerdown', (e) => this.onDown(e));
    grid.addEventListener('pointermove', (e) => this.onMove(e));
    grid.addEventListener('pointerup', (e) => this.onUp(e));
    grid.addEventListener('pointercancel', () => this.cancel());
    grid.addEventListener('pointerleave', () => {
      if (!this.drag) this.host.hover(null);
    });
    grid.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  /** Whether a piece is being dragged (its picture follows the pointer). */
  get dragging(): boolean {
    return this.drag?.ghost != null;
  }

  /** Ends any gesture without effect. */
  cancel(): void {
    this.pendingTap = null;
    const drag = this.drag;
    if (drag) {
      this.drag = null;
      drag.ghost?.remove();
      this.host.dragOver(drag.over, null);
      this.release(drag.pointerId);
      this.host.dragEnd();
    }
    const draw = this.draw;
    if (draw) {
      this.draw = null;
      this.release(draw.pointerId);
      this.host.drawing(null);
    }
  }

  private onDown(e: PointerEvent): void {
    if (e.button !== 0 && e.button !== 2) return;
    const square = this.host.squareAt(e.clientX, e.clientY);
    if (!square) return;
    e.preventDefault();
    this.cancel();
    if (e.button === 2) {
      const shape: BoardShape = { from: square, brush: brushFor(e) };
      this.draw = { from: square, pointerId: e.pointerId, shape };
      this.host.drawing(shape);
    } else {
      const wasSelected = this.host.isSelected(square);
      const pressed = this.host.pressDown(square);
      if (pressed === 'tap') this.pendingTap = { square, pointerId: e.pointerId };
      if (pressed !== 'picked') return;
      this.drag = {
        from: square,
        pointerId: e.pointerId,
        x: e.clientX,
        y: e.clientY,
        wasSelected,
        ghost: null,
        over: null,
      };
    }
    this.capture(e.pointerId);
  }

  private onMove(e: PointerEvent): void {
    const draw = this.draw;
    if (draw && draw.pointerId === e.pointerId) {
      const over = this.host.squareAt(e.clientX, e.clientY) ?? draw.from;
      if (over !== (draw.shape.to ?? draw.from)) {
        draw.shape = { ...draw.shape, to: over === draw.from ? undefined : over };
        this.host.drawing(draw.shape);
      }
      return;
    }
    const drag = this.drag;
    if (!drag || drag.pointerId !== e.pointerId) {
      this.host.hover(this.host.squareAt(e.clientX, e.clientY));
      return;
    }
    if (!drag.ghost) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < DRAG_THRESHOLD) return;
      const picture = this.host.dragStart(drag.from);
      if (!picture) return;
      const ghost = this.doc.createElement('div');
      ghost.className = `cb-ghost ${picture.classes}`;
      ghost.innerHTML = picture.html;
      ghost.style.width = `${picture.width}px`;
      ghost.style.height = `${picture.height}px`;
      this.doc.body.append(ghost);
      drag.ghost = ghost;
    }
    const g = drag.ghost;
    g.style.transform = `translate(${e.clientX - g.offsetWidth / 2}px, ${e.clientY - g.offsetHeight / 2}px)`;
    const over = this.host.squareAt(e.clientX, e.clientY);
    if (over !== drag.over) {
      this.host.dragOver(drag.over, over);
      drag.over = over;
    }
  }

  private onUp(e: PointerEvent): void {
    const tap = this.pendingTap;
    if (tap && tap.pointerId === e.pointerId) {
      this.pendingTap = null;
      if (this.host.squareAt(e.clientX, e.clientY) === tap.square) this.host.tap(tap.square);
      return;
    }
    const draw = this.draw;
    if (draw && draw.pointerId === e.pointerId) {
      const shape = draw.shape;
      this.cancel();
      this.host.drawn(shape);
      return;
    }
    const drag = this.drag;
    if (!drag || drag.pointerId !== e.pointerId) return;
    const dragged = drag.ghost !== null;
    const target = this.host.squareAt(e.clientX, e.clientY);
    this.cancel();
    if (dragged) this.host.dragDrop(drag.from, target);
    else if (drag.wasSelected && target === drag.from) this.host.putBack();
  }

  private capture(pointerId: number): void {
    try {
      this.grid.setPointerCapture(pointerId);
    } catch {
      // Synthetic events have no capturable pointer; the gesture still works inside the grid.
    }
  }

  private release(pointerId: number): void {
    try {
      if (this.grid.hasPointerCapture(pointerId)) this.grid.releasePointerCapture(pointerId);
    } catch {
      // Already released.
    }
  }
}
