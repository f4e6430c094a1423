/** Shatranj's bare-king rule (docs/rules.md §5b, as Fairy-Stockfish plays it). */
import type { FastPosition } from '../fast-position.ts';

/**
 * Shatranj's bare-king rule as Fairy-Stockfish plays it: the side not to move, left with its king
 * alone, has lost when the side to move has more; the side to move, left bare, has lost only
 * when it cannot bare the opponent in reply (the opponent has two or more pieces besides the
 * king). Two bare kings play on. Returns the losing colour or -1.
 */
export function bareKingLoser(pos: FastPosition): number {
  const us = pos.side;
  const them = us ^ 1;
  const mine = pos.pieceCount[us]!;
  const theirs = pos.pieceCount[them]!;
  if (theirs === 1 && mine >= 2) return them;
  if (mine === 1 && theirs >= 3) return us;
  return -1;
}
