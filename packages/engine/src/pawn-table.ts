/**
 * The pawn structure (evaluation step 2): what the evaluation learns from the pawns alone, kept
 * per pawn structure (FastPosition.pawnKey) so that positions with the same pawns, most of a
 * search's, skip it.
 *
 * An entry holds the pawn-structure score (doubled, isolated and passed pawns, middlegame and
 * endgame), each side's pawns per file, and per file the most advanced Black pawn's rank and the
 * least advanced White pawn's: what the evaluation's later terms (rook files, outposts, mop-up)
 * read through `entryOf`'s entry.
 */
import { PAD, STRIDE, type FastPosition } from '@citadel/core';
import type { EvalTables } from './eval-tables.ts';

/** Files a board can have (the mailbox stride). */
export const PAWN_FILES = 16;
/** Entries (a power of two). */
const ENTRIES = 1 << 12;

export class PawnTable {
  private readonly key = new Int32Array(ENTRIES);
  private readonly filled = new Uint8Array(ENTRIES);
  /** Pawn-structure score per entry. */
  readonly mg = new Int32Array(ENTRIES);
  readonly eg = new Int32Array(ENTRIES);
  /** Pawns per side and file: entry * 2 * PAWN_FILES + side * PAWN_FILES + file. */
  readonly count = new Int8Array(ENTRIES * 2 * PAWN_FILES);
  /** Per file, most advanced Black pawn's rank (-1: none) / least advanced White pawn's (99): entry * PAWN_FILES + file. */
  private readonly maxBlackRank = new Int8Array(ENTRIES * PAWN_FILES);
  private readonly minWhiteRank = new Int8Array(ENTRIES * PAWN_FILES);
  /** Pawns per side: entry * 2 + side. */
  readonly total = new Int32Array(ENTRIES * 2);

  constructor(private readonly t: EvalTables) {}

  /** The entry of `pos`'s pawn structure, filled now if it is not stored. */
  entryOf(pos: FastPosition): number {
    const e = pos.pawnKey & (ENTRIES - 1);
    if (this.filled[e] === 1 && this.key[e] === pos.pawnKey) return e;
    this.fill(pos, e);
    return e;
  }

  /**
   * Whether side `c`'s enemy has a pawn on file `g` ahead of rank `r` (from `c`'s side) in the
   * structure of `entry`, one that can still reach or pass rank `r`: it blocks a passed pawn, or
   * may drive a piece off an outpost.
   */
  enemyPawnAhead(entry: number, g: number, r: number, c: number): boolean {
    const i = entry * PAWN_FILES + g;
    return c === 0 ? this.maxBlackRank[i]! > r : this.minWhiteRank[i]! < r;
  }

  /** Stores `pos`'s pawn structure as entry `e`: pawns per file, their ranks, then the score. */
  private fill(pos: FastPosition, e: number): void {
    const rs = this.t.rs;
    const board = pos.board;
    this.key[e] = pos.pawnKey;
    this.filled[e] = 1;
    const counts = e * 2 * PAWN_FILES;
    const ranks = e * PAWN_FILES;
    this.total[2 * e] = this.total[2 * e + 1] = 0;
    this.count.fill(0, counts, counts + 2 * PAWN_FILES);
    this.maxBlackRank.fill(-1, ranks, ranks + PAWN_FILES);
    this.minWhiteRank.fill(99, ranks, ranks + PAWN_FILES);
    for (let c = 0; c < 2; c++) {
      for (let i = 0; i < pos.pieceCount[c]!; i++) {
        const s = pos.pieceAt(c, i);
        if (rs.isPawn[board[s]!] !== 1) continue;
        const f = s & (STRIDE - 1);
        const r = (s >> 4) - PAD;
        this.count[counts + c * PAWN_FILES + f]!++;
        this.total[2 * e + c]!++;
        if (c === 1) {
          if (r > this.maxBlackRank[ranks + f]!) this.maxBlackRank[ranks + f] = r;
        } else if (r < this.minWhiteRank[ranks + f]!) this.minWhiteRank[ranks + f] = r;
      }
    }
    this.score(pos, e);
  }

  /** Entry `e`'s doubled, isolated and passed pawns, from its pawns per file and ranks. */
  private score(pos: FastPosition, e: number): void {
    const rs = this.t.rs;
    const w = this.t.weights;
    const geo = rs.geo;
    let mg = 0;
    let eg = 0;
    for (let c = 0; c < 2; c++) {
      const sign = c === 0 ? 1 : -1;
      const own = e * 2 * PAWN_FILES + c * PAWN_FILES;
      for (let i = 0; i < pos.pieceCount[c]!; i++) {
        const s = pos.pieceAt(c, i);
        if (rs.isPawn[pos.board[s]!] !== 1) continue;
        const f = s & (STRIDE - 1);
        const r = (s >> 4) - PAD;
        if (this.count[own + f]! > 1) {
          mg -= sign * (w.doubledPawn >> 1);
          eg -= sign * (w.doubledPawn >> 1);
        }
        const left = f > 0 ? this.count[own + f - 1]! : 0;
        const right = f < PAWN_FILES - 1 ? this.count[own + f + 1]! : 0;
        if (left === 0 && right === 0) {
          mg -= sign * w.isolatedPawn;
          eg -= sign * w.isolatedPawn;
        }
        let passed = true;
        const lo = f > 0 ? f - 1 : 0;
        const hi = f < geo.files - 1 ? f + 1 : f;
        for (let g = lo; g <= hi; g++) {
          if (this.enemyPawnAhead(e, g, r, c)) {
            passed = false;
            break;
          }
        }
        if (passed) {
          const advance = c === 0 ? r : geo.ranks - 1 - r;
          mg += sign * w.passedMg * advance;
          eg += sign * w.passedEg * advance;
        }
      }
    }
    this.mg[e] = mg;
    this.eg[e] = eg;
  }
}
