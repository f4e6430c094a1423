/**
 * Which piece must not be left attacked (docs/rules.md §0, and Tamerlane's royal pool §2), and the
 * check test by playing a move on the board.
 */
import { isAttacked } from './attacks.ts';
import type { FastPosition } from './fast-position.ts';

/** The royal cell that must not be left attacked, or -1 (Tamerlane with King and Prince both on board). */
export function royalSquare(pos: FastPosition, color: number): number {
  const k = pos.kingSq[color]!;
  if (!pos.rs.royalPool) return k;
  const h = pos.princeSq[color]!;
  if (k >= 0 && h >= 0) return -1;
  return k >= 0 ? k : h;
}

/** True when the side to move is in check. */
export function inCheck(pos: FastPosition): boolean {
  const r = royalSquare(pos, pos.side);
  return r >= 0 && isAttacked(pos, r, pos.side ^ 1);
}

/** Plays the move and asks whether the mover's royal is attacked afterwards. */
export function legalByMaking(pos: FastPosition, move: number): boolean {
  const us = pos.side;
  pos.make(move);
  const royal = royalSquare(pos, us);
  const legal = royal < 0 || !isAttacked(pos, royal, us ^ 1);
  pos.unmake(move);
  return legal;
}
