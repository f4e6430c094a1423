/** Public API of the Citadel board view (rules-agnostic, DOM only). */
export { Board, createBoard, cellLabel, parseSquare, squareName } from './board.ts';
export { pieceSvg, DRAWN_KINDS } from './pieces.ts';
export type { PieceColor } from './pieces.ts';
export { BOARD_CSS } from './style.ts';
export { SIDES } from './types.ts';
export type { BoardCell, BoardMove, BoardOptions, BoardPiece, BoardState, Side } from './types.ts';
