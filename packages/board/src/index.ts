/** Public API of the Citadel board view (rules-agnostic, DOM only). */
export { Board, createBoard, MAX_ZOOM } from './board.ts';
export { cellLabel } from './cells-view.ts';
export { parseSquare, squareName } from './squares.ts';
export { BoardLayout } from './layout.ts';
export type { LayoutSource, Place } from './layout.ts';
export { arrowTarget, isArrowKey, reachableByArrows, ARROW_KEYS } from './keyboard-nav.ts';
export type { ArrowKey } from './keyboard-nav.ts';
export { Selection } from './selection.ts';
export type { PressOutcome, PickMode, TargetSource } from './selection.ts';
export { BRUSHES, brushFor, isBrush, toggleShape } from './shapes.ts';
export type { BoardShape, Brush } from './shapes.ts';
export {
  BOARD_THEMES,
  PIECE_SCHEMES,
  DEFAULT_APPEARANCE,
  applyAppearance,
  isBoardThemeId,
  isPieceSchemeId,
  mergeAppearance,
} from './themes.ts';
export type {
  BoardAppearance,
  BoardTheme,
  BoardThemeId,
  PieceScheme,
  PieceSchemeId,
} from './themes.ts';
export { badgeText, pieceSvg, DRAWN_KINDS } from './pieces.ts';
export type { PieceColor } from './pieces.ts';
export { BOARD_CSS } from './style.ts';
export { SIDES } from './types.ts';
export type { BoardCell, BoardMove, BoardOptions, BoardPiece, BoardState, Side } from './types.ts';
