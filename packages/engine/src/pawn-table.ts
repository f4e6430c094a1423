/**
 * The pawn table: what the evaluation learns from the pawns alone, kept per pawn structure
 * (FastPosition.pawnKey) so that positions with the same pawns, most of a search's, skip it.
 *
 * An entry holds the pawn-structure score (doubled, isolated and passed pawns, middlegame and
 * endgame), each side's pawns per file, and per file the most advanced Black pawn's rank and the
 * least advanced White pawn's: what the evaluation's later terms (rook files, outposts, mop-up)
 * read. The evaluator fills an entry on a miss (`claim`) and reads it through `entry`'s offsets.
 */
import type { FastPosition } from '@citadel/core';

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
  readonly maxBlackRank = new Int8Array(ENTRIES * PAWN_FILES);
  readonly minWhiteRank = new Int8Array(ENTRIES * PAWN_FILES);
  /** Pawns per side: entry * 2 + side. */
  readonly total = new Int32Array(ENTRIES * 2);

  /** The entry of `pos`'s pawn structure, or -1 when it is not stored. */
  find(pos: FastPosition): number {
    const e = pos.pawnKey & (ENTRIES - 1);
    return this.filled[e] === 1 && this.key[e] === pos.pawnKey ? e : -1;
  }

  /** Takes the entry of `pos`'s pawn structure for the caller to fill: pawn counts zeroed, ranks at their "none" values. */
  claim(pos: FastPosition): number {
    const e = pos.pawnKey & (ENTRIES - 1);
    this.key[e] = pos.pawnKey;
    this.filled[e] = 1;
    this.mg[e] = 0;
    this.eg[e] = 0;
    this.total[2 * e] = this.total[2 * e + 1] = 0;
    this.count.fill(0, e * 2 * PAWN_FILES, (e + 1) * 2 * PAWN_FILES);
    this.maxBlackRank.fill(-1, e * PAWN_FILES, (e + 1) * PAWN_FILES);
    this.minWhiteRank.fill(99, e * PAWN_FILES, (e + 1) * PAWN_FILES);
    return e;
  }
}
