/**
 * The legality filter: a pseudo-legal move is legal when it leaves no royal of the mover
 * attacked. Moves that neither move the royal nor start on a pin-candidate cell cannot expose it
 * (when it is not in check) and pass without a board test.
 */
import { isAttacked } from './attacks.ts';
import type { FastPosition } from './fast-position.ts';
import { STRIDE } from './geometry.ts';
import { DOUBLE_STEP, NORMAL, PROMOTE, moveFlag, moveFrom, moveTo } from './move.ts';
import { EMPTY, OFF } from './piece-kinds.ts';
import { legalByMaking } from './royalty.ts';
import { RAY_OFFSETS } from './ruleset.ts';

const ORTHOGONAL_OFFSETS = [1, -1, STRIDE, -STRIDE] as const;
/** For each orthogonal direction, the perpendicular unit offset. */
const PERPENDICULAR = [STRIDE, STRIDE, 1, 1] as const;

/**
 * Marks with `stamp` the friendly pieces that may be shielding `royal` from an enemy slider,
 * picket, crocodile or giraffe (pin candidates). Only their moves need a test on the board when
 * the royal is not in check; every other non-royal move keeps the royal safe.
 */
export function markPinCandidates(pos: FastPosition, royal: number, stamp: number): void {
  const rs = pos.rs;
  const board = pos.board;
  const us = pos.side;
  const them = us ^ 1;
  const pins = pos.pinStamp;
  const dirs = rs.slideDirections[them]!;
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i]!;
    const off = RAY_OFFSETS[d]!;
    let s = royal - off;
    let dist = 1;
    while (board[s] === EMPTY) {
      s -= off;
      dist++;
    }
    const own = board[s]!;
    if (own === OFF || (own & 1) !== us) continue;
    const shield = s;
    s -= off;
    dist++;
    while (board[s] === EMPTY) {
      s -= off;
      dist++;
    }
    const c = board[s]!;
    if (
      (c & 1) === them &&
      (rs.slideAttack1[(d << 8) | c] === 1 || (dist >= 2 && rs.slideAttack2[(d << 8) | c] === 1))
    )
      pins[shield] = stamp;
  }
  if (rs.giraffeColors[them] === 1) {
    for (let i = 0; i < 4; i++) {
      const e = ORTHOGONAL_OFFSETS[i]!;
      const perp = PERPENDICULAR[i]!;
      let shield = -1;
      for (let s = royal + e, dist = 1; ; s += e, dist++) {
        const c = board[s]!;
        if (c !== EMPTY) {
          if (c === OFF || (c & 1) !== us || shield >= 0) break;
          shield = s;
        }
        if (dist < 3 || shield < 0) continue;
        const g1 = board[s + e + perp]!;
        const g2 = board[s + e - perp]!;
        if (
          (rs.giraffe[g1] === 1 && (g1 & 1) === them) ||
          (rs.giraffe[g2] === 1 && (g2 & 1) === them)
        ) {
          pins[shield] = stamp;
          break;
        }
      }
    }
  }
}

/**
 * Whether a move with `flag` only takes a piece from one cell to another (capturing what stands
 * there), so that a test of the board with that one change decides its legality: not a
 * promotion that may create a Prince (docs/rules.md §2: then no royal is in check), nor a move with
 * side effects (en passant, swaps, relocations).
 */
export function isPlainMove(pos: FastPosition, flag: number): boolean {
  return flag === NORMAL || flag === DOUBLE_STEP || (flag === PROMOTE && !pos.rs.royalPool);
}

/**
 * Legality of a pseudo-legal move. `royal` is the mover's royal cell (-1: none to protect),
 * `checked` whether it is attacked now, `stamp` the mark of this node's pin candidates.
 */
export function isLegal(
  pos: FastPosition,
  move: number,
  royal: number,
  checked: boolean,
  stamp: number,
): boolean {
  if (royal < 0) return true;
  const from = moveFrom(move);
  const flag = moveFlag(move);
  const board = pos.board;
  const them = pos.side ^ 1;
  if (isPlainMove(pos, flag)) {
    const to = moveTo(move);
    if (from === royal) {
      const code = board[from]!;
      board[from] = EMPTY;
      const attacked = isAttacked(pos, to, them);
      board[from] = code;
      return !attacked;
    }
    if (!checked && pos.pinStamp[from] !== stamp) return true;
    const code = board[from]!;
    const captured = board[to]!;
    board[from] = EMPTY;
    board[to] = code;
    const attacked = isAttacked(pos, royal, them);
    board[from] = code;
    board[to] = captured;
    return !attacked;
  }
  return legalByMaking(pos, move);
}
