/**
 * The board view (docs/design.md principle 10): it draws a cell layout with pieces and lets the
 * user move them, knowing no rules. It is told the cells (holes are simply absent, citadels marked
 * with their owner), the pieces and, per square, the legal destinations; it reports
 * `onMove(from, to)` and never changes its own pieces: the app answers with a new state.
 *
 * This file joins the parts: the layout (`layout.ts`), the headless selection and premove
 * (`selection.ts`), the cells, pieces and shapes as DOM (`*-view.ts`), pointer and keyboard
 * input (`*-input.ts`), and the appearance (`themes.ts`).
 */
import { CellsView } from './cells-view.ts';
import { KeyboardInput } from './keyboard-input.ts';
import { BoardLayout } from './layout.ts';
import { PiecesView } from './pieces-view.ts';
import { PointerInput } from './pointer-input.ts';
import { Selection, type PressOutcome } from './selection.ts';
import { toggleShape, type BoardShape } from './shapes.ts';
import { ShapesView } from './shapes-view.ts';
import { BOARD_CSS } from './style.ts';
import {
  DEFAULT_APPEARANCE,
  appearanceClasses,
  applyAppearance,
  mergeAppearance,
  type BoardAppearance,
} from './themes.ts';
import type { BoardMove, BoardOptions, BoardPiece, BoardState } from './types.ts';

/** The largest zoom `setZoom` accepts. */
export const MAX_ZOOM = 4;

function addStyles(doc: Document): void {
  if (doc.getElementById('cb-styles')) return;
  const el = doc.createElement('style');
  el.id = 'cb-styles';
  el.textContent = BOARD_CSS;
  doc.head.appendChild(el);
}

const NO_TARGETS = (): readonly string[] => [];

export class Board {
  /** The board's root element (append it where it should appear). */
  readonly element: HTMLElement;
  private readonly frame: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly cells: CellsView;
  private readonly pieces: PiecesView;
  private readonly shapesView: ShapesView;
  private readonly pointer: PointerInput;
  private readonly selectionState = new Selection({ legalTargets: NO_TARGETS });
  private state: BoardState | null = null;
  private layout: BoardLayout | null = null;
  private pieceAt = new Map<string, BoardPiece>();
  private focusSquare: string | null = null;
  /** The last move was dropped by drag: its piece is already where it belongs. */
  private dropped: string | null = null;
  private userShapes: BoardShape[] = [];
  private drawingShape: BoardShape | null = null;
  private piecesKey = '';
  private look: BoardAppearance | null = null;
  private zoomFactor = 1;

  constructor(
    private readonly doc: Document,
    private readonly options: BoardOptions,
  ) {
    addStyles(doc);
    this.element = doc.createElement('div');
    this.element.className = 'cb-board';
    this.frame = doc.createElement('div');
    this.frame.className = 'cb-frame';
    const rankCoords = doc.createElement('div');
    rankCoords.className = 'cb-coords cb-ranks';
    rankCoords.setAttribute('aria-hidden', 'true');
    const fileCoords = doc.createElement('div');
    fileCoords.className = 'cb-coords cb-files';
    fileCoords.setAttribute('aria-hidden', 'true');
    this.grid = doc.createElement('div');
    this.grid.className = 'cb-grid';
    this.grid.setAttribute('role', 'grid');
    this.grid.setAttribute('aria-label', options.label ?? 'Board');
    const corner = doc.createElement('div');
    corner.className = 'cb-corner';
    this.frame.append(rankCoords, this.grid, corner, fileCoords);
    this.element.append(this.frame);
    this.cells = new CellsView(doc, this.grid, rankCoords, fileCoords);
    this.pieces = new PiecesView(doc);
    this.shapesView = new ShapesView(doc);
    if (options.appearance) this.setAppearance(options.appearance);

    this.pointer = new PointerInput(doc, this.grid, {
      squareAt: (x, y) => this.squareAt(x, y),
      pressDown: (square) => {
        // Keep the keyboard's place in step with the pointer without drawing a focus ring.
        this.setFocusSquare(square);
        this.clearUserShapes();
        const outcome = this.selectionState.pressDown(square);
        if (outcome.kind === 'square') {
          // Reported when the press ends: on a zoomed board it may become a pan instead.
          this.refresh();
          return 'tap';
        }
        this.apply(outcome);
        return outcome.kind === 'picked' ? 'picked' : 'done';
      },
      tap: (square) => this.apply({ kind: 'square', square }),
      isSelected: (square) => this.selectionState.selected === square,
      putBack: () => {
        this.selectionState.clear();
        this.refresh();
      },
      dragStart: (from) => {
        const source = this.pieces.get(from);
        const cell = this.cells.get(from);
        if (!source || !cell) return null;
        const size = cell.getBoundingClientRect();
        this.pieces.setLifted(from);
        return {
          html: source.innerHTML,
          width: size.width,
          height: size.height,
          classes: appearanceClasses(this.look ?? DEFAULT_APPEARANCE),
        };
      },
      dragOver: (previous, next) => {
        if (previous) this.cells.get(previous)?.classList.remove('cb-drag-over');
        if (next) this.cells.get(next)?.classList.add('cb-drag-over');
      },
      dragDrop: (from, to) => {
        if (to && to !== from && this.selectionState.isTarget(to)) {
          this.dropped = to;
          this.apply(this.selectionState.drop(to));
        }
      },
      dragEnd: () => this.pieces.setLifted(null),
      hover: (square) => this.hover(square),
      drawing: (shape) => {
        this.drawingShape = shape;
        this.drawShapes();
      },
      drawn: (shape) => {
        this.userShapes = toggleShape(this.userShapes, shape);
        this.drawShapes();
        this.options.onShapes?.(this.userShapes);
      },
    });
    new KeyboardInput(this.grid, {
      layout: () => this.layout,
      focus: (square) => {
        this.setFocusSquare(square);
        const el = this.cells.get(square);
        el?.focus({ preventScroll: true });
        this.revealSquare(square);
      },
      press: (square) => {
        this.clearUserShapes();
        this.apply(this.selectionState.press(square));
      },
      escape: () => {
        this.selectionState.clear();
        if (this.selectionState.clearPremove()) this.options.onPremove?.(null);
        this.clearUserShapes();
        this.refresh();
      },
    });
    this.grid.addEventListener('focusin', (e) => {
      const sq = (e.target as HTMLElement).dataset['square'];
      if (sq) {
        this.setFocusSquare(sq);
        this.hover(sq);
      }
    });
  }

