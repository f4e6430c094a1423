/** Castling (Persian Chess RULES.md §4, FIDE chess): generated only when not in check. */
import { isAttacked } from '../attacks.ts';
import type { FastPosition } from '../fast-position.ts';
import { CASTLE, encodeMove } from '../move.ts';
import { EMPTY, KIND, pieceCode } from '../piece-kinds.ts';

export function castlingMoves(pos: FastPosition, start: number): number {
  const rs = pos.rs;
  const us = pos.side;
  let n = start;
  const rook = pieceCode(KIND.rook, us);
  for (const side of rs.castling[us]!) {
    if ((pos.rights & side.right) === 0) continue;
    if (pos.board[side.kingFrom] !== rs.kingCode[us] || pos.board[side.rookFrom] !== rook) continue;
    if (side.empty.some((s) => pos.board[s] !== EMPTY)) continue;
    if (side.safe.some((s) => isAttacked(pos, s, us ^ 1))) continue;
    pos.moves[n++] = encodeMove(
      side.kingFrom,
      side.kingTo,
      CASTLE,
      side.kingTo > side.kingFrom ? 1 : 0,
    );
  }
  return n;
}
