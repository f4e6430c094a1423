/**
 * Static exchange evaluation: the material balance of the capture sequence on one cell when both
 * sides always recapture with their least valuable attacker. Works for every piece of every
 * variant through the core's reverse attack tables, with x-rays found by re-probing after each
 * capture (the capturer leaves its cell, which may open a line).
 */
import {
  EMPTY,
  EN_PASSANT,
  RAY_OFFSETS,
  STRIDE,
  moveFlag,
  moveFrom,
  moveTo,
  type FastPosition,
} from '@citadel/core';

const ORTHOGONAL = [1, -1, STRIDE, -STRIDE] as const;
const PERPENDICULAR = [STRIDE, STRIDE, 1, 1] as const;
const ROYAL_VALUE = 20000;

/** The cell of the least valuable piece of colour `by` that may capture on `sq`, or -1. */
export function leastValuableAttacker(
  pos: FastPosition,
  sq: number,
  by: number,
  value: Int32Array,
  kingLike: Uint8Array,
): number {
  const rs = pos.rs;
  const board = pos.board;
  const size = rs.size;
  let best = -1;
  let bestValue = Infinity;
  const offs = rs.leapAttackOff[by]!;
  const mask = rs.leapAttackMask[by]!;
  for (let i = 0; i < offs.length; i++) {
    const s = sq - offs[i]!;
    const c = board[s]!;
    if (mask[(i << 8) | c] === 1 && rs.stop[c * size + sq] === 1) {
      const v = kingLike[c] ? ROYAL_VALUE : value[c]!;
      if (v < bestValue) {
        bestValue = v;
        best = s;
      }
    }
  }
  const dirs = rs.slideDirections[by]!;
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i]!;
    const off = RAY_OFFSETS[d]!;
    let s = sq - off;
    let dist = 1;
    while (board[s] === EMPTY) {
      s -= off;
      dist++;
    }
    const c = board[s]!;
    if ((c & 1) !== by) continue;
    if (
      (rs.slideAttack1[(d << 8) | c] === 1 || (dist >= 2 && rs.slideAttack2[(d << 8) | c] === 1)) &&
      rs.stop[c * size + sq] === 1
    ) {
      const v = kingLike[c] ? ROYAL_VALUE : value[c]!;
      if (v < bestValue) {
        bestValue = v;
        best = s;
      }
    }
  }
  if (rs.giraffeColors[by] === 1) {
    for (let i = 0; i < 4; i++) {
      const e = ORTHOGONAL[i]!;
      const perp = PERPENDICULAR[i]!;
      let s = sq + e;
      for (let dist = 1; board[s] === EMPTY; dist++, s += e) {
        if (dist < 3) continue;
        for (let side = -1; side <= 1; side += 2) {
          const g = s + e + side * perp;
          const c = board[g]!;
          if (rs.giraffe[c] === 1 && (c & 1) === by && rs.stop[c * size + sq] === 1) {
            const v = value[c]!;
            if (v < bestValue) {
              bestValue = v;
              best = g;
            }
          }
        }
      }
    }
  }
  return best;
}

const gain = new Int32Array(64);
const removedSq = new Int32Array(64);
const removedCode = new Int32Array(64);

/** Material result of `move` for the mover after the best exchange sequence on its target cell. */
export function see(
  pos: FastPosition,
  move: number,
  value: Int32Array,
  kingLike: Uint8Array,
): number {
  const board = pos.board;
  const from = moveFrom(move);
  const to = moveTo(move);
  const us = pos.side;
  let victim = board[to]!;
  let captureSq = to;
  if (moveFlag(move) === EN_PASSANT) {
    captureSq = to - (us === 0 ? STRIDE : -STRIDE);
    victim = board[captureSq]!;
  }
  let n = 0;
  const remove = (s: number): void => {
    removedSq[n] = s;
    removedCode[n] = board[s]!;
    board[s] = EMPTY;
    n++;
  };
  gain[0] = victim === EMPTY ? 0 : kingLike[victim] ? ROYAL_VALUE : value[victim]!;
  let onTarget = board[from]!;
  if (captureSq !== to) remove(captureSq);
  remove(from);
  let side = us ^ 1;
  let d = 0;
  while (d < 62) {
    const attacker = leastValuableAttacker(pos, to, side, value, kingLike);
    if (attacker < 0) break;
    d++;
    gain[d] = (kingLike[onTarget] ? ROYAL_VALUE : value[onTarget]!) - gain[d - 1]!;
    onTarget = board[attacker]!;
    remove(attacker);
    side ^= 1;
  }
  while (n > 0) {
    n--;
    board[removedSq[n]!] = removedCode[n]!;
  }
  while (d > 0) {
    gain[d - 1] = -Math.max(-gain[d - 1]!, gain[d]!);
    d--;
  }
  return gain[0]!;
}
