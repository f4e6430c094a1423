/**
 * Tamerlane's pawn of pawns, stage 1 (docs/rules.md §2): the relocation of the waiting pawn. Its
 * arrivals (waiting, return to the pawn of kings' cell, Adventitious King) are pawn moves in
 * pseudo-moves.ts and fast-position.ts.
 */
import type { FastPosition } from '../fast-position.ts';
import { STRIDE } from '../geometry.ts';
import { RELOCATE, encodeMove, moveFrom } from '../move.ts';
import { EMPTY, KIND, OFF, pieceCode } from '../piece-kinds.ts';
import { legalByMaking } from '../royalty.ts';

/** The legal-move generator, passed in so this hook needs no import of it. */
export type GenerateLegal = (pos: FastPosition, start: number) => number;

/**
 * docs/rules.md §2 pawn of pawns, stage 1: the waiting pawn may be lifted to any empty cell
 * (option: any cell but a king's) from which, as a pawn, it attacks two enemy pieces, or one enemy
 * piece that then has no legal move (judged with the opponent to move).
 */
export function relocations(pos: FastPosition, start: number, generate: GenerateLegal): number {
  const rs = pos.rs;
  const us = pos.side;
  const waiting = pieceCode(KIND.pawnOfPawnsWaiting, us);
  let n = start;
  const waitingCells: number[] = [];
  for (let i = 0; i < pos.pieceCount[us]!; i++)
    if (pos.board[pos.pieceAt(us, i)] === waiting) waitingCells.push(pos.pieceAt(us, i));
  // Collected first: making a relocation with a removal reorders the piece list.
  for (const from of waitingCells) {
    const pawn = pieceCode(KIND.pawnOfPawns2, us);
    const fwd = us === 0 ? STRIDE : -STRIDE;
    for (const to of rs.geo.cells) {
      if (to === from || rs.stop[pawn * rs.size + to] !== 1) continue;
      const occupant = pos.board[to]!;
      if (occupant !== EMPTY) {
        if (!rs.pawnOfPawnsOccupied || rs.capturable[occupant] !== 1) continue;
        const kind = occupant >> 1;
        if (kind === KIND.king || kind === KIND.prince || kind === KIND.adventitiousKing) continue;
      }
      let targets = 0;
      let lone = -1;
      for (const side of [-1, 1]) {
        const a = to + fwd + side;
        const t = pos.board[a]!;
        if (
          t !== EMPTY &&
          t !== OFF &&
          (t & 1) !== us &&
          rs.capturable[t] === 1 &&
          rs.stop[pawn * rs.size + a] === 1
        ) {
          targets++;
          lone = a;
        }
      }
      if (targets === 0) continue;
      const m = encodeMove(from, to, RELOCATE);
      if (!legalByMaking(pos, m)) continue;
      if (targets >= 2 || hasNoMove(pos, m, lone, n, generate)) pos.moves[n++] = m;
    }
  }
  return n;
}

/** After `move`, does the piece on `cell` (the opponent's) have no legal move? */
function hasNoMove(
  pos: FastPosition,
  move: number,
  cell: number,
  scratch: number,
  generate: GenerateLegal,
): boolean {
  if (pos.nestedGeneration > 0) return false; // the opponent's own relocation test inside ours: not judged
  pos.make(move);
  pos.nestedGeneration++;
  const base = scratch + 1024;
  const end = generate(pos, base);
  pos.nestedGeneration--;
  let stuck = true;
  for (let i = base; i < end; i++) if (moveFrom(pos.moves[i]!) === cell) stuck = false;
  pos.unmake(move);
  return stuck;
}
