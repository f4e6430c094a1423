/**
 * "Is this cell attacked by that colour?" — the check test behind every legality decision.
 * Works backwards from the cell with the compiled reverse tables: leaps (pawn captures
 * included), rays (sliders from distance 1, picket and crocodile from distance 2), the giraffe's
 * bent path, and the All-Seeing Eye's diagonals. A piece attacks a cell only if it may stop
 * there (docs/rules.md §2: a piece attacks a citadel cell only where it may stop).
 */
import type { FastPosition } from './fast-position.ts';
import { STRIDE } from './geometry.ts';
import { EMPTY } from './piece-kinds.ts';
import { RAY_OFFSETS } from './ruleset.ts';

const ORTHOGONAL_OFFSETS = [1, -1, STRIDE, -STRIDE] as const;
/** For each orthogonal direction, the perpendicular unit offset. */
const PERPENDICULAR = [STRIDE, STRIDE, 1, 1] as const;

export function isAttacked(pos: FastPosition, sq: number, by: number): boolean {
  const rs = pos.rs;
  const board = pos.board;
  if (rs.eyeAttacked !== null && rs.eyeAttacked[sq] === 1) return true;
  const size = rs.size;
  const stop = rs.stop;

  const offs = rs.leapAttackOff[by]!;
  const mask = rs.leapAttackMask[by]!;
  for (let i = 0; i < offs.length; i++) {
    const c = board[sq - offs[i]!]!;
    if (mask[(i << 8) | c] === 1 && stop[c * size + sq] === 1) return true;
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
      stop[c * size + sq] === 1
    )
      return true;
  }

  if (rs.giraffeColors[by] === 1) {
    for (let i = 0; i < 4; i++) {
      const e = ORTHOGONAL_OFFSETS[i]!;
      const perp = PERPENDICULAR[i]!;
      let s = sq + e;
      for (let dist = 1; board[s] === EMPTY; dist++, s += e) {
        if (dist < 3) continue;
        // s is the giraffe's first (diagonal) cell; the giraffe stands one step further on, to either side.
        const g1 = board[s + e + perp]!;
        const g2 = board[s + e - perp]!;
        if (
          (rs.giraffe[g1] === 1 && (g1 & 1) === by && stop[g1 * size + sq] === 1) ||
          (rs.giraffe[g2] === 1 && (g2 & 1) === by && stop[g2 * size + sq] === 1)
        )
          return true;
      }
    }
  }
  return false;
}

/** What a royal piece is worth to the exchange evaluation: it may capture last only. */
export const ROYAL_VALUE = 20000;

/**
 * The cells of every piece of colour `by` that attacks `sq` (may capture there), written into
 * `out` from index 0 in a fixed order (leaps, rays, giraffes); returns how many. The same
 * reverse probes as `isAttacked`, without the Eye's (it is no piece on a cell).
 */
export function attackerCells(pos: FastPosition, sq: number, by: number, out: Int16Array): number {
  const rs = pos.rs;
  const board = pos.board;
  const size = rs.size;
  const stop = rs.stop;
  let n = 0;
  const offs = rs.leapAttackOff[by]!;
  const mask = rs.leapAttackMask[by]!;
  for (let i = 0; i < offs.length; i++) {
    const s = sq - offs[i]!;
    const c = board[s]!;
    if (mask[(i << 8) | c] === 1 && stop[c * size + sq] === 1) out[n++] = s;
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
      stop[c * size + sq] === 1
    )
      out[n++] = s;
  }
  if (rs.giraffeColors[by] === 1) {
    for (let i = 0; i < 4; i++) {
      const e = ORTHOGONAL_OFFSETS[i]!;
      const perp = PERPENDICULAR[i]!;
      let s = sq + e;
      for (let dist = 1; board[s] === EMPTY; dist++, s += e) {
        if (dist < 3) continue;
        for (let side = -1; side <= 1; side += 2) {
          const g = s + e + side * perp;
          const c = board[g]!;
          if (rs.giraffe[c] === 1 && (c & 1) === by && stop[c * size + sq] === 1) out[n++] = g;
        }
      }
    }
  }
  return n;
}

/** Scratch list of attacker cells (`attackerCells`): more than any side has pieces. */
const ATTACKERS = new Int16Array(256);

/**
 * The cell of the least valuable piece of colour `by` that may capture on `sq`, or -1 (static
 * exchange evaluation); the first found among equals. `value` rates piece codes and pieces
 * marked in `kingLike` count as ROYAL_VALUE.
 */
export function leastValuableAttacker(
  pos: FastPosition,
  sq: number,
  by: number,
  value: Int32Array,
  kingLike: Uint8Array,
): number {
  const board = pos.board;
  const n = attackerCells(pos, sq, by, ATTACKERS);
  let best = -1;
  let bestValue = Infinity;
  for (let i = 0; i < n; i++) {
    const s = ATTACKERS[i]!;
    const c = board[s]!;
    const v = kingLike[c] ? ROYAL_VALUE : value[c]!;
    if (v < bestValue) {
      bestValue = v;
      best = s;
    }
  }
  return best;
}
