/**
 * Option `citadel-claim-or-swap` (docs/rules.md §2): a royal entering the enemy citadel may,
 * instead of claiming the draw, swap with its Prince or Adventitious King and play on.
 */
import type { FastPosition } from '../fast-position.ts';
import { CITADEL_SWAP, NORMAL, encodeMove, moveFlag, moveFrom, moveTo } from '../move.ts';
import { KIND } from '../piece-kinds.ts';
import { legalByMaking } from '../royalty.ts';

/** Option `citadel-claim-or-swap`: each legal royal entry into the enemy citadel may also swap. */
const KING_PARTNERS = [KIND.prince, KIND.adventitiousKing];
const PRINCE_PARTNERS = [KIND.adventitiousKing];

export function citadelSwaps(pos: FastPosition, start: number, end: number): number {
  const rs = pos.rs;
  const us = pos.side;
  let n = end;
  for (let i = start; i < end; i++) {
    const m = pos.moves[i]!;
    const from = moveFrom(m);
    const to = moveTo(m);
    if (moveFlag(m) !== NORMAL || rs.citadelDrawCode[pos.board[from]!] !== 1) continue;
    if (rs.geo.citadelOwner[to] !== (us ^ 1)) continue;
    // "exchange that king with his Prince or Adventitious King": the King with either, the Prince
    // with the Adventitious King; the partner stands on the main board.
    const partners = pos.board[from] === rs.kingCode[us] ? KING_PARTNERS : PRINCE_PARTNERS;
    for (const kind of partners) {
      const partner = pos.findPartner(us, kind);
      if (partner < 0 || !rs.geo.isMainBoard(partner)) continue;
      const swap = encodeMove(from, to, CITADEL_SWAP, kind);
      if (legalByMaking(pos, swap)) pos.moves[n++] = swap;
    }
  }
  return n;
}
