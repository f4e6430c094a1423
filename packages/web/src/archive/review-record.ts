/**
 * A finished game review as the archive keeps it with its game (archive-record.ts): the moves of
 * the line it judged (move text) and, per position of that line, the evaluation and the verdict
 * on the move that led there. Read back through the schema; one that fails is no review.
 */
import { z } from 'zod';
import type { Reviewed } from '../review-panel.ts';

const positionEvalSchema = z.object({
  share: z.number().min(0).max(1),
  depth: z.number().int().min(0).max(1000),
  /** White's winning chance by finished depth, as [depth, share] pairs. */
  shareByDepth: z.array(z.tuple([z.number().int(), z.number().min(0).max(1)])).max(1000),
  label: z.string().max(40),
  best: z.string().max(40).nullable(),
  bestSan: z.string().max(60).nullable(),
});

const verdictSchema = z.object({
  loss: z.number().min(0).max(1),
  judgement: z.enum(['inaccuracy', 'mistake', 'blunder']).nullable(),
});

export const SavedReviewSchema = z
  .object({
    moves: z.array(z.string().max(40)).max(5000),
    positions: z
      .array(z.object({ eval: positionEvalSchema, verdict: verdictSchema.optional() }))
      .max(5001),
  })
  .refine((r) => r.positions.length === r.moves.length + 1, 'one position more than moves');

export type SavedReview = z.infer<typeof SavedReviewSchema>;

/** The stored form of a review of `moves` (`results`: one per position, the start first). */
export function savedReview(moves: readonly string[], results: readonly Reviewed[]): SavedReview {
  return {
    moves: [...moves],
    positions: results.map((r) => ({
      eval: { ...r.eval, shareByDepth: [...r.eval.shareByDepth] },
      ...(r.verdict ? { verdict: { loss: r.verdict.loss, judgement: r.verdict.judgement } } : {}),
    })),
  };
}

/** The review's results as the review panel shows them. */
export function reviewedPositions(saved: SavedReview): Reviewed[] {
  return saved.positions.map((p) => ({
    eval: { ...p.eval, shareByDepth: new Map(p.eval.shareByDepth) },
    ...(p.verdict ? { verdict: p.verdict } : {}),
  }));
}
