/**
 * The cells of the board as DOM: one focusable grid cell per existing square (holes are simply
 * absent), rank and file coordinates beside them, and the per-cell marks (selection, targets,
 * last move, check, hint, premove) with the text a screen reader says.
 */
import type { BoardLayout } from './layout.ts';
import { parseSquare } from './squares.ts';
import type { BoardCell, BoardMove, BoardPiece, BoardState } from './types.ts';

/** What a screen reader says for a cell, e.g. `g3 white pawn of kings`, `m2 white citadel, empty`. */
export function cellLabel(cell: BoardCell, piece: BoardPiece | undefined): string {
  let text = cell.square;
  if (cell.citadelOwner) text += ` ${cell.citadelOwner} citadel,`;
  if (cell.label) text += ` ${cell.label},`;
  text += piece ? ` ${piece.color} ${piece.name ?? piece.kind}` : ' empty';
  return text;
}

/** Everything the marks of the cells are drawn from. */
export interface CellMarks {
  readonly state: BoardState;
  readonly pieceAt: ReadonlyMap<string, BoardPiece>;
  readonly selected: string | null;
  readonly targets: readonly string[];
  /** The selected piece is picked up for a premove (its targets are drawn as premove targets). */
  readonly premoveMode: boolean;
  readonly premove: BoardMove | null;
  /** Whether a press on the square picks up a piece. */
  readonly canPick: (square: string) => boolean;
}

const ownerName = (owner: string): string => (owner === 'white' ? 'White' : 'Black');

export class CellsView {
  private readonly cellEls = new Map<string, HTMLElement>();

  constructor(
    private readonly doc: Document,
    private readonly grid: HTMLElement,
    private readonly rankCoords: HTMLElement,
    private readonly fileCoords: HTMLElement,
  ) {}

  get(square: string): HTMLElement | undefined {
    return this.cellEls.get(square);
  }

  /** Draws the cells and coordinates of a layout; `overlays` go on top of the cells. */
  build(layout: BoardLayout, overlays: readonly Element[]): void {
    const doc = this.doc;
    this.cellEls.clear();
    const rows: HTMLElement[] = [];
    for (let r = 0; r < layout.ranks; r++) {
      const row = doc.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'cb-row';
      rows.push(row);
    }
    for (const cell of layout.cells) {
      const fr = parseSquare(cell.square)!;
      const { col, row } = layout.place(cell.square);
      const el = doc.createElement('div');
      el.setAttribute('role', 'gridcell');
      el.tabIndex = -1;
      el.dataset['square'] = cell.square;
      el.className = `cb-cell ${(fr[0] + fr[1]) % 2 === 0 ? 'cb-dark' : 'cb-light'}`;
      el.style.gridColumn = String(col + 1);
      el.style.gridRow = String(row + 1);
      if (cell.citadelOwner) {
        el.classList.add('cb-citadel', `cb-citadel-${cell.citadelOwner}`);
        el.title = `${ownerName(cell.citadelOwner)}'s citadel`;
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
    this.grid.replaceChildren(...rows.filter((r) => r.childElementCount > 0), ...overlays);
    this.rankCoords.replaceChildren(...layout.rankCoords().map((t) => this.span(t)));
    this.fileCoords.replaceChildren(...layout.fileCoords().map((t) => this.span(t)));
  }

  /** Sets every cell's marks, label and tooltip. */
  mark(layout: BoardLayout, m: CellMarks): void {
    const s = m.state;
    const targets = new Set(m.targets);
    const check = new Set(s.check ?? []);
    const marked = new Set(s.marked ?? []);
    const pre = m.premove;
    for (const [sq, el] of this.cellEls) {
      const piece = m.pieceAt.get(sq);
      const cell = layout.cell(sq)!;
      const cl = el.classList;
      cl.toggle('cb-selected', sq === m.selected);
      cl.toggle('cb-target', targets.has(sq) || marked.has(sq));
      cl.toggle('cb-premove-target', m.premoveMode && targets.has(sq));
      cl.toggle('cb-occupied', piece !== undefined);
      cl.toggle(
        'cb-last',
        s.lastMove !== undefined && (s.lastMove.from === sq || s.lastMove.to === sq),
      );
      cl.toggle('cb-check', check.has(sq));
      cl.toggle('cb-hint', s.hint !== undefined && (s.hint.from === sq || s.hint.to === sq));
      cl.toggle('cb-premove', pre !== null && (pre.from === sq || pre.to === sq));
      cl.toggle('cb-movable', m.canPick(sq));
      let label = cellLabel(cell, piece);
      if (sq === m.selected) label += m.premoveMode ? ', selected for a premove' : ', selected';
      else if (targets.has(sq)) label += m.premoveMode ? ', premove here' : ', move here';
      else if (marked.has(sq)) label += ', reachable';
      if (s.hint?.from === sq) label += ', hint: move this piece';
      else if (s.hint?.to === sq) label += ', hint: to here';
      if (pre?.from === sq) label += ', premove from here';
      else if (pre?.to === sq) label += ', premove to here';
      el.setAttribute('aria-label', label);
      if (piece) el.title = `${ownerName(piece.color)} ${piece.name ?? piece.kind}`;
      else if (cell.citadelOwner) el.title = `${ownerName(cell.citadelOwner)}'s citadel`;
      else el.removeAttribute('title');
      el.setAttribute('aria-selected', sq === m.selected ? 'true' : 'false');
    }
  }

  private span(text: string): HTMLElement {
    const span = this.doc.createElement('span');
    span.textContent = text;
    return span;
  }
}
