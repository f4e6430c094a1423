/**
 * Public API of the Citadel engine: the facade (`Engine`), the search, the evaluation (with its
 * weights and tables, which the lab's tuning reads), levels and time management.
 */
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
export { TranspositionTable } from './transposition-table.ts';
export { toUciScore, MATE, isMateScore } from './score.ts';
export type { UciScore } from './score.ts';

// Evaluation.
export { evalTables } from './eval-tables.ts';
export type { EvalTables } from './eval-tables.ts';
export { Evaluator } from './evaluate.ts';
export { DEFAULT_WEIGHTS, TUNED, mobilityOf, weightsFor } from './eval-weights.ts';
export type { EvalWeights, NumericWeight } from './eval-weights.ts';
export { learnedIndex, mainBoard } from './learned-psq.ts';
export type { LearnedKind, LearnedPsq, MainBoard } from './learned-psq.ts';
export { deriveValues, mobilityStats } from './piece-values.ts';
export { see } from './see.ts';

// Levels and time management.
export { levelMovetime, levelSettings, MAX_LEVEL } from './levels.ts';
export { budget } from './time-manager.ts';
