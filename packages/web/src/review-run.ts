/**
 * Runs a game review: the engine (in its Worker) scores every position of a line, one after the
 * other, at a modest fixed depth and time so that a 60-move game takes about half a minute, and
 * each move is judged (game-review.ts) as soon as the positions on both sides of it are scored.
 * A finished game's last position is scored by its result, not searched.
 */
import type { Position } from '@citadel/core';
import type { GameSpec, UciScore } from '@citadel/engine';
import type { EngineClient } from './engine-client.ts';
import {
  judgeMove,
  scoreText,
  whiteShare,
  type MoveVerdict,
  type PositionEval,
} from './game-review.ts';

/** Depth cap and time cap per position. */
export const REVIEW_DEPTH = 12;
export const REVIEW_MS = 250;

export interface ReviewStep {
  /** The position's index in the line (0 = the line's first position). */
  readonly index: number;
  readonly eval: PositionEval;
  /** The verdict on the move that led to this position (absent for the first position). */
  readonly verdict?: MoveVerdict;
}

export interface ReviewLine {
  /** The game as the engine sets it up: start position, options; moves are added per position. */
  readonly spec: Omit<GameSpec, 'moves'>;
  /** The moves (move text) from the start to the line's first position. */
  readonly before: readonly string[];
  /** The line's moves (move text), one per position after the first. */
  readonly moves: readonly string[];
  /** The game's start position; the line is replayed from it through `before`. */
  readonly start: Position;
}

/**
 * Scores the positions one by one, calling `onStep` for each; stops early (resolving false)
 * when `cancelled()` turns true or the engine's answer is dropped (as it is once `signal`, the
 * asking page's life, aborts).
 */
export async function runReview(
  engine: EngineClient,
  signal: AbortSignal,
  line: ReviewLine,
  onStep: (step: ReviewStep) => void,
  cancelled: () => boolean,
): Promise<boolean> {
  let previous: PositionEval | null = null;
  const position = line.start.clone();
  for (const m of line.before) position.play(m);
  for (let i = 0; i <= line.moves.length; i++) {
    const mover = position.turn();
    if (i > 0 && !position.play(line.moves[i - 1]!).ok) return false;
    const evaluation = await scorePosition(engine, signal, line, i, position);
    if (!evaluation || cancelled()) return false;
    const step: ReviewStep = previous
      ? {
          index: i,
          eval: evaluation,
          verdict: judgeMove(previous, evaluation, mover, line.moves[i - 1]!),
        }
      : { index: i, eval: evaluation };
    onStep(step);
    previous = evaluation;
  }
  return true;
}

async function scorePosition(
  engine: EngineClient,
  signal: AbortSignal,
  line: ReviewLine,
  i: number,
  position: Position,
): Promise<PositionEval | null> {
  const outcome = position.outcome();
  if (outcome) {
    const share = outcome.winner === null ? 0.5 : outcome.winner === 'white' ? 1 : 0;
    const label = outcome.winner === null ? '½-½' : outcome.winner === 'white' ? '1-0' : '0-1';
    return { share, label, depth: 0, shareByDepth: new Map(), best: null, bestSan: null };
  }
  const white = position.turn() === 'white';
  const forWhite = (s: UciScore): UciScore => (white ? s : { type: s.type, value: -s.value });
  const shareByDepth = new Map<number, number>();
  const reply = await engine.analyse(
    { ...line.spec, moves: [...line.before, ...line.moves.slice(0, i)] },
    {
      multiPv: 1,
      movetime: REVIEW_MS,
      depth: REVIEW_DEPTH,
      onInfo: (info) => {
        if (info.multiPv === 1) shareByDepth.set(info.depth, whiteShare(forWhite(info.score)));
      },
      signal,
    },
  );
  if (!reply) return null;
  const score = forWhite(reply.score);
  let bestSan: string | null = null;
  if (reply.bestMove) {
    const p = position.clone();
    const r = p.play(reply.bestMove);
    bestSan = r.ok ? r.value.san : null;
  }
  return {
    share: whiteShare(score),
    label: scoreText(score),
    depth: reply.depth,
    shareByDepth,
    best: reply.bestMove,
    bestSan,
  };
}
