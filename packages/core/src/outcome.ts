/**
 * How a game ends, with its reason (docs/rules.md §1-§5b). Used by the readable layer, the CLI and
 * later the engine's adjudication. `legalCount` is the number of legal moves of the side to move.
 */
import type { FastPosition } from './fast-position.ts';
import { bareKingLoser, inCheck } from './movegen.ts';
import { KIND, codeKind } from './piece-kinds.ts';
import { colorName, colorTitle, type Color } from './types.ts';
import type { VariantRules } from './variants/variant.ts';

export type OutcomeReason =
  | 'checkmate'
  | 'stalemate'
  | 'citadel'
  | 'bare-king'
  | 'repetition'
  | 'move-rule'
  | 'insufficient-material';

export interface Outcome {
  /** The winner, or null for a draw. */
  readonly winner: Color | null;
  readonly reason: OutcomeReason;
  /** A sentence for people, e.g. "Black's king entered White's citadel: draw". */
  readonly text: string;
}

export function outcomeOf(pos: FastPosition, legalCount: number): Outcome | null {
  const rs = pos.rs;
  const them = colorName((pos.side ^ 1) as 0 | 1);
  if (pos.citadelDrawn) {
    for (let c = 0; c < 2; c++)
      for (const s of [pos.kingSq[c]!, pos.princeSq[c]!])
        if (s >= 0 && rs.geo.citadelOwner[s] === (c ^ 1)) {
          const who = colorTitle(colorName(c as 0 | 1));
          const piece = codeKind(pos.board[s]!) === KIND.prince ? 'prince' : 'king';
          const owner = colorTitle(colorName((c ^ 1) as 0 | 1));
          return {
            winner: null,
            reason: 'citadel',
            text: `${who}'s ${piece} entered ${owner}'s citadel: draw`,
          };
        }
    return { winner: null, reason: 'citadel', text: 'A king entered the enemy citadel: draw' };
  }
  if (rs.bareKing) {
    const loser = bareKingLoser(pos);
    if (loser >= 0) {
      const winner = colorName((loser ^ 1) as 0 | 1);
      return {
        winner,
        reason: 'bare-king',
        text: `${colorTitle(colorName(loser as 0 | 1))}'s king is bare: ${colorTitle(winner)} wins`,
      };
    }
  }
  if (legalCount === 0) {
    if (inCheck(pos))
      return { winner: them, reason: 'checkmate', text: `checkmate: ${colorTitle(them)} wins` };
    if (rs.stalemateLoses)
      return { winner: them, reason: 'stalemate', text: `stalemate: ${colorTitle(them)} wins` };
    return { winner: null, reason: 'stalemate', text: 'stalemate: draw' };
  }
  if (rs.repetitionDraws && repetitions(pos) >= 3)
    return { winner: null, reason: 'repetition', text: 'threefold repetition: draw' };
  if (rs.moveRulePlies !== null && pos.halfmove >= rs.moveRulePlies)
    return {
      winner: null,
      reason: 'move-rule',
      text: `${rs.moveRulePlies / 2} moves without capture or pawn move: draw`,
    };
  if (rs.def.rules.insufficientMaterial && insufficientMaterial(pos))
    return { winner: null, reason: 'insufficient-material', text: 'insufficient material: draw' };
  return null;
}

/**
 * Whether the outcome is a draw a player may claim rather than one the rules impose: threefold
 * repetition and the move rule in the variants played under FIDE rules or as Fairy-Stockfish
 * plays them (chess, Persian Chess, shatranj: the variants whose repetition draw is always in
 * force; FIDE Laws 9.2, 9.3). A game may go on past such a draw while nobody claims it: `play`
 * accepts further moves, `outcome()` still reports it, and whoever referees decides. The
 * repetition house rule of husun and Tamerlane (docs/rules.md §6) ends the game.
 */
export function isClaimableDraw(outcome: Outcome, rules: VariantRules): boolean {
  return (
    rules.repetition === 'always' &&
    (outcome.reason === 'repetition' || outcome.reason === 'move-rule')
  );
}

/** How often the current position has occurred (same hash, same side), counting itself. */
export function repetitions(pos: FastPosition): number {
  let count = 1;
  const limit = Math.max(0, pos.ply - pos.halfmove);
  for (let i = pos.ply - 2; i >= limit; i -= 2)
    if (pos.hashHistoryLo[i] === pos.hashLo && pos.hashHistoryHi[i] === pos.hashHi) count++;
  return count;
}

/** K v K, K + bishop or knight v K (FIDE dead positions that are easy to recognise). */
function insufficientMaterial(pos: FastPosition): boolean {
  const total = pos.pieceCount[0]! + pos.pieceCount[1]!;
  if (total === 2) return true;
  if (total !== 3) return false;
  for (let c = 0; c < 2; c++)
    for (let i = 0; i < pos.pieceCount[c]!; i++) {
      const kind = codeKind(pos.board[pos.pieceAt(c, i)]!);
      if (kind === KIND.king) continue;
      return kind === KIND.bishop || kind === KIND.knight;
    }
  return false;
}
