/** The vocabulary of the board view: what it is told to draw and what it reports. No rules here. */

export const SIDES = ['white', 'black'] as const;
export type Side = (typeof SIDES)[number];

/** One cell of the bounding box. Cells that do not exist (holes) are not drawn at all. */
export interface BoardCell {
  /** Square name in bounding-box coordinates: file letter from `a`, rank from 1 (`a10`). */
  readonly square: string;
  readonly exists: boolean;
  /** Set on a citadel: whose it is. */
  readonly citadelOwner?: Side | undefined;
  /** A short visible mark on the cell (e.g. `eye`), also read out by screen readers. */
  readonly label?: string | undefined;
}

export interface BoardPiece {
  readonly square: string;
  readonly color: Side;
  /** Picture to draw (a key of the piece set, e.g. `knight`, `pawnOfKings`). */
  readonly kind: string;
  /** Short text (letter) drawn when the piece set has no picture for `kind`. */
  readonly text: string;
  /** Name for people (`pawn of kings`); defaults to `kind`. */
  readonly name?: string | undefined;
}

export interface BoardMove {
  readonly from: string;
  readonly to: string;
}

export interface BoardState {
  readonly files: number;
  readonly ranks: number;
  readonly cells: readonly BoardCell[];
  readonly pieces: readonly BoardPiece[];
  /** The side drawn at the bottom. */
  readonly orientation: Side;
  readonly lastMove?: BoardMove | undefined;
  /** A suggested move to mark (a hint), drawn with an outline on both cells. */
  readonly hint?: BoardMove | undefined;
  /** Squares to mark as in check. */
  readonly check?: readonly string[] | undefined;
  /**
   * Squares to mark as reachable without any selection (a diagram of one piece's moves), drawn
   * like legal targets and read out as `reachable`.
   */
  readonly marked?: readonly string[] | undefined;
  /** Where the piece on `from` may go; empty when it may not move (or it is not the user's turn). */
  readonly legalTargets: (from: string) => readonly string[];
}

export interface BoardOptions {
  /** The user moved a piece (by click-click, drag or keyboard) to one of its legal targets. */
  readonly onMove: (from: string, to: string) => void;
  /**
   * The user pressed a cell (click, tap, Enter or Space) that neither starts nor ends a move: one
   * whose piece has no legal target and that is no target of the selected piece.
   */
  readonly onSquare?: (square: string) => void;
  /** The pointer or keyboard focus is over a cell (null when it leaves the board). */
  readonly onHover?: (square: string | null, piece: BoardPiece | null) => void;
  /** Accessible name of the board. */
  readonly label?: string;
  /** Animation length in ms (0 = none). */
  readonly animationMs?: number;
}
