/**
 * Static exchange evaluation: the material balance of the capture sequence on one cell when both
 * sides always recapture with their least valuable attacker. Works for every piece of every
 * variant through the core's reverse attack tables, with x-rays found by re-probing after each
 * capture (the capturer leaves its cell, which may open a line).
 *
 * `see` computes the balance; `seeAtLeast` only whether it reaches a threshold, and stops probing
 * as soon as the answer is known (Stockfish's `see_ge`): the search only asks the sign.
 */
import {
  EMPTY,
  EN_PASSANT,
  ROYAL_VALUE,
  STRIDE,
  leastValuableAttacker,
  moveFlag,
  moveFrom,
  moveTo,
  type FastPosition,
} from '@citadel/core';

const gain = new Int32Array(64);
const removedSq = new Int32Array(64);
const removedCode = new Int32Array(64);

/** Lifts the piece on `s` off the board as removal number `n` (put back in reverse order); returns n + 1. */
function lift(board: Uint8Array, s: number, n: number): number {
  removedSq[n] = s;
  removedCode[n] = board[s]!;
  board[s] = EMPTY;
  return n + 1;
}

/** A piece code's worth in an exchange: a royal's is ROYAL_VALUE, an empty cell's 0. */
function worth(code: number, value: Int32Array, kingLike: Uint8Array): number {
  return code === EMPTY ? 0 : kingLike[code] ? ROYAL_VALUE : value[code]!;
}

/** Puts the `n` lifted pieces back, last lifted first. */
function putBack(board: Uint8Array, n: number): void {
  while (n > 0) {
    n--;
    board[removedSq[n]!] = removedCode[n]!;
  }
}

/** The cell whose piece `move` captures: its target, or the passed pawn's cell for en passant. */
function capturedCell(pos: FastPosition, move: number): number {
  const to = moveTo(move);
  if (moveFlag(move) !== EN_PASSANT) return to;
  return to - (pos.side === 0 ? STRIDE : -STRIDE);
}

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
  const captureSq = capturedCell(pos, move);
  const victim = board[captureSq]!;
  // Captured and capturing pieces are lifted off the board, so that lines through their cells open.
  let n = 0;
  gain[0] = worth(victim, value, kingLike);
  let onTarget = board[from]!;
  if (captureSq !== to) n = lift(board, captureSq, n);
  n = lift(board, from, n);
  let side = pos.side ^ 1;
  let d = 0;
  while (d < 62) {
    const attacker = leastValuableAttacker(pos, to, side, value, kingLike);
    if (attacker < 0) break;
    d++;
    gain[d] = worth(onTarget, value, kingLike) - gain[d - 1]!;
    onTarget = board[attacker]!;
    n = lift(board, attacker, n);
    side ^= 1;
  }
  putBack(board, n);
  while (d > 0) {
    gain[d - 1] = -Math.max(-gain[d - 1]!, gain[d]!);
    d--;
  }
  return gain[0]!;
}

/**
 * Whether `see(pos, move, value, kingLike) >= threshold`, probing only as far as needed. `swap` is
 * the balance the side that just captured must keep, as seen by the side about to recapture;
 * `atLeast` flips with each capture (the side that captured last holds the threshold unless the
 * next recapture pays). The same exchange sequence and the same tie order as `see`.
 */
export function seeAtLeast(
  pos: FastPosition,
  move: number,
  threshold: number,
  value: Int32Array,
  kingLike: Uint8Array,
): boolean {
  const board = pos.board;
  const captureSq = capturedCell(pos, move);
  let swap = worth(board[captureSq]!, value, kingLike) - threshold;
  if (swap < 0) return false;
  const from = moveFrom(move);
  swap = worth(board[from]!, value, kingLike) - swap;
  if (swap <= 0) return true;
  const to = moveTo(move);
  let n = 0;
  if (captureSq !== to) n = lift(board, captureSq, n);
  n = lift(board, from, n);
  let side = pos.side ^ 1;
  let atLeast = 1;
  for (let d = 0; d < 62; d++) {
    const attacker = leastValuableAttacker(pos, to, side, value, kingLike);
    if (attacker < 0) break;
    atLeast ^= 1;
    swap = worth(board[attacker]!, value, kingLike) - swap;
    if (swap < atLeast) break;
    n = lift(board, attacker, n);
    side ^= 1;
  }
  putBack(board, n);
  return atLeast === 1;
}