  /**
   * Shows a new state; `animate` slides pieces that moved from where they stood. Throws, showing
   * nothing new, when a cell lies outside the board or a piece is off the cells or shares one.
   */
  set(state: BoardState, opts: { animate?: boolean } = {}): void {
    const layout = new BoardLayout(state);
    const occupied = new Set<string>();
    for (const p of state.pieces) {
      if (!layout.has(p.square)) throw new Error(`piece on '${p.square}', which is not a cell`);
      if (occupied.has(p.square)) throw new Error(`two pieces on '${p.square}'`);
      occupied.add(p.square);
    }
    const relayout = layout.key !== this.layout?.key;
    this.state = state;
    this.layout = layout;
    if (relayout) this.build(layout);
    this.pieceAt = new Map(state.pieces.map((p) => [p.square, p]));
    const piecesKey = state.pieces.map((p) => `${p.square}${p.color}${p.kind}`).join(',');
    if (piecesKey !== this.piecesKey) {
      // The user's arrows and circles belong to the position they were drawn on.
      this.piecesKey = piecesKey;
      this.userShapes = [];
    }
    this.pieces.place(
      layout,
      state.pieces,
      state.lastMove,
      opts.animate === true && !relayout ? this.animationMs() : 0,
      this.dropped,
    );
    this.dropped = null;
    this.selectionState.update(state);
    if (this.selectionState.selected && !this.pieceAt.has(this.selectionState.selected))
      this.selectionState.clear();
    this.refresh();
    this.drawShapes();
  }

  /** The selected square, if any (for tests and the app). */
  selection(): string | null {
    return this.selectionState.selected;
  }

  /** The premove the user set and the app has not cleared, if any. */
  premove(): BoardMove | null {
    return this.selectionState.premove;
  }

  /** Forgets the premove (the app played it, or it became illegal); `onPremove` is not called. */
  clearPremove(): void {
    if (this.selectionState.clearPremove()) this.refresh();
  }

  /** The arrows and circles the user drew on this position. */
  userShapesNow(): readonly BoardShape[] {
    return this.userShapes;
  }

  /** Removes the user's arrows and circles. */
  clearUserShapes(): void {
    if (this.userShapes.length === 0) return;
    this.userShapes = [];
    this.drawShapes();
    this.options.onShapes?.(this.userShapes);
  }

  /** The current appearance (the defaults until one is set). */
  appearance(): BoardAppearance {
    return this.look ?? DEFAULT_APPEARANCE;
  }

  /** Changes the board's theme, piece scheme or dark mode; throws on an unknown id. */
  setAppearance(change: Partial<BoardAppearance>): void {
    const next = mergeAppearance(this.appearance(), change);
    this.look = next;
    applyAppearance(this.element, next);
  }

  /** The zoom factor (1 = the board fits its container's width). */
  zoom(): number {
    return this.zoomFactor;
  }

  /**
   * Draws the board `factor` times as wide as its container (1 to `MAX_ZOOM`), which then scrolls
   * sideways; pieces still drag, and a swipe that starts on a cell without a movable piece pans.
   */
  setZoom(factor: number): void {
    if (!Number.isFinite(factor) || factor < 1 || factor > MAX_ZOOM)
      throw new Error(`zoom must be a number from 1 to ${MAX_ZOOM}, got ${String(factor)}`);
    const left = this.element.scrollLeft / Math.max(1, this.element.scrollWidth);
    this.zoomFactor = factor;
    this.element.style.setProperty('--cb-zoom', String(factor));
    this.element.classList.toggle('cb-zoomed', factor > 1);
    this.element.scrollLeft = left * this.element.scrollWidth;
  }

