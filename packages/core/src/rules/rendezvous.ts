/**
 * Persian rendezvous (docs/rules.md §4), once per game per player: the Princess (Champion in
 * Oriental Omega) on g2 / g10 exchanges cells with a friendly Bishop on h2 / h10; illegal if it
 * leaves the king in check.
 */
import type { FastPosition } from '../fast-position.ts';
import { RENDEZVOUS, encodeMove } from '../move.ts';
import { legalByMaking } from '../royalty.ts';

export function rendezvousMove(pos: FastPosition, start: number): number {
  const r = pos.rs.rendezvous?.[pos.side];
  if (!r || (pos.rights & r.right) === 0) return start;
  if (pos.board[r.from] !== r.pieceCode || pos.board[r.to] !== r.partnerCode) return start;
  const m = encodeMove(r.from, r.to, RENDEZVOUS);
  if (!legalByMaking(pos, m)) return start;
  pos.moves[start] = m;
  return start + 1;
}
