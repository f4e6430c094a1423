/**
 * Mobility for the evaluation: how many cells each piece (not pawns, not royals) could move to —
 * its leaps and slides from the compiled tables, counted without writing moves. The giraffe's
 * bent move and the move-only/capture-only distinctions of fairy leapers are counted like the
 * generator does; legality (pins) is ignored, as usual for this term.
 */
import { EMPTY, OFF, STRIDE, type FastPosition } from '@citadel/core';

const DIAGONAL_STEPS = [STRIDE + 1, STRIDE - 1, -STRIDE + 1, -STRIDE - 1] as const;
const MODE_MOVE = 1;
const MODE_CAPTURE = 2;

/** Sum over colour `c`'s pieces with a phase weight (pieces, not pawns or royals) of their moves. */
export function mobility(pos: FastPosition, c: number, phaseWeight: Int32Array): number {
  const rs = pos.rs;
  const board = pos.board;
  const size = rs.size;
  const stop = rs.stop;
  let total = 0;
  const count = pos.pieceCount[c]!;
  for (let i = 0; i < count; i++) {
    const from = pos.pieceAt(c, i);
    const code = board[from]!;
    if (phaseWeight[code]! <= 0) continue;
    const base = code * size;
    for (let j = rs.leapStart[code]!, end = rs.leapEnd[code]!; j < end; j++) {
      const to = from + rs.leapOff[j]!;
      const t = board[to]!;
      if (t === EMPTY) {
        if (rs.leapMode[j] !== MODE_CAPTURE && stop[base + to] === 1) total++;
      } else if (
        t !== OFF &&
        (t & 1) !== c &&
        rs.leapMode[j] !== MODE_MOVE &&
        stop[base + to] === 1
      )
        total++;
    }
    for (let j = rs.slideStart[code]!, end = rs.slideEnd[code]!; j < end; j++) {
      const off = rs.slideOff[j]!;
      let to = from + off;
      if (rs.slideMin[j] === 2) {
        if (board[to] !== EMPTY) continue;
        to += off;
      }
      for (;;) {
        const t = board[to]!;
        if (t === EMPTY) {
          total += stop[base + to]!;
          to += off;
          continue;
        }
        if (t !== OFF && (t & 1) !== c) total += stop[base + to]!;
        break;
      }
    }
    if (rs.giraffe[code] === 1) {
      for (let k = 0; k < 4; k++) {
        const d = from + DIAGONAL_STEPS[k]!;
        if (board[d] === EMPTY) total += 2; // a free first step: roughly two outward lines
      }
    }
  }
  return total;
}
