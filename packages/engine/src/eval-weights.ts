import type { KindKey } from '@citadel/core';

/**
 * The evaluation's weights in one place, so tuning (self-play / Texel, scripts/tune) changes data,
 * not code. Centipawns unless said otherwise.
 */
export interface EvalWeights {
  /** Piece-square: per move a piece has from a cell above (below) its average, middlegame / endgame. */
  readonly centralityMg: number;
  readonly centralityEg: number;
  /** Royal pieces: penalty per rank advanced in the middlegame; centrality per move in the endgame. */
  readonly royalAdvanceMg: number;
  readonly royalCentralityEg: number;
  /** Pawns: advancement from the third rank to the last (scaled 0..1), middlegame / endgame (squared). */
  readonly pawnAdvanceMg: number;
  readonly pawnAdvanceEg: number;
  readonly pawnCentreMg: number;
  /** Pawns are worth this factor more in the endgame. */
  readonly pawnEndgameFactor: number;
  readonly doubledPawn: number;
  readonly isolatedPawn: number;
  /** Passed pawn: bonus per relative rank advanced, middlegame / endgame. */
  readonly passedMg: number;
  readonly passedEg: number;
  /** King safety: penalty per enemy piece near our royal, and bonus per own pawn in front of it. */
  readonly attackerNearRoyal: number;
  readonly pawnShield: number;
  /** Tamerlane: an unused king swap, a Prince beside the King, the pawn of pawns' later stages. */
  readonly unusedKingSwap: number;
  readonly princeBonus: number;
  readonly pawnOfPawnsWaiting: number;
  readonly pawnOfPawnsLater: number;
  /** When behind by more than `behindMargin`: bonus per cell closer to an enemy citadel (draw by entering). */
  readonly behindMargin: number;
  readonly citadelRun: number;
  readonly tempo: number;
  /** Per pseudo-legal move of a piece (not pawns or royals), middlegame / endgame; 0 skips the term. */
  readonly mobilityMg: number;
  readonly mobilityEg: number;
  /** Multipliers of the mobility-derived material values, by kind (1 when absent); tuned per variant. */
  readonly valueScale: Readonly<Partial<Record<KindKey, number>>>;
}

export const DEFAULT_WEIGHTS: EvalWeights = {
  centralityMg: 4,
  centralityEg: 3,
  royalAdvanceMg: 12,
  royalCentralityEg: 5,
  pawnAdvanceMg: 20,
  pawnAdvanceEg: 60,
  pawnCentreMg: 6,
  pawnEndgameFactor: 1.2,
  doubledPawn: 12,
  isolatedPawn: 10,
  passedMg: 6,
  passedEg: 14,
  attackerNearRoyal: 8,
  pawnShield: 8,
  unusedKingSwap: 25,
  princeBonus: 120,
  pawnOfPawnsWaiting: 220,
  pawnOfPawnsLater: 160,
  behindMargin: 250,
  citadelRun: 12,
  tempo: 10,
  mobilityMg: 3,
  mobilityEg: 2,
  valueScale: {},
};

/**
 * Tuned changes per variant (scripts/tune/texel.mjs writes them; see the README "Tuning"
 * section for how they were obtained). Variants without an entry use DEFAULT_WEIGHTS.
 */
export const TUNED: Readonly<Record<string, Partial<EvalWeights>>> = {};

export function weightsFor(variant: string): EvalWeights {
  const tuned = TUNED[variant];
  return tuned
    ? {
        ...DEFAULT_WEIGHTS,
        ...tuned,
        valueScale: { ...DEFAULT_WEIGHTS.valueScale, ...tuned.valueScale },
      }
    : DEFAULT_WEIGHTS;
}
