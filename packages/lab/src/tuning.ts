/**
 * Texel-style tuning of the evaluation weights on games the engine plays against itself: minimise
 * the mean squared difference between each position's game result (1, 0.5, 0 for White) and the
 * evaluation mapped to an expected score, sigmoid(K * eval), by coordinate descent over the
 * weights. The self-play that produces the samples and the file handling live in the lab's
 * scripts (texel.ts, distill.ts). Also here: reading the scores `citadel match` writes in its
 * move comments, the labels of distillation.
 */
import {
  FastPosition,
  inCheck,
  parseFen,
  type Ruleset,
  type Setup,
  type KindKey,
  kindKey,
} from '@citadel/core';
import {
  evalTables,
  Evaluator,
  DEFAULT_WEIGHTS,
  type EvalWeights,
  type NumericWeight,
} from '@citadel/engine';

export interface Sample {
  readonly fen: string;
  /** Final result of the game for White: 1, 0.5 or 0. */
  readonly result: number;
}

export interface PreparedSamples {
  readonly setups: readonly Setup[];
  readonly results: Float64Array;
}

/** Parses the samples once; positions in check are left out (their static value means little). */
export function prepareSamples(rs: Ruleset, samples: readonly Sample[]): PreparedSamples {
  const setups: Setup[] = [];
  const results: number[] = [];
  const pos = new FastPosition(rs);
  for (const s of samples) {
    const setup = parseFen(rs, s.fen);
    if (!setup.ok) continue;
    pos.load(setup.value);
    if (inCheck(pos)) continue;
    setups.push(setup.value);
    results.push(s.result);
  }
  return { setups, results: Float64Array.from(results) };
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Mean squared error of the predictions with these weights and scale K (per centipawn). */
export function meanSquaredError(
  rs: Ruleset,
  data: PreparedSamples,
  weights: EvalWeights,
  k: number,
): number {
  const evaluator = new Evaluator(evalTables(rs, weights));
  const pos = new FastPosition(rs);
  let sum = 0;
  for (let i = 0; i < data.setups.length; i++) {
    pos.load(data.setups[i]!);
    const e = evaluator.evaluate(pos);
    const white = pos.side === 0 ? e : -e;
    const d = data.results[i]! - sigmoid(k * white);
    sum += d * d;
  }
  return sum / Math.max(1, data.setups.length);
}

/** The K that fits the untuned evaluation best (golden-section search). */
export function fitScale(rs: Ruleset, data: PreparedSamples, weights: EvalWeights): number {
  let lo = 0.0005;
  let hi = 0.02;
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 30; i++) {
    const a = hi - g * (hi - lo);
    const b = lo + g * (hi - lo);
    if (meanSquaredError(rs, data, weights, a) < meanSquaredError(rs, data, weights, b)) hi = b;
    else lo = a;
  }
  return (lo + hi) / 2;
}

/** The scalar weights tuned, with their step sizes. */
export const TUNABLE: ReadonlyArray<readonly [NumericWeight, number]> = [
  ['centralityMg', 1],
  ['centralityEg', 1],
  ['royalAdvanceMg', 3],
  ['royalCentralityEg', 1],
  ['pawnAdvanceMg', 5],
  ['pawnAdvanceEg', 10],
  ['pawnCentreMg', 2],
  ['doubledPawn', 4],
  ['isolatedPawn', 4],
  ['passedMg', 2],
  ['passedEg', 4],
  ['rookOpenFileMg', 5],
  ['rookOpenFileEg', 5],
  ['rookHalfOpenFileMg', 4],
  ['rookHalfOpenFileEg', 4],
  ['outpostMg', 5],
  ['outpostEg', 5],
  ['attackerNearRoyal', 3],
  ['pawnShield', 3],
  ['unusedKingSwap', 10],
  ['princeBonus', 30],
  ['pawnOfPawnsWaiting', 30],
  ['pawnOfPawnsLater', 30],
  ['citadelRun', 4],
  ['mobilityMg', 1],
  ['mobilityEg', 1],
  ['threatByLesserMg', 10],
  ['threatByLesserEg', 10],
  ['hangingMg', 10],
  ['hangingEg', 10],
  ['royalZoneAttack', 2],
  ['royalDanger', 20],
];

export interface TuneResult {
  readonly weights: EvalWeights;
  readonly k: number;
  readonly errorBefore: number;
  readonly errorAfter: number;
  /** Error on the held-out samples before and after (when some were given). */
  readonly holdoutBefore?: number;
  readonly holdoutAfter?: number;
  readonly samples: number;
}

export interface TuneOptions {
  /** Coordinate-descent passes at most (default 4). */
  readonly passes?: number;
  /** Weights to start from (default DEFAULT_WEIGHTS). */
  readonly start?: EvalWeights;
  /** Scale K of sigmoid(K * eval); default: fitted to the start weights. */
  readonly k?: number;
  /**
   * Also free the side-to-move bonus (`tempo`) while tuning, and give back the start value in
   * the result: a nuisance parameter for labels from one engine's view of its own moves, which
   * carry its bias towards the side to move (see {@link expectedScore}).
   */
  readonly tempoNuisance?: boolean;
  /** Samples not tuned on, whose error is reported (overfitting shows there first). */
  readonly holdout?: PreparedSamples;
  readonly onProgress?: (message: string) => void;
}

/**
 * Coordinate descent: for every weight (and every piece's value scale) step up, then down, as
 * long as the error falls; repeat until a pass changes nothing or `passes` are done.
 */
