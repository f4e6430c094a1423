/**
 * Judging a game's moves from the engine's evaluations of its positions. Each position before
 * and after a move is scored; a move's cost is how much of the mover's winning chance it gave
 * away. The winning chance is the evaluation bar's share (a logistic curve of the centipawns,
 * scale 250; a mate is 1 or 0). The thresholds, on that 0..1 scale, are:
 *   inaccuracy ≥ 0.05 (about half a pawn given away from an even position),
 *   mistake    ≥ 0.10 (about one pawn),
 *   blunder    ≥ 0.15 (about one and a half pawns, or a won game let go, or a mate allowed).
 * The engine's own choice is never marked (its cost is shallow-search noise). The position
 * before a move, searched to depth D, is compared with the position after it at depth D − 1: both
 * then look equally far ahead, which cancels the swing of the score between odd and even depths.
 */
import type { UciScore } from '@citadel/engine';

export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';

export const JUDGEMENT_THRESHOLDS: ReadonlyArray<readonly [Judgement, number]> = [
  ['blunder', 0.15],
  ['mistake', 0.1],
  ['inaccuracy', 0.05],
];

/** The PGN symbol of each judgement, as the move list shows it. */
export const JUDGEMENT_GLYPH: Readonly<Record<Judgement, string>> = {
  inaccuracy: '?!',
  mistake: '?',
  blunder: '??',
};

/** White's winning chance, 0..1, for a score from White's point of view. */
export function whiteShare(s: UciScore): number {
  if (s.type === 'mate') return s.value > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-s.value / 250));
}

/** A score from White's point of view, as people read it: `+0.35`, `−1.20`, `#3`, `#−2`. */
export function scoreText(s: UciScore): string {
  if (s.type === 'mate') return s.value > 0 ? `#${s.value}` : `#−${-s.value}`;
  const pawns = (s.value / 100).toFixed(2);
  return s.value > 0 ? `+${pawns}` : s.value < 0 ? `−${pawns.slice(1)}` : '0.00';
}

/** One position of the game as the review saw it. */
export interface PositionEval {
  /** White's winning chance, 0..1, at the deepest finished depth. */
  readonly share: number;
  /** That depth (0 when the game is over there). */
  readonly depth: number;
  /** White's winning chance at each finished depth. */
  readonly shareByDepth: ReadonlyMap<number, number>;
  /** The evaluation as text (a score, or the result when the game is over there). */
  readonly label: string;
  /** The engine's move there (move text), null when the game is over. */
  readonly best: string | null;
  /** The same in SAN. */
  readonly bestSan: string | null;
}

export interface MoveVerdict {
  /** The mover's winning chance given away, 0..1 (never below 0). */
  readonly loss: number;
  readonly judgement: Judgement | null;
}

/** The verdict on a move from `before` to `after`, played by `mover` (move text `played`). */
export function judgeMove(
  before: PositionEval,
  after: PositionEval,
  mover: 'white' | 'black',
  played: string,
): MoveVerdict {
  if (before.best === played) return { loss: 0, judgement: null };
  const afterShare = after.shareByDepth.get(before.depth - 1) ?? after.share;
  const chance = (share: number): number => (mover === 'white' ? share : 1 - share);
  const loss = Math.max(0, chance(before.share) - chance(afterShare));
  const judgement = JUDGEMENT_THRESHOLDS.find(([, t]) => loss >= t)?.[0] ?? null;
  return { loss, judgement };
}
