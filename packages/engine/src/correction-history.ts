/**
 * Correction history (Stockfish's idea, search step 11): per side to move, tables keyed by the
 * pawn structure and by the material (FastPosition.pawnKey, materialKey) hold a running average of
 * how far searches ended from the static evaluation, in 1/CORRECTION_GRAIN cp; the evaluation is
 * corrected by their mean. It learns, within a game, what the evaluation misjudges about the
 * structures on the board.
 */
import type { FastPosition } from '@citadel/core';
import { MATE_BOUND } from './score.ts';

const CORRECTION_BITS = 14;
const CORRECTION_GRAIN = 256;
/** Entries stay within +-CORRECTION_LIMIT cp. */
const CORRECTION_LIMIT = 160;
/** Deeper searches weigh more, up to this weight (of 256) per update. */
const MAX_WEIGHT = 16;

export class CorrectionHistory {
  private readonly byPawns = new Int32Array(2 << CORRECTION_BITS);
  private readonly byMaterial = new Int32Array(2 << CORRECTION_BITS);

  /** Forget everything (new game). */
  clear(): void {
    this.byPawns.fill(0);
    this.byMaterial.fill(0);
  }

  /** The estimate, in cp, of what the static evaluation misses in `pos`. */
  correction(pos: FastPosition): number {
    const sum =
      this.byPawns[CorrectionHistory.index(pos, pos.pawnKey)]! +
      this.byMaterial[CorrectionHistory.index(pos, pos.materialKey)]!;
    return Math.trunc(sum / (2 * CORRECTION_GRAIN));
  }

  /** The static evaluation `raw` of `pos` plus the correction, kept off mate scores. */
  corrected(pos: FastPosition, raw: number): number {
    return Math.max(-MATE_BOUND + 1, Math.min(MATE_BOUND - 1, raw + this.correction(pos)));
  }

  /**
   * Moves the entries of `pos` towards `error` (search result minus the uncorrected evaluation)
   * after a search of `depth` plies: a running average that weighs deeper searches more.
   */
  update(pos: FastPosition, error: number, depth: number): void {
    const weight = Math.min(depth + 1, MAX_WEIGHT);
    const target =
      Math.max(-CORRECTION_LIMIT, Math.min(CORRECTION_LIMIT, error)) * CORRECTION_GRAIN;
    CorrectionHistory.moveTowards(
      this.byPawns,
      CorrectionHistory.index(pos, pos.pawnKey),
      target,
      weight,
    );
    CorrectionHistory.moveTowards(
      this.byMaterial,
      CorrectionHistory.index(pos, pos.materialKey),
      target,
      weight,
    );
  }

  /** Index of the entry for `key` with `pos`'s side to move. */
  private static index(pos: FastPosition, key: number): number {
    return (pos.side << CORRECTION_BITS) | (key & ((1 << CORRECTION_BITS) - 1));
  }

  /** Moves entry `k` of `table` weight/256 of the way to `target`. */
  private static moveTowards(table: Int32Array, k: number, target: number, weight: number): void {
    table[k]! += Math.trunc(((target - table[k]!) * weight) / 256);
  }
}