  /** How long a moved piece slides (see BoardOptions.animationMs). */
  private animationMs(): number {
    if (this.options.animationMs !== undefined) return this.options.animationMs;
    return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 0 : 220;
  }

  /** The width in CSS pixels of one cell as drawn now (0 before the board is on the page). */
  cellSize(): number {
    const files = this.layout?.files ?? 0;
    return files ? this.grid.getBoundingClientRect().width / files : 0;
  }

  /**
   * The zoom that makes cells at least `px` CSS pixels wide in the board's current container
   * width (1 when they already are; at most `MAX_ZOOM`), whatever the zoom is now: the frame is
   * `zoom` times the container wide, and only the cells share it beyond the coordinates.
   */
  zoomForCellSize(px: number): number {
    const files = this.layout?.files ?? 0;
    const width = this.element.clientWidth;
    if (!(px > 0) || !files || width <= 0) return 1;
    const coords =
      this.frame.getBoundingClientRect().width - this.grid.getBoundingClientRect().width;
    const factor = (px * files + coords) / width;
    return Math.min(MAX_ZOOM, Math.max(1, Math.ceil(factor * 100) / 100));
  }

  /** Scrolls a zoomed board sideways (never the page) so that `square` is in view. */
  revealSquare(square: string): void {
    const cell = this.cells.get(square);
    if (!cell || this.zoomFactor === 1) return;
    const view = this.element.getBoundingClientRect();
    const box = cell.getBoundingClientRect();
    if (box.left < view.left) this.element.scrollLeft -= view.left - box.left;
    else if (box.right > view.right) this.element.scrollLeft += box.right - view.right;
  }

  /** Removes the board's element from the page. */
  destroy(): void {
    this.pointer.cancel();
    this.element.remove();
  }

  private build(layout: BoardLayout): void {
    this.element.style.setProperty('--files', String(layout.files));
    this.element.style.setProperty('--ranks', String(layout.ranks));
    this.element.classList.toggle('cb-flipped', layout.orientation === 'black');
    this.pieces.clear();
    this.cells.build(layout, [this.pieces.layer, this.shapesView.element]);
    // Shapes are kept by square, so they follow the cells to their new places (a flip); those on
    // cells the new layout lacks go.
    this.userShapes = this.userShapes.filter(
      (s) => layout.has(s.from) && (s.to === undefined || layout.has(s.to)),
    );
    if (!this.focusSquare || !layout.has(this.focusSquare)) this.focusSquare = null;
    this.setFocusSquare(this.focusSquare ?? layout.entrySquare());
  }

  private apply(outcome: PressOutcome): void {
    switch (outcome.kind) {
      case 'move':
        this.refresh();
        this.options.onMove(outcome.from, outcome.to);
        return;
      case 'premove':
        this.refresh();
        this.options.onPremove?.({ from: outcome.from, to: outcome.to });
        return;
      case 'square':
        if (this.selectionState.clearPremove()) this.options.onPremove?.(null);
        this.refresh();
        this.options.onSquare?.(outcome.square);
        return;
      default:
        this.refresh();
    }
  }

  private refresh(): void {
    const s = this.state;
    const layout = this.layout;
    if (!s || !layout) return;
    const sel = this.selectionState;
    this.cells.mark(layout, {
      state: s,
      pieceAt: this.pieceAt,
      selected: sel.selected,
      targets: sel.targets,
      premoveMode: sel.pickMode === 'premove',
      premove: sel.premove,
      canPick: (sq) => this.pieceAt.has(sq) && sel.canPick(sq),
    });
  }

  private drawShapes(): void {
    if (!this.layout) return;
    this.shapesView.draw(this.layout, this.state?.shapes ?? [], this.userShapes, this.drawingShape);
  }

  private hover(square: string | null): void {
    this.options.onHover?.(square, square ? (this.pieceAt.get(square) ?? null) : null);
  }

  private squareAt(x: number, y: number): string | null {
    const el = this.doc.elementFromPoint(x, y);
    const cell = el instanceof HTMLElement ? el.closest<HTMLElement>('.cb-cell') : null;
    return cell && this.grid.contains(cell) ? (cell.dataset['square'] ?? null) : null;
  }

  private setFocusSquare(square: string | null): void {
    if (this.focusSquare && this.focusSquare !== square)
      this.cells.get(this.focusSquare)?.setAttribute('tabindex', '-1');
    this.focusSquare = square;
    if (square) this.cells.get(square)?.setAttribute('tabindex', '0');
  }
}

/** Creates a board inside `parent`. */
export function createBoard(parent: HTMLElement, options: BoardOptions): Board {
  const board = new Board(parent.ownerDocument, options);
  parent.append(board.element);
  return board;
}
