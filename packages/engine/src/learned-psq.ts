/**
 * Piece-square tables learned by distillation (scripts/tune/fit.ts): for each kind, a value for
 * every cell of the main board as seen from White, material included. They replace the tables
 * generated from geometry (eval-tables.ts) on the cells they cover; citadels and kinds they do
 * not name keep the generated values.
 */
import type { KindKey } from '@citadel/core';

export interface LearnedKind {
  /** Material, middlegame / endgame: the kind's value in exchanges (SEE, threats). */
  readonly value: readonly [number, number];
  /** Value on each cell, rank 1 first and files a.. within a rank, from White's side. */
  readonly mg: readonly number[];
  readonly eg: readonly number[];
}

export interface LearnedPsq {
  /** The main board the tables were learned on; a board whose main part has this size reuses them. */
  readonly files: number;
  readonly ranks: number;
  readonly kinds: Readonly<Partial<Record<KindKey, LearnedKind>>>;
}

/** Index into a learned table of the cell at main-board file `f`, rank `r` of `color`'s side. */
export function learnedIndex(psq: LearnedPsq, f: number, r: number, color: 0 | 1): number {
  const rank = color === 0 ? r : psq.ranks - 1 - r;
  return rank * psq.files + f;
}
