/**
 * Public API of the Citadel lab: the tools that measure and tune the engine — self-play, Texel
 * tuning, fitting the evaluation to a teacher's scores, and reports on match games (which read
 * the move comments `citadel match` writes). Nothing here is needed to play.
 */
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
export { fitEvaluation, LINEAR_WEIGHTS } from './eval-fit.ts';
export type { FitOptions, FitResult } from './eval-fit.ts';
export { matchReport, decidedAt, LIMIT_REPORT } from './match-report.ts';
export type { MatchReport, ReportGame, ColourScore, LimitGames } from './match-report.ts';
