/**
 * The board view (DESIGN.md principle 10): it draws a cell layout with pieces and lets the user
 * move them, knowing no rules. It is told the cells (holes are simply absent, citadels marked
 * with their owner), the pieces and, per square, the legal destinations; it reports
 * `onMove(from, to)` and never changes its own pieces: the app answers with a new state.
 *
 * Input: click-click and drag-and-drop through pointer events (mouse, pen and touch alike), and
 * the keyboard (every cell is a focusable grid cell; arrow keys move, Enter/Space pick and drop).
 * A press that neither picks up nor drops a piece is reported by `onSquare` (editors use it).
 */
import { pieceSvg } from './pieces.ts';
import { BOARD_CSS } from './style.ts';
import type { BoardCell, BoardOptions, BoardPiece, BoardState, Side } from './types.ts';

const FILE_LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** File and rank (both 0-based) of a square name such as `a10`, or null. */
export function parseSquare(name: string): [number, number] | null {
  const m = /^([a-z])([0-9]{1,2})$/.exec(name);
  if (!m) return null;
  return [FILE_LETTERS.indexOf(m[1]!), Number(m[2]) - 1];
}

export function squareName(file: number, rank: number): string {
  return FILE_LETTERS[file]! + String(rank + 1);
}

/** What a screen reader says for a cell, e.g. `g3 white pawn of kings`, `m2 white citadel, empty`. */
export function cellLabel(cell: BoardCell, piece: BoardPiece | undefined): string {
  let text = cell.square;
  if (cell.citadelOwner) text += ` ${cell.citadelOwner} citadel,`;
  if (cell.label) text += ` ${cell.label},`;
  text += piece ? ` ${piece.color} ${piece.name ?? piece.kind}` : ' empty';
  return text;
}

let stylesAdded = false;
function addStyles(doc: Document): void {
  if (stylesAdded || doc.getElementById('cb-styles')) return;
  const el = doc.createElement('style');
  el.id = 'cb-styles';
  el.textContent = BOARD_CSS;
  doc.head.appendChild(el);
  stylesAdded = true;
}

interface Drag {
  readonly from: string;
  readonly pointerId: number;
  readonly x: number;
  readonly y: number;
  /** The piece was already selected before this press (a click on it deselects). */
  readonly wasSelected: boolean;
  ghost: HTMLElement | null;
  over: string | null;
}

const SHOW_TARGETS = 'cb-target';

export class Board {
  /** The board's root element (append it where it should appear). */
  readonly element: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly layer: HTMLElement;
  private readonly rankCoords: HTMLElement;
  private readonly fileCoords: HTMLElement;
  private state: BoardState | null = null;
  private layoutKey = '';
  private cellEls = new Map<string, HTMLElement>();
  private pieceEls = new Map<string, HTMLElement>();
  private pieceAt = new Map<string, BoardPiece>();
  private selected: string | null = null;
  private targets: readonly string[] = [];
  private focusSquare: string | null = null;
  private drag: Drag | null = null;
  /** The last move was dropped by drag: its piece is already where it belongs. */
  private dropped: string | null = null;

