/**
 * Where the cells of a board are drawn: a pure description of a cell layout in one orientation,
 * with no DOM. Columns and rows count from the top left as drawn, both from 0.
 */
import { parseSquare, squareName } from './squares.ts';
import type { BoardCell, Side } from './types.ts';

/** What the layout is made from (a `BoardState` has all of it). */
export interface LayoutSource {
  readonly files: number;
  readonly ranks: number;
  readonly orientation: Side;
  readonly cells: readonly BoardCell[];
}

export interface Place {
  readonly col: number;
  readonly row: number;
}

export class BoardLayout {
  readonly files: number;
  readonly ranks: number;
  readonly orientation: Side;
  /** The cells that exist, in reading order as drawn (top row first, left to right). */
  readonly cells: readonly BoardCell[];
  /** Equal for two sources that draw the same cells in the same places. */
  readonly key: string;
  private readonly byName: ReadonlyMap<string, BoardCell>;

  constructor(source: LayoutSource) {
    const { files, ranks } = source;
    if (!Number.isInteger(files) || !Number.isInteger(ranks) || files < 1 || ranks < 1)
      throw new Error(`board size must be whole numbers of files and ranks, got ${files}x${ranks}`);
    if (files > 26 || ranks > 99)
      throw new Error(`board size ${files}x${ranks} is larger than square names allow (26x99)`);
    this.files = files;
    this.ranks = ranks;
    this.orientation = source.orientation;
    const byName = new Map<string, BoardCell>();
    for (const cell of source.cells) {
      if (!cell.exists) continue;
      const fr = parseSquare(cell.square);
      if (!fr || fr[0] >= files || fr[1] >= ranks)
        throw new Error(`cell '${cell.square}' is outside the ${files}x${ranks} board`);
      byName.set(cell.square, cell);
    }
    this.byName = byName;
    this.cells = [...byName.values()].sort((a, b) => {
      const pa = this.place(a.square);
      const pb = this.place(b.square);
      return pa.row - pb.row || pa.col - pb.col;
    });
    this.key = `${files}x${ranks}|${source.orientation}|${source.cells
      .map((c) => `${c.square}${c.exists ? '' : '!'}${c.citadelOwner ?? ''}${c.label ?? ''}`)
      .join(',')}`;
  }

  /** Whether the square is a cell of the board (not a hole, not outside). */
  has(square: string): boolean {
    return this.byName.has(square);
  }

  cell(square: string): BoardCell | undefined {
    return this.byName.get(square);
  }

  /** Where a square is drawn; a name that is no square is drawn at the top left. */
  place(square: string): Place {
    const [file, rank] = parseSquare(square) ?? [0, 0];
    return this.orientation === 'white'
      ? { col: file, row: this.ranks - 1 - rank }
      : { col: this.files - 1 - file, row: rank };
  }

  /** The square drawn at a column and row, or null outside the box (holes have names too). */
  squareAt(col: number, row: number): string | null {
    if (col < 0 || row < 0 || col >= this.files || row >= this.ranks) return null;
    return this.orientation === 'white'
      ? squareName(col, this.ranks - 1 - row)
      : squareName(this.files - 1 - col, row);
  }

  /** Rank numbers down the left side, top first. */
  rankCoords(): string[] {
    return Array.from({ length: this.ranks }, (_, row) =>
      String(this.orientation === 'white' ? this.ranks - row : row + 1),
    );
  }

  /** File letters along the bottom, left first. */
  fileCoords(): string[] {
    return Array.from({ length: this.files }, (_, col) =>
      this.squareAt(col, 0)!.replace(/\d+/, ''),
    );
  }

  /**
   * Where keyboard focus enters the board: the leftmost cell of the lowest drawn row that holds
   * a cell of the main area (not a citadel), so Tab lands among the pieces, not in a corner
   * citadel.
   */
  entrySquare(): string | null {
    const main = this.cells.filter((c) => !c.citadelOwner);
    const pool = main.length ? main : this.cells;
    let best: BoardCell | null = null;
    for (const c of pool) {
      if (!best) best = c;
      else {
        const p = this.place(c.square);
        const q = this.place(best.square);
        if (p.row > q.row || (p.row === q.row && p.col < q.col)) best = c;
      }
    }
    return best ? best.square : null;
  }
}
