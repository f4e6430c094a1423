/**
 * Piece-square tables learned by distillation (packages/lab/scripts/fit.ts): for each kind, a value for
 * every cell of the main board as seen from White, material included. They replace the tables
 * generated from geometry (eval-tables.ts) on the cells they cover; citadels and kinds they do
 * not name keep the generated values.
 */
import type { KindKey, Ruleset } from '@citadel/core';

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

/** The main board (citadels left out) as a box: its lowest file and rank and its size. */
export interface MainBoard {
  readonly file0: number;
  readonly rank0: number;
  readonly files: number;
  readonly ranks: number;
}

export function mainBoard(rs: Ruleset): MainBoard {
  const main = rs.geo.regions.get('main') ?? rs.geo.cells;
  const fs = main.map((s) => rs.geo.fileOf(s));
  const rks = main.map((s) => rs.geo.rankOf(s));
  const [file0, rank0] = [Math.min(...fs), Math.min(...rks)];
  return { file0, rank0, files: Math.max(...fs) - file0 + 1, ranks: Math.max(...rks) - rank0 + 1 };
}

/**
 * Index into a learned table (rank 1 first, from `color`'s side) of cell `s`, or -1 when `s` is
 * not on the main board. The same box serves a stand-in (husun10) and its variant (husun, whose
 * corner citadels widen the bounding box).
 */
export function learnedIndex(rs: Ruleset, box: MainBoard, s: number, color: 0 | 1): number {
  if (!rs.geo.isMainBoard(s)) return -1;
  const f = rs.geo.fileOf(s) - box.file0;
  const r = rs.geo.rankOf(s) - box.rank0;
  return (color === 0 ? r : box.ranks - 1 - r) * box.files + f;
}
