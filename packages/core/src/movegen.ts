/**
 * The one move generator under both layers (docs/design.md principle 6). `generateLegal` writes the
 * legal moves of the side to move into `pos.moves` from `start` and returns the end index.
 *
 * Steps: (1) nothing when the game already ended by rule (citadel draw, bare king);
 * (2) pseudo-legal moves of every piece from the compiled tables (pseudo-moves.ts); (3) the
 * legality filter (legality.ts); (4) the special moves, each a named hook in rules/: citadel
 * swap, castling, rendezvous, the pawn of pawns' relocation; (5) the king swap last, because
 * "no other legal move" is one of its conditions (docs/rules.md §2).
 */
import { isAttacked } from './attacks.ts';
import { isLegalEvasion, markEvasionCells } from './check-evasions.ts';
import type { FastPosition } from './fast-position.ts';
import { isLegal, markPinCandidates } from './legality.ts';
import { moveFrom } from './move.ts';
import { EMPTY, KIND, OFF, pieceCode } from './piece-kinds.ts';
import { generatePseudo, pieceMoves } from './pseudo-moves.ts';
import { royalSquare } from './royalty.ts';
import { bareKingLoser } from './rules/bare-king.ts';
import { castlingMoves } from './rules/castling.ts';
import { citadelSwaps } from './rules/citadel-swap.ts';
import { kingSwaps } from './rules/king-swap.ts';
import { relocations } from './rules/pawn-of-pawns.ts';
import { rendezvousMove } from './rules/rendezvous.ts';

export { generatePseudo } from './pseudo-moves.ts';
export { inCheck, royalSquare } from './royalty.ts';
export { bareKingLoser } from './rules/bare-king.ts';

/** True when the game ended by a rule that is not "no legal move" (perft stops there too). */
export function endedByRule(pos: FastPosition): boolean {
  if (pos.citadelDrawn) return true;
  return pos.rs.bareKing && bareKingLoser(pos) >= 0;
}

/**
 * All legal moves of the side to move into `pos.moves[start..]`; returns the end index.
 * `knownCheck`: whether the side to move is in check (`inCheck`), where the caller already knows
 * it (a search does); it must be the truth, or the moves are wrong. Omitted, it is tested here.
 */
export function generateLegal(pos: FastPosition, start: number, knownCheck?: boolean): number {
  if (endedByRule(pos)) return start;
  const royal = royalSquare(pos, pos.side);
  const checked = royal >= 0 && (knownCheck ?? isAttacked(pos, royal, pos.side ^ 1));
  return legalMoves(pos, start, royal, checked);
}

/**
 * The legal captures and promotion-zone pawn arrivals of the side to move (no special moves),
 * for a quiescence search: into `pos.moves[start..]`, returning the end index. When the side to
 * move is in check it returns every legal move, since all evasions matter there. `knownCheck`
 * as for `generateLegal`.
 */
export function generateTactical(pos: FastPosition, start: number, knownCheck?: boolean): number {
  if (endedByRule(pos)) return start;
  const royal = royalSquare(pos, pos.side);
  const checked = royal >= 0 && (knownCheck ?? isAttacked(pos, royal, pos.side ^ 1));
  if (checked) return legalMoves(pos, start, royal, true);
  return keepLegal(pos, start, generatePseudo(pos, start, true), royal, false);
}

/** Steps 2-5 of generateLegal, for a game still on, given the mover's royal and whether it is in check. */
function legalMoves(pos: FastPosition, start: number, royal: number, checked: boolean): number {
  const rs = pos.rs;
  const us = pos.side;
  let n = keepLegal(pos, start, generatePseudo(pos, start), royal, checked);
  if (rs.citadelClaimOrSwap) n = citadelSwaps(pos, start, n);
  if (!checked && rs.castling[us]!.length > 0) n = castlingMoves(pos, n);
  if (rs.rendezvous !== null) n = rendezvousMove(pos, n);
  if (rs.pawnOfPawns && pos.codeCount[pieceCode(KIND.pawnOfPawnsWaiting, us)]! > 0)
    n = relocations(pos, n, generateLegal);
  if (rs.kingSwap) n = kingSwaps(pos, start, n, royal, checked);
  return n;
}

/** Keeps the legal ones of the pseudo-legal moves in `pos.moves[start..end)`; returns the new end. */
function keepLegal(
  pos: FastPosition,
  start: number,
  end: number,
  royal: number,
  checked: boolean,
): number {
  const buf = pos.moves;
  const stamp = ++pos.pinGeneration;
  if (royal >= 0 && !checked) markPinCandidates(pos, royal, stamp);
  // In check from one piece, most moves are rejected by the cells that can end it (check-evasions.ts).
  const evasions = royal >= 0 && checked && markEvasionCells(pos, royal, stamp);
  let n = start;
  for (let i = start; i < end; i++) {
    const m = buf[i]!;
    if (evasions ? isLegalEvasion(pos, m, royal, stamp) : isLegal(pos, m, royal, checked, stamp))
      buf[n++] = m;
  }
  return n;
}

/**
 * Whether `move` (any integer, e.g. from a transposition table) is a legal move here that the
 * ordinary generator makes: piece movement, pawn steps, captures, promotions and en passant.
 * False for the special moves (castling, swaps, rendezvous, relocation), which callers find by
 * generating all moves. Lets a search try a remembered move before generating the others.
 */
export function isOrdinaryLegal(pos: FastPosition, move: number): boolean {
  if (endedByRule(pos)) return false;
  const from = moveFrom(move);
  const code = pos.board[from];
  if (code === undefined || code === EMPTY || code === OFF || (code & 1) !== pos.side) return false;
  const buf = pos.moves;
  const scratch = buf.length - 64;
  const end = pieceMoves(pos, from, scratch, false);
  for (let i = scratch; i < end; i++) {
    // Known pseudo-legal: test it on the board (checked = true skips the pin shortcut).
    if (buf[i] === move) return isLegal(pos, move, royalSquare(pos, pos.side), true, 0);
  }
  return false;
}
