/** Public API of the Citadel engine. */
export { Engine, DEFAULT_OPTIONS } from './engine.ts';
export { GameCache } from './game-setup.ts';
export type {
  EngineIo,
  EngineInfo,
  EngineOptions,
  EngineResult,
  GameSpec,
  GoLimits,
} from './engine.ts';
export { Searcher, MAX_PLY } from './search.ts';
export type {
  IterationInfo,
  RootLine,
  SearchCallbacks,
  SearchLimits,
  SearchOutcome,
} from './search.ts';
export { evalTables } from './eval-tables.ts';
export type { EvalTables } from './eval-tables.ts';
export { Evaluator } from './evaluate.ts';
export { DEFAULT_WEIGHTS } from './eval-weights.ts';
export type { EvalWeights } from './eval-weights.ts';
export { deriveValues, mobilityStats } from './piece-values.ts';
export { TranspositionTable } from './transposition-table.ts';
export { see } from './see.ts';
export { budget } from './time-manager.ts';
export { levelMovetime, levelSettings, MAX_LEVEL } from './levels.ts';
export { toUciScore, MATE, isMateScore } from './score.ts';
export type { UciScore } from './score.ts';
export { playGame, playPairs, randomOpening } from './self-play.ts';
export type { SelfPlayGame, SelfPlayOptions } from './self-play.ts';
export {
  prepareSamples,
  meanSquaredError,
  fitScale,
  tune,
  weightChanges,
  TUNABLE,
  expectedScore,
  commentScore,
  readCommentScore,
  firstMateAnnouncements,
} from './tuning.ts';
export type { Sample, PreparedSamples, TuneResult, TuneOptions } from './tuning.ts';
export { weightsFor, TUNED } from './eval-weights.ts';
export { fitEvaluation, LINEAR_WEIGHTS } from './eval-fit.ts';
export type { FitOptions, FitResult } from './eval-fit.ts';
export type { LearnedPsq, LearnedKind } from './learned-psq.ts';
export { matchReport, decidedAt, LIMIT_REPORT } from './match-report.ts';
export type { MatchReport, ReportGame, ColourScore, LimitGames } from './match-report.ts';
