/** Public API of the Citadel rules core. */
export * from './types.ts';
export { Geometry, STRIDE, PAD } from './geometry.ts';
export { MODE_BOTH, MODE_MOVE, MODE_CAPTURE, type MoveMode } from './betza.ts';
export {
  KIND,
  KIND_INFO,
  KIND_KEYS,
  kindInfo,
  kindKey,
  pieceCode,
  codeKind,
  codeColor,
  EMPTY,
  OFF,
} from './piece-kinds.ts';
export type { KindKey, KindInfo, MovementSpec } from './piece-kinds.ts';
export { VARIANTS, STAND_INS, VARIANT_IDS, findVariant } from './variants/index.ts';
export type { VariantDef, VariantId } from './variants/index.ts';
export type { StartArray, RuleSwitchSpec, VariantRules } from './variants/variant.ts';
export {
  CODE_SPACE,
  Ruleset,
  compileRuleset,
  RAY_OFFSETS,
  RIGHT_SWAP,
  RIGHT_RENDEZVOUS,
  RIGHT_CASTLE_K,
  RIGHT_CASTLE_Q,
} from './ruleset.ts';
export type { RulesetOptions } from './ruleset.ts';
export { FastPosition, MOVE_BUFFER, PLAY_MOVE_BUFFER } from './fast-position.ts';
export type { Setup } from './fast-position.ts';
export * from './move.ts';
export {
  generateLegal,
  generateTactical,
  isOrdinaryLegal,
  generatePseudo,
  inCheck,
  royalSquare,
  endedByRule,
  bareKingLoser,
} from './movegen.ts';
export { isAttacked, leastValuableAttacker, ROYAL_VALUE } from './attacks.ts';
export { perft, divide } from './perft.ts';
export { parseFen, makeFen, makeBoardText, startSetup, pieceText, pieceFromText } from './fen.ts';
export { setupFromPieces, validateSetup } from './validate-setup.ts';
export type { PlacedPiece } from './validate-setup.ts';
export type { SetupProblem, SetupReason } from './position-problems.ts';
export { parseDesignerFen, makeDesignerFen } from './designer-fen.ts';
export { makeMoveText, parseMoveText } from './move-text.ts';
export { makeSan, parseSan } from './san.ts';
export { isClaimableDraw, outcomeOf, repetitions } from './outcome.ts';
export type { Outcome, OutcomeReason } from './outcome.ts';
export { Position } from './position.ts';
export type {
  MoveInfo,
  MoveKind,
  PieceOnBoard,
  PositionOptions,
  SpecialRights,
} from './position.ts';
export { parsePgn, parsePgnGames, makePgn, resultToken } from './pgn.ts';
export type { PgnGame, PgnMove } from './pgn.ts';
export { mulberry32 } from './random.ts';
export { excerpt, EXCERPT_MAX } from './excerpt.ts';
