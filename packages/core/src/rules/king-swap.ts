/** Tamerlane's once-per-game king swap (docs/rules.md §2). */
import { isAttacked } from '../attacks.ts';
import type { FastPosition } from '../fast-position.ts';
import { KING_SWAP, encodeMove } from '../move.ts';
import { KIND, pieceCode } from '../piece-kinds.ts';
import { royalSquare } from '../royalty.ts';
import { RIGHT_SWAP } from '../ruleset.ts';

/**
 * docs/rules.md §2 king swap, once per game: when the King is in check, or the player has no other
 * legal move, the King exchanges cells with any friendly piece on the main board, provided the
 * King is not attacked afterwards (even when a Prince exists).
 */
export function kingSwaps(
  pos: FastPosition,
  start: number,
  end: number,
  royal: number,
  checked: boolean,
): number {
  const rs = pos.rs;
  const us = pos.side;
  if ((pos.rights & RIGHT_SWAP[us]!) === 0) return end;
  const king = pos.kingSq[us]!;
  if (king < 0) return end;
  if (!((checked && royal === king) || end === start)) return end;
  const waiting = pieceCode(KIND.pawnOfPawnsWaiting, us);
  const kingCode = pos.board[king]!;
  let n = end;
  const partners: number[] = [];
  for (let i = 0; i < pos.pieceCount[us]!; i++) partners.push(pos.pieceAt(us, i));
  for (const p of partners) {
    if (p === king || !rs.geo.isMainBoard(p) || pos.board[p] === waiting) continue;
    if (rs.stop[pos.board[p]! * rs.size + king] !== 1 || rs.stop[kingCode * rs.size + p] !== 1)
      continue;
    const m = encodeMove(king, p, KING_SWAP);
    pos.make(m);
    const safe = !isAttacked(pos, p, us ^ 1);
    const r = royalSquare(pos, us);
    const legal = safe && (r < 0 || r === p || !isAttacked(pos, r, us ^ 1));
    pos.unmake(m);
    if (legal) pos.moves[n++] = m;
  }
  return n;
}
