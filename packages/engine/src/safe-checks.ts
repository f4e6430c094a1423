/**
 * Safe checks (search step 8, Stockfish's rules): a check is *safe* when it is a discovered check
 * or when the checking piece survives the exchange on its cell (SEE >= 0). The search neither
 * prunes safe checks as futile nor extends checks that are not safe: mating nets are made of
 * quiet safe checks, while spite checks would deepen every line.
 */
import { EMPTY, inCheck, moveTo, type FastPosition } from '@citadel/core';
import type { EvalTables } from './eval-tables.ts';
import { see } from './see.ts';

/** Whether move `m`, legal and not yet made in `pos`, gives a safe check. */
export function givesSafeCheck(pos: FastPosition, m: number, t: EvalTables): boolean {
  pos.make(m);
  const check = inCheck(pos);
  const discovered = check && isDiscoveredCheck(pos, m);
  pos.unmake(m);
  return check && (discovered || keepsMovedPiece(pos, m, t));
}

/** Whether move `m`, just made in `pos` and giving check, gave a safe check. */
export function playedCheckIsSafe(pos: FastPosition, m: number, t: EvalTables): boolean {
  if (isDiscoveredCheck(pos, m)) return true;
  pos.unmake(m);
  const safe = keepsMovedPiece(pos, m, t);
  pos.make(m);
  return safe;
}

/** With `m` just made: whether the side to move would be in check even without the moved piece. */
function isDiscoveredCheck(pos: FastPosition, m: number): boolean {
  const board = pos.board;
  const to = moveTo(m);
  const code = board[to]!;
  board[to] = EMPTY;
  const discovered = inCheck(pos);
  board[to] = code;
  return discovered;
}

/** With `m` not yet made: whether the exchange on its target cell does not lose material (SEE). */
function keepsMovedPiece(pos: FastPosition, m: number, t: EvalTables): boolean {
  return see(pos, m, t.valueMg, t.kingLike) >= 0;
}
