/** The vocabulary of the board view: what it is told to draw and what it reports. No rules here. */
import type { BoardShape } from './shapes.ts';
import type { BoardAppearance } from './themes.ts';

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
  /**
   * Where the piece on `from` may be premoved while it is not the user's turn (asked only when
   * `legalTargets` is empty). The user picks one; the board shows it and reports `onPremove`.
   */
  readonly premoveTargets?: ((from: string) => readonly string[]) | undefined;
  /** The app's arrows and circles (an engine's best move), drawn under the user's own. */
  readonly shapes?: readonly BoardShape[] | undefined;
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
  /**
   * Animation length in ms (0 = none). Unset: 220 ms, or none when the visitor's system asks for
   * reduced motion (the `prefers-reduced-motion: reduce` media feature).
   */
  readonly animationMs?: number;
  /**
   * The user set a premove (from `premoveTargets`), or cancelled it (null: a press on a cell
   * that picks nothing up, or Escape). The board keeps showing it until `clearPremove()`.
   */
  readonly onPremove?: (premove: BoardMove | null) => void;
  /** The user's own arrows and circles changed (drawn with the right button, or cleared). */
  readonly onShapes?: (shapes: readonly BoardShape[]) => void;
  /** The starting theme, piece scheme and dark mode (see `setAppearance`). */
  readonly appearance?: Partial<BoardAppearance>;
}