export function tune(rs: Ruleset, data: PreparedSamples, options: TuneOptions = {}): TuneResult {
  const start = weightsClone(options.start ?? DEFAULT_WEIGHTS);
  let w = start;
  const k = options.k ?? fitScale(rs, data, w);
  const error = (x: EvalWeights, d = data): number => meanSquaredError(rs, d, x, k);
  const errorBefore = error(w);
  let best = errorBefore;
  const holdout = options.holdout;
  const holdoutBefore = holdout ? error(w, holdout) : undefined;
  const kinds: KindKey[] = rs.kinds
    .map(kindKey)
    .filter((key) => key !== 'king' && !key.startsWith('pawn'));
  const steps: Array<readonly [NumericWeight, number]> = [...TUNABLE];
  if (options.tempoNuisance) steps.push(['tempo', 5]);
  /** Keeps stepping `next` from the current weights while the error falls; true if it moved. */
  const descend = (next: (from: EvalWeights) => EvalWeights): boolean => {
    let moved = false;
    for (;;) {
      const trial = next(w);
      const e = error(trial);
      if (e >= best) return moved;
      best = e;
      w = trial;
      moved = true;
    }
  };
  for (let pass = 0; pass < (options.passes ?? 4); pass++) {
    let improved = false;
    for (const [key, step] of steps) {
      for (const dir of [1, -1]) {
        const moved = descend((from) => ({
          ...from,
          [key]: Math.max(0, (from[key] as number) + dir * step),
        }));
        improved ||= moved;
      }
    }
    for (const kind of kinds) {
      for (const dir of [1, -1]) {
        const moved = descend((from) => ({
          ...from,
          valueScale: {
            ...from.valueScale,
            [kind]: Math.round(((from.valueScale[kind] ?? 1) + dir * 0.05) * 100) / 100,
          },
        }));
        improved ||= moved;
      }
    }
    const held = holdout ? `, held out ${error(w, holdout).toFixed(6)}` : '';
    options.onProgress?.(`pass ${pass + 1}: error ${best.toFixed(6)}${held}`);
    if (!improved) break;
  }
  const holdoutAfter = holdout ? error(w, holdout) : undefined;
  if (options.tempoNuisance) w = { ...w, tempo: start.tempo };
  return {
    weights: w,
    k,
    errorBefore,
    errorAfter: best,
    ...(holdoutBefore !== undefined ? { holdoutBefore } : {}),
    ...(holdoutAfter !== undefined ? { holdoutAfter } : {}),
    samples: data.setups.length,
  };
}

/**
 * Expected score (0..1) of a search score in centipawns for the side it is given for: the
 * label of a position scored by a stronger engine's search (scripts/distill.ts).
 * 0.006 per centipawn puts +100 at 0.65 and +300 at 0.86.
 */
export function expectedScore(cp: number): number {
  return sigmoid(0.006 * cp);
}

/**
 * The score of a match PGN move comment, `{+1.46/12 0.05s}` or `{-M5/9 0.02s}`, for the side that
 * moved: centipawns (`cp`, not capped), or a mate (`mate`: the signed number of moves), or null
 * when the comment has none (`{book}`).
 */
export function readCommentScore(comment: string): { cp: number } | { mate: number } | null {
  const m = /^\s*([+-]?)(M?)(\d+(?:\.\d+)?)(?:\/\d+)?(?=\s|$)/.exec(comment);
  if (!m) return null;
  const sign = m[1] === '-' ? -1 : 1;
  return m[2] ? { mate: sign * Number(m[3]) } : { cp: sign * Math.round(Number(m[3]) * 100) };
}

/**
 * The plies of a match game (its moves' comments) where the side to move first saw a mate of its
 * own: the comment of the move it played announces a mate in 1..`maxMoves` moves, and the
 * comment of its previous move (two plies back) announced none.
 */
export function firstMateAnnouncements(
  moves: ReadonlyArray<{ readonly comment?: string }>,
  maxMoves: number,
): number[] {
  const mateIn = (ply: number): number => {
    const score = readCommentScore(moves[ply]?.comment ?? '');
    return score !== null && 'mate' in score && score.mate > 0 ? score.mate : 0;
  };
  const plies: number[] = [];
  for (let ply = 0; ply < moves.length; ply++) {
    const n = mateIn(ply);
    if (n > 0 && n <= maxMoves && mateIn(ply - 2) === 0) plies.push(ply);
  }
  return plies;
}

/**
 * The score of a match PGN move comment (`readCommentScore`) in centipawns, mates and larger
 * scores counted as +-1000, or null when the comment has none.
 */
export function commentScore(comment: string): number | null {
  const score = readCommentScore(comment);
  if (score === null) return null;
  if ('mate' in score) return score.mate < 0 ? -1000 : 1000;
  return Math.max(-1000, Math.min(1000, score.cp));
}

function weightsClone(w: EvalWeights): EvalWeights {
  return { ...w, valueScale: { ...w.valueScale } };
}

/** The weights that differ from the defaults (what goes into TUNED). */
export function weightChanges(w: EvalWeights): Partial<EvalWeights> {
  const out: Record<string, unknown> = {};
  for (const [key] of TUNABLE) if (w[key] !== DEFAULT_WEIGHTS[key]) out[key] = w[key];
  const scales = Object.entries(w.valueScale).filter(([, v]) => v !== 1);
  if (scales.length) out['valueScale'] = Object.fromEntries(scales);
  return out as Partial<EvalWeights>;
}
