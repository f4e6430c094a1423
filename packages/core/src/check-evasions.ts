/**
 * A shortcut of the legality filter for a royal in check from one piece: an ordinary move of
 * another piece can only be legal if it lands on the checker (capturing it) or on a cell the
 * check passes through (blocking it). Those cells are marked once per node; every other such
 * move is rejected without a board test. The marked ones still get the full test of
 * legality.ts, so this changes no result, only how fast the evasions are found.
 *
 * The checker is found by `attackerCells` (attacks.ts). Where the shortcut cannot be sure (no
 * checker found, two or more, a royal on a cell the All-Seeing Eye attacks) it declines and
 * every move is tested on the board as before.
 */
import { attackerCells } from './attacks.ts';
import type { FastPosition } from './fast-position.ts';
import { STRIDE } from './geometry.ts';
import { isLegal, isPlainMove } from './legality.ts';
import { moveFlag, moveFrom, moveTo } from './move.ts';

/** Scratch list of checker cells: more than any side has pieces. */
const CHECKERS = new Int16Array(256);

/**
 * Marks with `stamp` (in `pos.pinStamp`) the cells where a move of a piece other than the royal
 * may end the check on `royal` by the side not to move: the checker's cell and the cells its
 * attack crosses — every cell between it and the royal on a shared line, or the giraffe's bent
 * path (docs/rules.md §2: a diagonal step, then straight on to the royal). Marking more cells than
 * needed only costs board tests. Returns false, the marks meaningless, unless there is exactly
 * one checker.
 */
export function markEvasionCells(pos: FastPosition, royal: number, stamp: number): boolean {
  const rs = pos.rs;
  if (rs.eyeAttacked !== null && rs.eyeAttacked[royal] === 1) return false;
  if (attackerCells(pos, royal, pos.side ^ 1, CHECKERS) !== 1) return false;
  const checker = CHECKERS[0]!;
  const marks = pos.pinStamp;
  marks[checker] = stamp;
  const df = rs.geo.fileOf(checker) - rs.geo.fileOf(royal);
  const dr = rs.geo.rankOf(checker) - rs.geo.rankOf(royal);
  // On a shared rank, file or diagonal: the cells between. Elsewhere only a giraffe's path
  // crosses cells: its first (diagonal) step lands next to it on the royal's file or rank, and
  // from there it runs straight to the royal.
  let step = 0;
  let last = checker;
  if (df === 0 || dr === 0 || Math.abs(df) === Math.abs(dr))
    step = Math.sign(dr) * STRIDE + Math.sign(df);
  else if (rs.giraffe[pos.board[checker]!] === 1) {
    step = Math.abs(df) === 1 ? Math.sign(dr) * STRIDE : Math.sign(df);
    last = Math.abs(df) === 1 ? royal + dr * STRIDE : royal + df;
  }
  if (step !== 0) for (let s = royal + step; s !== last; s += step) marks[s] = stamp;
  return true;
}

/**
 * Legality of a pseudo-legal move while `royal` is in check from one piece whose evasion cells
 * carry `stamp` (`markEvasionCells`): a plain move (`isPlainMove`) of another piece that lands
 * elsewhere is illegal at once; everything else is tested on the board (`isLegal`).
 */
export function isLegalEvasion(
  pos: FastPosition,
  move: number,
  royal: number,
  stamp: number,
): boolean {
  if (
    moveFrom(move) !== royal &&
    isPlainMove(pos, moveFlag(move)) &&
    pos.pinStamp[moveTo(move)] !== stamp
  )
    return false;
  return isLegal(pos, move, royal, true, stamp);
}
