/**
 * Whether `go` has no move to name (`bestmove (none)`): only when the variant's rules have ended
 * the game. A draw that is only a claim (threefold repetition or the move rule in chess, Persian
 * Chess and shatranj; see `isClaimableDraw`) leaves the game going, so the engine still names a
 * move, as Stockfish and Fairy-Stockfish do.
 */
import { isClaimableDraw, type Outcome, type Position } from '@citadel/core';

/** The outcome that ends the game here, or null while a move may still be played. */
export function gameEnd(pos: Position): Outcome | null {
  const outcome = pos.outcome();
  if (!outcome || isClaimableDraw(outcome, pos.rs.def.rules)) return null;
  return outcome;
}
