/**
 * How the bot answers its opponent's offers: a takeback is always declined (a bot's move stands,
 * as on the big chess sites); a draw is accepted when the engine's evaluation, from the bot's
 * side, says it is not better — at most 0 centipawns, or a mate against it — and declined
 * otherwise, or without an evaluation. Rematches are the runner's to decide (bot-runner.ts).
 */
import type { SearchInfo } from '../match/uci-client.ts';

export type DrawAnswer = 'accept' | 'decline';

export function drawAnswer(score: SearchInfo['score'] | undefined): DrawAnswer {
  if (!score) return 'decline';
  if (score.kind === 'mate') return score.value > 0 ? 'decline' : 'accept';
  return score.value <= 0 ? 'accept' : 'decline';
}
