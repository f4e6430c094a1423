/**
 * Pseudo-legal moves from the compiled tables: leaps, slides (pickets and crocodiles from
 * distance 2 with an empty first cell), the giraffe's bent move, and pawns with their variant
 * rules (double step, en passant, promotion choices, Tamerlane tags and the pawn of pawns' stages).
 */
import { MODE_CAPTURE, MODE_MOVE } from './betza.ts';
import type { FastPosition } from './fast-position.ts';
import { STRIDE } from './geometry.ts';
import { DOUBLE_STEP, EN_PASSANT, PAWN_OF_PAWNS_RETURN, PROMOTE, encodeMove } from './move.ts';
import { EMPTY, KIND, OFF } from './piece-kinds.ts';

const DIAGONAL_STEPS = [STRIDE + 1, STRIDE - 1, -STRIDE + 1, -STRIDE - 1] as const;

/**
 * Pseudo-legal moves of the side to move (ordinary movement, pawns, promotions, en passant).
 * With `tacticalOnly`, only captures and pawn arrivals on the promotion zone (the moves a
 * quiescence search looks at).
 */
export function generatePseudo(pos: FastPosition, start: number, tacticalOnly = false): number {
  const us = pos.side;
  let n = start;
  const count = pos.pieceCount[us]!;
  for (let i = 0; i < count; i++) n = pieceMoves(pos, pos.pieceAt(us, i), n, tacticalOnly);
  return n;
}

/** The pseudo-legal moves of the piece of the side to move on `from`, written from `start`. */
export function pieceMoves(
  pos: FastPosition,
  from: number,
  start: number,
  tacticalOnly: boolean,
): number {
  const rs = pos.rs;
  const board = pos.board;
  const buf = pos.moves;
  const stop = rs.stop;
  const us = pos.side;
  const code = board[from]!;
  const stopBase = code * rs.size;
  if (rs.isPawn[code] === 1) return pawnMoves(pos, from, code, start, tacticalOnly);
  let n = start;
  for (let j = rs.leapStart[code]!, end = rs.leapEnd[code]!; j < end; j++) {
    const to = from + rs.leapOff[j]!;
    const t = board[to]!;
    if (t === EMPTY) {
      if (!tacticalOnly && rs.leapMode[j] !== MODE_CAPTURE && stop[stopBase + to] === 1)
        buf[n++] = from | (to << 9);
    } else if (t !== OFF && (t & 1) !== us) {
      if (rs.leapMode[j] !== MODE_MOVE && rs.capturable[t] === 1 && stop[stopBase + to] === 1)
        buf[n++] = from | (to << 9);
    }
  }
  for (let j = rs.slideStart[code]!, end = rs.slideEnd[code]!; j < end; j++) {
    const off = rs.slideOff[j]!;
    let to = from + off;
    if (rs.slideMin[j] === 2) {
      if (board[to] !== EMPTY) continue; // the picket/crocodile's first cell must be empty
      to += off;
    }
    for (;;) {
      const t = board[to]!;
      if (t === EMPTY) {
        if (!tacticalOnly && stop[stopBase + to] === 1) buf[n++] = from | (to << 9);
        to += off;
        continue;
      }
      if (t !== OFF && (t & 1) !== us && rs.capturable[t] === 1 && stop[stopBase + to] === 1)
        buf[n++] = from | (to << 9);
      break;
    }
  }
  if (rs.giraffe[code] === 1) n = giraffeMoves(pos, from, code, n, tacticalOnly);
  return n;
}

/** docs/rules.md §2 giraffe: diagonal step to an empty cell, then >= 3 cells orthogonally outward. */
function giraffeMoves(
  pos: FastPosition,
  from: number,
  code: number,
  start: number,
  tacticalOnly: boolean,
): number {
  const board = pos.board;
  const rs = pos.rs;
  const buf = pos.moves;
  const stopBase = code * rs.size;
  const us = code & 1;
  let n = start;
  for (let i = 0; i < 4; i++) {
    const diag = DIAGONAL_STEPS[i]!;
    const d = from + diag;
    if (board[d] !== EMPTY) continue;
    const vertical = diag > 0 ? STRIDE : -STRIDE;
    const horizontal = diag - vertical;
    for (let leg = 0; leg < 2; leg++) {
      const o = leg === 0 ? vertical : horizontal;
      if (board[d + o] !== EMPTY || board[d + 2 * o] !== EMPTY) continue;
      for (let to = d + 3 * o; ; to += o) {
        const t = board[to]!;
        if (t === EMPTY) {
          if (!tacticalOnly && rs.stop[stopBase + to] === 1) buf[n++] = from | (to << 9);
          continue;
        }
        if (t !== OFF && (t & 1) !== us && rs.capturable[t] === 1 && rs.stop[stopBase + to] === 1)
          buf[n++] = from | (to << 9);
        break;
      }
    }
  }
  return n;
}

function pawnMoves(
  pos: FastPosition,
  from: number,
  code: number,
  start: number,
  tacticalOnly: boolean,
): number {
  const rs = pos.rs;
  const board = pos.board;
  const buf = pos.moves;
  const us = code & 1;
  const fwd = us === 0 ? STRIDE : -STRIDE;
  const stopBase = code * rs.size;
  let n = start;
  const to = from + fwd;
  if (board[to] === EMPTY && rs.stop[stopBase + to] === 1) {
    if (!tacticalOnly || rs.promotionZone[us]![to] === 1) n = pawnArrival(pos, from, to, code, n);
    const two = to + fwd;
    if (
      !tacticalOnly &&
      rs.geo.rankOf(from) === rs.doubleStepRank[us] &&
      board[two] === EMPTY &&
      rs.stop[stopBase + two] === 1
    )
      buf[n++] = encodeMove(from, two, DOUBLE_STEP);
  }
  for (let cap = to - 1; cap <= to + 1; cap += 2) {
    const t = board[cap]!;
    if (t !== EMPTY && t !== OFF) {
      if ((t & 1) !== us && rs.capturable[t] === 1 && rs.stop[stopBase + cap] === 1)
        n = pawnArrival(pos, from, cap, code, n);
    } else if (t === EMPTY && cap === pos.ep && rs.enPassant) {
      buf[n++] = encodeMove(from, cap, EN_PASSANT);
    }
  }
  return n;
}

/** A pawn step or capture: promotion choices, a Tamerlane tag, or the pawn of pawns' stages. */
function pawnArrival(
  pos: FastPosition,
  from: number,
  to: number,
  code: number,
  start: number,
): number {
  const rs = pos.rs;
  const buf = pos.moves;
  let n = start;
  if (rs.promotionZone[code & 1]![to] !== 1) {
    buf[n++] = from | (to << 9);
    return n;
  }
  const arrival = rs.arrivalKind[code]!;
  if (arrival === 0) {
    for (const kind of rs.promotionChoices) buf[n++] = encodeMove(from, to, PROMOTE, kind);
  } else if (arrival === KIND.pawnOfPawns3) {
    buf[n++] = encodeMove(from, to, PAWN_OF_PAWNS_RETURN);
  } else {
    buf[n++] = encodeMove(from, to, PROMOTE, arrival);
  }
  return n;
}