  constructor(
    private readonly doc: Document,
    private readonly options: BoardOptions,
  ) {
    addStyles(doc);
    this.element = doc.createElement('div');
    this.element.className = 'cb-board';
    this.rankCoords = doc.createElement('div');
    this.rankCoords.className = 'cb-coords cb-ranks';
    this.rankCoords.setAttribute('aria-hidden', 'true');
    this.fileCoords = doc.createElement('div');
    this.fileCoords.className = 'cb-coords cb-files';
    this.fileCoords.setAttribute('aria-hidden', 'true');
    this.grid = doc.createElement('div');
    this.grid.className = 'cb-grid';
    this.grid.setAttribute('role', 'grid');
    this.grid.setAttribute('aria-label', options.label ?? 'Board');
    this.layer = doc.createElement('div');
    this.layer.className = 'cb-layer';
    this.layer.setAttribute('aria-hidden', 'true');
    const corner = doc.createElement('div');
    corner.className = 'cb-corner';
    this.element.append(this.rankCoords, this.grid, corner, this.fileCoords);

    this.grid.addEventListener('pointerdown', (e) => this.onPointerDown(e));
    this.grid.addEventListener('pointermove', (e) => this.onPointerMove(e));
    this.grid.addEventListener('pointerup', (e) => this.onPointerUp(e));
    this.grid.addEventListener('pointercancel', () => this.cancelDrag());
    this.grid.addEventListener('pointerleave', () => {
      if (!this.drag) this.options.onHover?.(null, null);
    });
    this.grid.addEventListener('keydown', (e) => this.onKey(e));
    this.grid.addEventListener('focusin', (e) => {
      const sq = (e.target as HTMLElement).dataset['square'];
      if (sq) {
        this.setFocusSquare(sq);
        this.options.onHover?.(sq, this.pieceAt.get(sq) ?? null);
      }
    });
    this.grid.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  /** Shows a new state; `animate` slides pieces that moved from where they stood. */
  set(state: BoardState, opts: { animate?: boolean } = {}): void {
    const relayout = this.layoutChanged(state);
    this.state = state;
    if (relayout) this.buildCells(state);
    this.pieceAt = new Map(state.pieces.map((p) => [p.square, p]));
    this.placePieces(state, opts.animate === true && !relayout);
    if (this.selected) {
      const t = state.legalTargets(this.selected);
      if (t.length && this.pieceAt.has(this.selected)) this.targets = t;
      else this.selected = null;
    }
    if (!this.selected) this.targets = [];
    this.refreshCells();
  }

  /** The selected square, if any (for tests and the app). */
  selection(): string | null {
    return this.selected;
  }

  /** Removes the board's listeners' element from the page. */
  destroy(): void {
    this.cancelDrag();
    this.element.remove();
  }

  // ---- layout ---------------------------------------------------------------------------------

  private layoutChanged(s: BoardState): boolean {
    const key = `${s.files}x${s.ranks}|${s.orientation}|${s.cells
      .map((c) => `${c.square}${c.exists ? '' : '!'}${c.citadelOwner ?? ''}${c.label ?? ''}`)
      .join(',')}`;
    if (key === this.layoutKey) return false;
    this.layoutKey = key;
    return true;
  }

  /** Column and row (0-based, from the top left as drawn) of a square. */
  private place(square: string): [number, number] {
    const s = this.state!;
    const fr = parseSquare(square) ?? [0, 0];
    return s.orientation === 'white' ? [fr[0], s.ranks - 1 - fr[1]] : [s.files - 1 - fr[0], fr[1]];
  }

  private buildCells(s: BoardState): void {
    const doc = this.doc;
    this.element.style.setProperty('--files', String(s.files));
    this.element.style.setProperty('--ranks', String(s.ranks));
    this.element.classList.toggle('cb-flipped', s.orientation === 'black');
    this.grid.replaceChildren();
    this.layer.replaceChildren();
    this.pieceEls.clear();
    this.cellEls.clear();
    const rows: HTMLElement[] = [];
    for (let r = 0; r < s.ranks; r++) {
      const row = doc.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'cb-row';
      rows.push(row);
    }
    const existing = s.cells.filter((c) => c.exists);
    existing.sort((a, b) => {
      const [ca, ra] = this.place(a.square);
      const [cb, rb] = this.place(b.square);
      return ra - rb || ca - cb;
    });
    for (const cell of existing) {
      const fr = parseSquare(cell.square);
      if (!fr) continue;
      const [col, row] = this.place(cell.square);
      const el = doc.createElement('div');
      el.setAttribute('role', 'gridcell');
      el.tabIndex = -1;
      el.dataset['square'] = cell.square;
      el.className = `cb-cell ${(fr[0] + fr[1]) % 2 === 0 ? 'cb-dark' : 'cb-light'}`;
      el.style.gridColumn = String(col + 1);
      el.style.gridRow = String(row + 1);
      if (cell.citadelOwner) {
        el.classList.add('cb-citadel', `cb-citadel-${cell.citadelOwner}`);
        el.title = `${cell.citadelOwner === 'white' ? 'White' : 'Black'}'s citadel`;
        const tag = doc.createElement('span');
        tag.className = 'cb-citadel-tag';
        tag.textContent = cell.citadelOwner === 'white' ? 'W' : 'B';
        tag.setAttribute('aria-hidden', 'true');
        el.append(tag);
      }
      if (cell.label) {
        el.classList.add('cb-marked');
        const mark = doc.createElement('span');
        mark.className = 'cb-mark';
        mark.textContent = cell.label;
        mark.setAttribute('aria-hidden', 'true');
        el.append(mark);
      }
      rows[row]!.append(el);
      this.cellEls.set(cell.square, el);
    }
    this.grid.append(...rows.filter((r) => r.childElementCount > 0), this.layer);

    this.rankCoords.replaceChildren();
    for (let row = 0; row < s.ranks; row++) {
      const span = doc.createElement('span');
      span.textContent = String(s.orientation === 'white' ? s.ranks - row : row + 1);
      this.rankCoords.append(span);
    }
    this.fileCoords.replaceChildren();
    for (let col = 0; col < s.files; col++) {
      const span = doc.createElement('span');
      span.textContent = FILE_LETTERS[s.orientation === 'white' ? col : s.files - 1 - col]!;
      this.fileCoords.append(span);
    }
    if (!this.focusSquare || !this.cellEls.has(this.focusSquare)) {
      // Start keyboard focus on the bottom-left existing cell of the main area.
      this.focusSquare = existing.length ? existing[existing.length - 1]!.square : null;
      const bottom = existing.filter(
        (c) => this.place(c.square)[1] === this.place(existing[existing.length - 1]!.square)[1],
      );
      const notCitadel = bottom.find((c) => !c.citadelOwner);
      if (notCitadel) this.focusSquare = notCitadel.square;
    }
    this.setFocusSquare(this.focusSquare);
  }

  // ---- pieces ---------------------------------------------------------------------------------

  private transformOf(square: string): string {
    const [col, row] = this.place(square);
    return `translate(${col * 100}%, ${row * 100}%)`;
  }

  private makePiece(p: BoardPiece): HTMLElement {
    const el = this.doc.createElement('div');
    el.className = 'cb-piece';
    this.drawPiece(el, p);
    return el;
  }

  private drawPiece(el: HTMLElement, p: BoardPiece): void {
    const key = `${p.color}|${p.kind}|${p.text}`;
    if (el.dataset['key'] === key) return;
    el.dataset['key'] = key;
    el.dataset['color'] = p.color;
    el.dataset['kind'] = p.kind;
    el.innerHTML = pieceSvg(p.kind, p.color, p.text);
  }

  private placePieces(s: BoardState, animate: boolean): void {
    const ms = this.options.animationMs ?? 220;
    const old = this.pieceEls;
    const next = new Map<string, HTMLElement>();
    const wanted: BoardPiece[] = [];
    // 1. Pieces that stay where they were keep their element.
    for (const p of s.pieces) {
      const el = old.get(p.square);
      if (el && el.dataset['key'] === `${p.color}|${p.kind}|${p.text}`) {
        next.set(p.square, el);
        old.delete(p.square);
      } else wanted.push(p);
    }
    // 2. The rest take the nearest vacated element of the same colour (the same kind first, so a
    //    promotion re-draws in place), which then slides over.
    const vacated = [...old.entries()];
    const moves: Array<{ el: HTMLElement; from: string; to: string }> = [];
    const last = s.lastMove;
    // The piece that made the last move claims its element first (before a castling rook could).
    wanted.sort((x, y) => Number(y.square === last?.to) - Number(x.square === last?.to));
    for (const p of wanted) {
      let best =
        last && last.to === p.square
          ? vacated.findIndex(([sq, el]) => sq === last.from && el.dataset['color'] === p.color)
          : -1;
      if (best < 0) {
        let bestScore = Infinity;
        const to = parseSquare(p.square) ?? [0, 0];
        vacated.forEach(([sq, el], i) => {
          if (el.dataset['color'] !== p.color) return;
          const from = parseSquare(sq) ?? [0, 0];
          const score =
            Math.hypot(from[0] - to[0], from[1] - to[1]) +
            (el.dataset['kind'] === p.kind ? 0 : 100);
          if (score < bestScore) {
            bestScore = score;
            best = i;
          }
        });
      }
      let el: HTMLElement;
      if (best >= 0) {
        const [from, reused] = vacated.splice(best, 1)[0]!;
        el = reused;
        this.drawPiece(el, p);
        if (animate && from !== p.square) moves.push({ el, from, to: p.square });
      } else {
        el = this.makePiece(p);
        this.layer.append(el);
      }
      next.set(p.square, el);
    }
    for (const [, el] of vacated) el.remove();
    this.pieceEls = next;
    for (const [sq, el] of next) {
      // A slide still running from the previous state would show the piece at its old target.
      if (typeof el.getAnimations === 'function') for (const a of el.getAnimations()) a.cancel();
      el.style.transform = this.transformOf(sq);
      el.dataset['square'] = sq;
    }
    for (const m of moves) {
      if (this.dropped === m.to || ms <= 0 || typeof m.el.animate !== 'function') continue;
      m.el.animate(
        [{ transform: this.transformOf(m.from) }, { transform: this.transformOf(m.to) }],
        {
          duration: ms,
          easing: 'cubic-bezier(0.25, 0.8, 0.35, 1)',
        },
      );
    }
    this.dropped = null;
  }

  // ---- cell decoration ------------------------------------------------------------------------

  private refreshCells(): void {
    const s = this.state;
    if (!s) return;
    const targets = new Set(this.targets);
    const check = new Set(s.check ?? []);
    const marked = new Set(s.marked ?? []);
    const cells = new Map(s.cells.map((c) => [c.square, c]));
    for (const [sq, el] of this.cellEls) {
      const piece = this.pieceAt.get(sq);
      const cl = el.classList;
      cl.toggle('cb-selected', sq === this.selected);
      cl.toggle(SHOW_TARGETS, targets.has(sq) || marked.has(sq));
      cl.toggle('cb-occupied', piece !== undefined);
      cl.toggle(
        'cb-last',
        s.lastMove !== undefined && (s.lastMove.from === sq || s.lastMove.to === sq),
      );
      cl.toggle('cb-check', check.has(sq));
      cl.toggle('cb-hint', s.hint !== undefined && (s.hint.from === sq || s.hint.to === sq));
      cl.toggle('cb-movable', s.legalTargets(sq).length > 0);
      let label = cellLabel(cells.get(sq)!, piece);
      if (sq === this.selected) label += ', selected';
      else if (targets.has(sq)) label += ', move here';
      else if (marked.has(sq)) label += ', reachable';
      if (s.hint?.from === sq) label += ', hint: move this piece';
      else if (s.hint?.to === sq) label += ', hint: to here';
      el.setAttribute('aria-label', label);
      if (piece)
        el.title = `${piece.color === 'white' ? 'White' : 'Black'} ${piece.name ?? piece.kind}`;
      else if (cells.get(sq)?.citadelOwner)
        el.title = `${cells.get(sq)!.citadelOwner === 'white' ? 'White' : 'Black'}'s citadel`;
      else el.removeAttribute('title');
      el.setAttribute('aria-selected', sq === this.selected ? 'true' : 'false');
    }
    for (const [sq, el] of this.pieceEls)
      el.classList.toggle('cb-lifted', this.drag?.ghost != null && this.drag.from === sq);
  }

  private select(square: string | null): void {
    this.selected = square;
    this.targets = square && this.state ? this.state.legalTargets(square) : [];
    this.refreshCells();
  }

  private emit(from: string, to: string): void {
    this.select(null);
    this.options.onMove(from, to);
  }

  /** A click or Enter on a square: pick up, put down, or let go. */
  private activate(square: string): void {
    if (!this.state) return;
    if (this.selected && this.selected !== square && this.targets.includes(square)) {
      this.emit(this.selected, square);
      return;
    }
    if (this.selected === square) {
      this.select(null);
      return;
    }
    if (this.state.legalTargets(square).length) this.select(square);
    else {
      this.select(null);
      this.options.onSquare?.(square);
    }
  }

  // ---- pointer --------------------------------------------------------------------------------

  private squareAt(x: number, y: number): string | null {
    const el = this.doc.elementFromPoint(x, y);
    const cell = el instanceof HTMLElement ? el.closest<HTMLElement>('.cb-cell') : null;
    return cell && this.grid.contains(cell) ? (cell.dataset['square'] ?? null) : null;
  }

  private onPointerDown(e: PointerEvent): void {
    if (e.button !== 0 || !this.state) return;
    const square = this.squareAt(e.clientX, e.clientY);
    if (!square) return;
    e.preventDefault();
    // Keep the keyboard's place in step with the pointer without drawing a focus ring.
    this.setFocusSquare(square);
    if (this.selected && this.selected !== square && this.targets.includes(square)) {
      this.emit(this.selected, square);
      return;
    }
    if (this.state.legalTargets(square).length === 0) {
      this.select(null);
      this.options.onSquare?.(square);
      return;
    }
    const wasSelected = this.selected === square;
    this.select(square);
    this.drag = {
      from: square,
      pointerId: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      wasSelected,
      ghost: null,
      over: null,
    };
    try {
      this.grid.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic events have no capturable pointer; dragging still works inside the grid.
    }
  }

  private onPointerMove(e: PointerEvent): void {
    const drag = this.drag;
    if (!drag || drag.pointerId !== e.pointerId) {
      const sq = this.squareAt(e.clientX, e.clientY);
      this.options.onHover?.(sq, sq ? (this.pieceAt.get(sq) ?? null) : null);
      return;
    }
    if (!drag.ghost) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 5) return;
      const source = this.pieceEls.get(drag.from);
      const cell = this.cellEls.get(drag.from);
      if (!source || !cell) return;
      const ghost = this.doc.createElement('div');
      ghost.className = 'cb-ghost';
      ghost.innerHTML = source.innerHTML;
      const size = cell.getBoundingClientRect();
      ghost.style.width = `${size.width}px`;
      ghost.style.height = `${size.height}px`;
      this.doc.body.append(ghost);
      drag.ghost = ghost;
      this.refreshCells();
    }
    const g = drag.ghost;
    g.style.transform = `translate(${e.clientX - g.offsetWidth / 2}px, ${e.clientY - g.offsetHeight / 2}px)`;
    const over = this.squareAt(e.clientX, e.clientY);
    if (over !== drag.over) {
      if (drag.over) this.cellEls.get(drag.over)?.classList.remove('cb-drag-over');
      if (over) this.cellEls.get(over)?.classList.add('cb-drag-over');
      drag.over = over;
    }
  }

  private onPointerUp(e: PointerEvent): void {
    const drag = this.drag;
    if (!drag || drag.pointerId !== e.pointerId) return;
    const dragged = drag.ghost !== null;
    const target = this.squareAt(e.clientX, e.clientY);
    this.cancelDrag();
    if (dragged) {
      if (target && target !== drag.from && this.targets.includes(target)) {
        this.dropped = target;
        this.emit(drag.from, target);
      }
      return;
    }
    if (drag.wasSelected && target === drag.from) this.select(null);
  }

  private cancelDrag(): void {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    drag.ghost?.remove();
    if (drag.over) this.cellEls.get(drag.over)?.classList.remove('cb-drag-over');
    try {
      if (this.grid.hasPointerCapture(drag.pointerId))
        this.grid.releasePointerCapture(drag.pointerId);
    } catch {
      // Already released.
    }
    this.refreshCells();
  }

  // ---- keyboard -------------------------------------------------------------------------------

  private setFocusSquare(square: string | null): void {
    if (this.focusSquare && this.focusSquare !== square)
      this.cellEls.get(this.focusSquare)?.setAttribute('tabindex', '-1');
    this.focusSquare = square;
    if (square) this.cellEls.get(square)?.setAttribute('tabindex', '0');
  }

  private onKey(e: KeyboardEvent): void {
    const square = (e.target as HTMLElement).dataset['square'];
    if (!square || !this.state) return;
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const step = steps[e.key];
    if (step) {
      e.preventDefault();
      e.stopPropagation();
      const next = this.neighbour(square, step[0], step[1]);
      if (next) {
        this.setFocusSquare(next);
        this.cellEls.get(next)?.focus();
      }
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.activate(square);
    } else if (e.key === 'Escape') {
      this.select(null);
    }
  }

  /** The next existing cell from `square` in a drawn direction, skipping holes. */
  private neighbour(square: string, dc: number, dr: number): string | null {
    const s = this.state!;
    let [col, row] = this.place(square);
    for (;;) {
      col += dc;
      row += dr;
      if (col < 0 || row < 0 || col >= s.files || row >= s.ranks) return null;
      const file = s.orientation === 'white' ? col : s.files - 1 - col;
      const rank = s.orientation === 'white' ? s.ranks - 1 - row : row;
      const name = squareName(file, rank);
      if (this.cellEls.has(name)) return name;
    }
  }
}

/** Creates a board inside `parent`. */
export function createBoard(parent: HTMLElement, options: BoardOptions): Board {
  const board = new Board(parent.ownerDocument, options);
  parent.append(board.element);
  return board;
}

export type { Side };
