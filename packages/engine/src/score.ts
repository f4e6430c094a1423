/**
 * Scores in centipawns from the side to move's point of view. Mate scores count plies from the
 * root: MATE - n means "mate in n plies"; anything beyond MATE_BOUND is a mate score.
 */
export const INFINITE = 32000;
export const MATE = 31000;
export const MATE_BOUND = MATE - 1000;
export const DRAW = 0;

export const isMateScore = (s: number): boolean => Math.abs(s) >= MATE_BOUND;

/** UCI form: `{ type: 'cp', value }` or `{ type: 'mate', value: moves }` (negative: being mated). */
export interface UciScore {
  readonly type: 'cp' | 'mate';
  readonly value: number;
}

export function toUciScore(s: number): UciScore {
  if (!isMateScore(s)) return { type: 'cp', value: s };
  const plies = MATE - Math.abs(s);
  const moves = Math.ceil(plies / 2);
  return { type: 'mate', value: s > 0 ? moves : -moves };
}

/** Mate scores are stored in the table relative to the node, not the root. */
export const scoreToTable = (s: number, ply: number): number =>
  s >= MATE_BOUND ? s + ply : s <= -MATE_BOUND ? s - ply : s;
export const scoreFromTable = (s: number, ply: number): number =>
  s >= MATE_BOUND ? s - ply : s <= -MATE_BOUND ? s + ply : s;
