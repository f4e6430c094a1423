/**
 * Safe checks (search step 8, Stockfish's rules): a check is *safe* when it is a discovered check
 * or when the checking piece survives the exchange on its cell (SEE >= 0). The search neither
 * prunes safe checks as futile nor extends checks that are not safe: mating nets are made of
 * quiet safe checks, while spite checks would deepen every line.
 *
 * `mayGiveCheck` rules out, from the geometry alone, most moves that cannot give check, so the
 * search makes the exact tests (a move made and the check test) only for the others.
 */
import {
  CODE_SPACE,
  EMPTY,
  NORMAL,
  STRIDE,
  inCheck,
  moveFlag,
  moveFrom,
  moveTo,
  royalSquare,
  type FastPosition,
  type Ruleset,
} from '@citadel/core';
import type { EvalTables } from './eval-tables.ts';
import { seeAtLeast } from './see.ts';

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
  return seeAtLeast(pos, m, 0, t.valueMg, t.kingLike);
}

/** Flag added to a `checkReach` entry for a piece that attacks along straight lines. */
const SLIDES = 64;

/**
 * Per piece code, what the cheap test of `mayGiveCheck` needs, read from the core's attack tables
 * (those of `isAttacked`, pawn captures included): the longest Chebyshev reach of its attacking
 * leaps, plus SLIDES when it attacks along straight lines. Null where the test takes no shortcut:
 * with a royal pool (a capture may change which piece is royal), a giraffe (bent lines, not
 * described here) or the Eye (it attacks from afar).
 */
export function checkReach(rs: Ruleset): Int8Array | null {
  if (rs.royalPool || rs.hasGiraffe || rs.eyeAttacked !== null) return null;
  const out = new Int8Array(CODE_SPACE);
  for (let by = 0; by < 2; by++) {
    const offs = rs.leapAttackOff[by]!;
    const mask = rs.leapAttackMask[by]!;
    for (let i = 0; i < offs.length; i++) {
      const off = offs[i]!;
      const dy = Math.round(off / STRIDE);
      const reach = Math.max(Math.abs(dy), Math.abs(off - dy * STRIDE));
      for (let code = 0; code < CODE_SPACE; code++)
        if (mask[(i << 8) | code] === 1 && reach > out[code]!) out[code] = reach;
    }
  }
  for (let code = 0; code < CODE_SPACE; code++)
    for (let d = 0; d < 8; d++)
      if (rs.slideAttack1[(d << 8) | code] === 1 || rs.slideAttack2[(d << 8) | code] === 1) {
        out[code] = out[code]! | SLIDES;
        break;
      }
  return out;
}

/** Whether cells `a` and `b` share a file, a rank or a diagonal. */
function aligned(a: number, b: number): boolean {
  const dx = (a & (STRIDE - 1)) - (b & (STRIDE - 1));
  const dy = (a >> 4) - (b >> 4);
  return dx === 0 || dy === 0 || dx === dy || dx === -dy;
}

/**
 * Whether the legal move `m`, not yet made, might give check: false only where it cannot (the
 * enemy has no royal, or the mover opens no line to that royal and neither leaps nor slides to it
 * from its target). A cheap filter before an exact test (`givesSafeCheck`, `inCheck`). No
 * shortcut for special moves (castling, en passant, promotions, king swaps, ...) nor where
 * `t.checkReach` is null.
 */
export function mayGiveCheck(pos: FastPosition, m: number, t: EvalTables): boolean {
  const reach = t.checkReach;
  if (reach === null || moveFlag(m) !== NORMAL) return true;
  const royal = royalSquare(pos, pos.side ^ 1);
  if (royal < 0) return false;
  const from = moveFrom(m);
  // A line through the cell left may be a discovered check.
  if (aligned(from, royal)) return true;
  const r = reach[pos.board[from]!]!;
  const to = moveTo(m);
  const distance = t.distance[to * pos.rs.size + royal]!;
  return distance <= (r & (SLIDES - 1)) || ((r & SLIDES) !== 0 && aligned(to, royal));
}
