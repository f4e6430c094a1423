/**
 * A shortcut of the legality filter for a royal in check from one piece: an ordinary move of
 * another piece can only be legal if it lands on the checker (capturing it) or on a cell the
 * check passes through (blocking it). Those cells are marked once per node; every other such
 * move is rejected without a board test. The marked ones still get the full test of
 * legality.ts, so this changes no result, only how fast the evasions are found.
 *
 * The checkers are found with the same reverse probes as `isAttacked` (attacks.ts): leaps, rays
 * (sliders from distance 1, picket and crocodile from distance 2), and the giraffe's bent path.
 * Where the shortcut cannot be sure (no checker found, two or more checkers, a royal on a cell
 * the All-Seeing Eye attacks) it declines and every move is tested on the board as before.
 */
import type { FastPosition } from './fast-position.ts';
import { STRIDE } from './geometry.ts';
import { isLegal } from './legality.ts';
import { DOUBLE_STEP, NORMAL, PROMOTE, moveFlag, moveFrom, moveTo } from './move.ts';
import { EMPTY } from './piece-kinds.ts';
import { RAY_OFFSETS } from './ruleset.ts';

const ORTHOGONAL_OFFSETS = [1, -1, STRIDE, -STRIDE] as const;
/** For each orthogonal direction, the perpendicular unit offset. */
const PERPENDICULAR = [STRIDE, STRIDE, 1, 1] as const;

/**
 * Marks with `stamp` (in `pos.pinStamp`) the cells where a move of a piece other than the royal
 * may end the check on `royal` by the side not to move: the checker's cell and the empty cells
 * between it and the royal. Returns false, with the marks meaningless, unless exactly one
 * checker was found.
 */
export function markEvasionCells(pos: FastPosition, royal: number, stamp: number): boolean {
  const rs = pos.rs;
  if (rs.eyeAttacked !== null && rs.eyeAttacked[royal] === 1) return false;
  const board = pos.board;
  const by = pos.side ^ 1;
  const size = rs.size;
  const stop = rs.stop;
  const marks = pos.pinStamp;
  let checkers = 0;

  const offs = rs.leapAttackOff[by]!;
  const mask = rs.leapAttackMask[by]!;
  for (let i = 0; i < offs.length; i++) {
    const s = royal - offs[i]!;
    const c = board[s]!;
    if (mask[(i << 8) | c] === 1 && stop[c * size + royal] === 1) {
      if (++checkers > 1) return false;
      marks[s] = stamp;
    }
  }

  const dirs = rs.slideDirections[by]!;
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i]!;
    const off = RAY_OFFSETS[d]!;
    let s = royal - off;
    let dist = 1;
    while (board[s] === EMPTY) {
      s -= off;
      dist++;
    }
    const c = board[s]!;
    if ((c & 1) !== by) continue;
    if (
      (rs.slideAttack1[(d << 8) | c] === 1 || (dist >= 2 && rs.slideAttack2[(d << 8) | c] === 1)) &&
      stop[c * size + royal] === 1
    ) {
      if (++checkers > 1) return false;
      for (let t = royal - off; t !== s; t -= off) marks[t] = stamp;
      marks[s] = stamp;
    }
  }

  if (rs.giraffeColors[by] === 1) {
    for (let i = 0; i < 4; i++) {
      const e = ORTHOGONAL_OFFSETS[i]!;
      const perp = PERPENDICULAR[i]!;
      let s = royal + e;
      for (let dist = 1; board[s] === EMPTY; dist++, s += e) {
        if (dist < 3) continue;
        // s is the giraffe's first (diagonal) cell; the giraffe stands one step further on, to either side.
        for (let side = -1; side <= 1; side += 2) {
          const g = s + e + side * perp;
          const c = board[g]!;
          if (rs.giraffe[c] !== 1 || (c & 1) !== by || stop[c * size + royal] !== 1) continue;
          if (++checkers > 1) return false;
          for (let t = royal + e; t !== s + e; t += e) marks[t] = stamp;
          marks[g] = stamp;
        }
      }
    }
  }
  return checkers === 1;
}

/**
 * Legality of a pseudo-legal move while `royal` is in check from one piece whose evasion cells
 * carry `stamp` (`markEvasionCells`): an ordinary move of another piece that lands elsewhere
 * is illegal at once; everything else is tested on the board (`isLegal`).
 */
export function isLegalEvasion(
  pos: FastPosition,
  move: number,
  royal: number,
  stamp: number,
): boolean {
  const flag = moveFlag(move);
  if (
    moveFrom(move) !== royal &&
    (flag === NORMAL || flag === DOUBLE_STEP || (flag === PROMOTE && !pos.rs.royalPool)) &&
    pos.pinStamp[moveTo(move)] !== stamp
  )
    return false;
  return isLegal(pos, move, royal, true, stamp);
}
