/** Castling (Persian Chess docs/rules.md §4, FIDE chess): generated only when not in check. */
import { isAttacked } from '../attacks.ts';
import type { FastPosition } from '../fast-position.ts';
import { CASTLE, encodeMove } from '../move.ts';
import { EMPTY, KIND, pieceCode } from '../piece-kinds.ts';

export function castlingMoves(pos: FastPosition, start: number): number {
  const rs = pos.rs;
  const us = pos.side;
  let n = start;
  const rook = pieceCode(KIND.rook, us);
  const sides = rs.castling[us]!;
  for (let i = 0; i < sides.length; i++) {
    const side = sides[i]!;
    if ((pos.rights & side.right) === 0) continue;
    if (pos.board[side.kingFrom] !== rs.kingCode[us] || pos.board[side.rookFrom] !== rook) continue;
    if (!allEmpty(pos, side.empty) || anyAttacked(pos, side.safe, us ^ 1)) continue;
    pos.moves[n++] = encodeMove(
      side.kingFrom,
      side.kingTo,
      CASTLE,
      side.kingTo > side.kingFrom ? 1 : 0,
    );
  }
  return n;
}

function allEmpty(pos: FastPosition, cells: readonly number[]): boolean {
  for (let i = 0; i < cells.length; i++) if (pos.board[cells[i]!] !== EMPTY) return false;
  return true;
}

function anyAttacked(pos: FastPosition, cells: readonly number[], by: number): boolean {
  for (let i = 0; i < cells.length; i++) if (isAttacked(pos, cells[i]!, by)) return true;
  return false;
}
