/**
 * Distillation of the evaluation into learned tables: fit piece-square tables, per-kind mobility and the linear weights of the
 * evaluation to a stronger engine's scores by gradient descent (Adam) on
 *
 *   mean (sigmoid(K * eval) - label)^2  +  penalty * sum(shape changes^2)
 *
 * The evaluation is linear in every fitted quantity once a position's phase is fixed, so each
 * position is reduced once to its features:
 *   1. the evaluation with the start weights (White's view);
 *   2. for each linear weight and each kind's mobility, the change of the evaluation per unit of
 *      that weight, measured with the evaluator itself (so this file never re-implements a term);
 *   3. its pieces: sign, kind and cell, weighted by the middlegame / endgame blend.
 * A piece's table is its start table plus a per-kind material change plus a shape change per
 * cell; shapes are shared by all pawn kinds and by mirror-image cells (files a..k and k..a), and
 * the penalty keeps cells seen rarely near their start values. The step with the lowest
 * held-out error is kept (early stopping).
 */
import {
  EMPTY,
  FastPosition,
  codeColor,
  codeKind,
  kindKey,
  pieceCode,
  type KindKey,
  type Ruleset,
} from '@citadel/core';
import {
  evalTables,
  type EvalTables,
  Evaluator,
  mobilityOf,
  type EvalWeights,
  type NumericWeight,
  learnedIndex,
  mainBoard,
  type LearnedKind,
  type MainBoard,
} from '@citadel/engine';
import type { PreparedSamples, TuneResult } from './tuning.ts';

/** Scalar weights the evaluation uses linearly (the others shape the generated tables, which are fitted directly). */
export const LINEAR_WEIGHTS: readonly NumericWeight[] = [
  'doubledPawn',
  'isolatedPawn',
  'passedMg',
  'passedEg',
  'attackerNearRoyal',
  'pawnShield',
  'unusedKingSwap',
  'citadelRun',
  'tempo',
  'threatByLesserMg',
  'threatByLesserEg',
  'hangingMg',
  'hangingEg',
  'royalZoneAttack',
  'royalDanger',
];

/** Step used to measure a weight's feature with the evaluator (large, so rounding is small). */
const PROBE = 100;

export interface FitOptions {
  /** Scale of sigmoid(K * eval); default 0.006, the scale of the labels (tuning.ts expectedScore). */
  readonly k?: number;
  /** Adam steps (default 2000) and step size in centipawns (default 2). */
  readonly steps?: number;
  readonly rate?: number;
  /** L2 penalty on the shape changes (default 1e-9). */
  readonly penalty?: number;
  readonly holdout?: PreparedSamples;
  readonly onProgress?: (message: string) => void;
}

export interface FitResult extends TuneResult {
  /** The step whose parameters were kept. */
  readonly bestStep: number;
}

/** Positions reduced to features (see the file comment). */
interface Features {
  readonly count: number;
  readonly labels: Float64Array;
  readonly base: Float64Array;
  /** Per position: middlegame share of the blend (0..1). */
  readonly mgShare: Float64Array;
  /** Scalar features, `scalars` per position. */
  readonly scalar: Float64Array;
  /** Pieces of position i: pieceStart[i] .. pieceStart[i + 1]. */
  readonly pieceStart: Int32Array;
  readonly pieceSign: Int8Array;
  readonly pieceKind: Int16Array;
  /** Index of the piece's shape cell, or -1 off the main board. */
  readonly pieceShape: Int32Array;
}

/** How the parameters are laid out: scalars, then per-kind material (mg, eg), then shapes (mg, eg). */
class Layout {
  readonly knobs: Knob[];
  readonly kinds: KindKey[];
  readonly kindIndex = new Map<number, number>();
  /** Shape group of each kind index (pawns share one). */
  readonly group: number[] = [];
  readonly groups: number;
  readonly box: MainBoard;
  /** Files of a shape row: mirror-image files share a cell. */
  readonly half: number;

  constructor(
    readonly rs: Ruleset,
    readonly t: EvalTables,
  ) {
    this.kinds = rs.kinds.map(kindKey);
    this.knobs = knobs(rs, t);
    const groupOf = new Map<string, number>();
    rs.kinds.forEach((kind, i) => {
      this.kindIndex.set(kind, i);
      const pawn = rs.isPawn[pieceCode(kind, 0)] === 1 || kindKey(kind) === 'pawnOfPawnsWaiting';
      const name = pawn ? 'pawn' : kindKey(kind);
      if (!groupOf.has(name)) groupOf.set(name, groupOf.size);
      this.group.push(groupOf.get(name)!);
    });
    this.groups = groupOf.size;
    this.box = mainBoard(rs);
    this.half = Math.ceil(this.box.files / 2);
  }

  get scalars(): number {
    return this.knobs.length;
  }
  materialAt(kindIndex: number): number {
    return this.scalars + 2 * kindIndex;
  }
  get shapeBase(): number {
    return this.scalars + 2 * this.kinds.length;
  }
  get size(): number {
    return this.shapeBase + 2 * this.groups * this.box.ranks * this.half;
  }

  /**
   * Moves each shape's mean over the cells into the material of its kinds: the same evaluation
   * of every main-board piece, with the split between value and shape made unique.
   */
  centreShapes(theta: Float64Array): void {
    const cells = this.box.ranks * this.half;
    for (let g = 0; g < this.groups; g++)
      for (let phase = 0; phase < 2; phase++) {
        const first = this.shapeBase + 2 * g * cells + phase;
        let sum = 0;
        for (let c = 0; c < cells; c++) sum += theta[first + 2 * c]!;
        const mean = sum / cells;
        for (let c = 0; c < cells; c++) theta[first + 2 * c]! -= mean;
        this.group.forEach((group, k) => {
          if (group === g) theta[this.materialAt(k) + phase]! += mean;
        });
      }
  }

  /** Shape cell (mg slot; eg is the next one) of a kind on cell `s` for `color`, or -1. */
  shapeAt(kindIndex: number, s: number, color: 0 | 1): number {
    const i = learnedIndex(this.rs, this.box, s, color);
    if (i < 0) return -1;
    const { files, ranks } = this.box;
    const f = i % files;
    const tied = Math.min(f, files - 1 - f);
    const r = (i - f) / files;
    return this.shapeBase + 2 * ((this.group[kindIndex]! * ranks + r) * this.half + tied);
  }
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** One fitted weight: how to read it, how to set it, how finely it is kept. */
interface Knob {
  readonly get: (w: EvalWeights) => number;
  readonly set: (w: EvalWeights, value: number) => EvalWeights;
  /** The fitted value is kept to 1/scale of a centipawn (1 = whole centipawns). */
  readonly scale: number;
  /** Kept at zero or above: a penalty the evaluator applies with a fixed sign. */
  readonly nonNegative: boolean;
}

/** The fitted weights of a ruleset: the linear scalars and each piece's mobility. */
function knobs(rs: Ruleset, t: EvalTables): Knob[] {
  const scalar = LINEAR_WEIGHTS.map((key): Knob => ({
    get: (w) => w[key] as number,
    set: (w, v) => ({ ...w, [key]: v }),
    scale: 1,
    nonNegative: true,
  }));
  const mobile = rs.kinds.filter((k) => t.phaseWeight[pieceCode(k, 0)]! > 0).map(kindKey);
  const mobility = mobile.flatMap((kind) =>
    ([0, 1] as const).map((phase): Knob => ({
      get: (w) => mobilityOf(w, kind)[phase],
      set: (w, v) => {
        const next = [...mobilityOf(w, kind)] as [number, number];
        next[phase] = v;
        return { ...w, mobilityByKind: { ...w.mobilityByKind, [kind]: next } };
      },
      scale: 10,
      nonNegative: false,
    })),
  );
  return [...scalar, ...mobility];
}

function whiteEval(evaluator: Evaluator, pos: FastPosition): number {
  const e = evaluator.evaluate(pos);
  return pos.side === 0 ? e : -e;
}

function extract(rs: Ruleset, layout: Layout, start: EvalWeights, data: PreparedSamples): Features {
  const t = layout.t;
  const base = new Evaluator(t);
  const probes = layout.knobs.map(
    (knob) => new Evaluator(evalTables(rs, knob.set(start, knob.get(start) + PROBE))),
  );
  const n = data.setups.length;
  const scalars = layout.scalars;
  const out = {
    count: n,
    labels: Float64Array.from(data.results),
    base: new Float64Array(n),
    mgShare: new Float64Array(n),
    scalar: new Float64Array(n * scalars),
    pieceStart: new Int32Array(n + 1),
  };
  const sign: number[] = [];
  const kind: number[] = [];
  const shape: number[] = [];
  const pos = new FastPosition(rs);
  for (let i = 0; i < n; i++) {
    pos.load(data.setups[i]!);
    const e0 = whiteEval(base, pos);
    out.base[i] = e0;
    for (let j = 0; j < probes.length; j++)
      out.scalar[i * scalars + j] = (whiteEval(probes[j]!, pos) - e0) / PROBE;
    let phase = 0;
    for (const s of rs.geo.cells) {
      const code = pos.board[s]!;
      if (code === EMPTY) continue;
      phase += t.phaseWeight[code]!;
      const color = codeColor(code) as 0 | 1;
      const k = layout.kindIndex.get(codeKind(code))!;
      sign.push(color === 0 ? 1 : -1);
      kind.push(k);
      shape.push(layout.shapeAt(k, s, color));
    }
    out.mgShare[i] = Math.min(256, ((phase * 256) / t.phaseTotal) | 0) / 256;
    out.pieceStart[i + 1] = sign.length;
  }
  return {
    ...out,
    pieceSign: Int8Array.from(sign),
    pieceKind: Int16Array.from(kind),
    pieceShape: Int32Array.from(shape),
  };
}

/** Each position's evaluation under parameter changes `theta` (centipawns, White's view). */
function predict(f: Features, layout: Layout, theta: Float64Array, out: Float64Array): void {
  const scalars = layout.scalars;
  for (let i = 0; i < f.count; i++) {
    let e = f.base[i]!;
    for (let j = 0; j < scalars; j++) e += theta[j]! * f.scalar[i * scalars + j]!;
    const pm = f.mgShare[i]!;
    const pe = 1 - pm;
    for (let p = f.pieceStart[i]!; p < f.pieceStart[i + 1]!; p++) {
      const m = layout.materialAt(f.pieceKind[p]!);
      let mg = theta[m]!;
      let eg = theta[m + 1]!;
      const s = f.pieceShape[p]!;
      if (s >= 0) {
        mg += theta[s]!;
        eg += theta[s + 1]!;
      }
      e += f.pieceSign[p]! * (pm * mg + pe * eg);
    }
    out[i] = e;
  }
}

function meanError(f: Features, layout: Layout, theta: Float64Array, k: number): number {
  const e = new Float64Array(f.count);
  predict(f, layout, theta, e);
  let sum = 0;
  for (let i = 0; i < f.count; i++) sum += (sigmoid(k * e[i]!) - f.labels[i]!) ** 2;
  return sum / Math.max(1, f.count);
}

/** Fits the evaluation of `rs` to the labelled positions, starting from `start`. */
export function fitEvaluation(
  rs: Ruleset,
  data: PreparedSamples,
  start: EvalWeights,
  options: FitOptions = {},
): FitResult {
  const k = options.k ?? 0.006;
  const steps = options.steps ?? 2000;
  const rate = options.rate ?? 2;
  const penalty = options.penalty ?? 1e-9;
  const t = evalTables(rs, start);
  const layout = new Layout(rs, t);
  const train = extract(rs, layout, start, data);
  const held = options.holdout ? extract(rs, layout, start, options.holdout) : null;
  const size = layout.size;
  const theta = new Float64Array(size);
  const best = new Float64Array(size);
  const m1 = new Float64Array(size);
  const m2 = new Float64Array(size);
  const grad = new Float64Array(size);
  const e = new Float64Array(train.count);
  const errorBefore = meanError(train, layout, theta, k);
  const holdoutBefore = held ? meanError(held, layout, theta, k) : undefined;
  let bestHeld = holdoutBefore ?? Infinity;
  let bestStep = 0;
  const scalars = layout.scalars;
  // Penalty weights (and the tempo) stay at zero or above, as the evaluator applies them with a sign.
  const floor = new Float64Array(size).fill(-Infinity);
  layout.knobs.forEach((knob, j) => {
    if (knob.nonNegative) floor[j] = -knob.get(start);
  });
  for (let step = 1; step <= steps; step++) {
    predict(train, layout, theta, e);
    grad.fill(0);
    for (let i = 0; i < train.count; i++) {
      const p = sigmoid(k * e[i]!);
      const g = (2 * (p - train.labels[i]!) * p * (1 - p) * k) / train.count;
      for (let j = 0; j < scalars; j++) grad[j] += g * train.scalar[i * scalars + j]!;
      const pm = train.mgShare[i]!;
      const pe = 1 - pm;
      for (let q = train.pieceStart[i]!; q < train.pieceStart[i + 1]!; q++) {
        const gs = g * train.pieceSign[q]!;
        const m = layout.materialAt(train.pieceKind[q]!);
        grad[m] += gs * pm;
        grad[m + 1] += gs * pe;
        const s = train.pieceShape[q]!;
        if (s >= 0) {
          grad[s] += gs * pm;
          grad[s + 1] += gs * pe;
        }
      }
    }
    for (let j = layout.shapeBase; j < size; j++) grad[j] += 2 * penalty * theta[j]!;
    // Adam (beta1 0.9, beta2 0.999).
    const c1 = 1 - 0.9 ** step;
    const c2 = 1 - 0.999 ** step;
    for (let j = 0; j < size; j++) {
      m1[j] = 0.9 * m1[j]! + 0.1 * grad[j]!;
      m2[j] = 0.999 * m2[j]! + 0.001 * grad[j]! * grad[j]!;
      theta[j] = Math.max(
        floor[j]!,
        theta[j]! - (rate * (m1[j]! / c1)) / (Math.sqrt(m2[j]! / c2) + 1e-12),
      );
    }
    layout.centreShapes(theta);
    if (step % 50 === 0 || step === steps) {
      const h = held ? meanError(held, layout, theta, k) : meanError(train, layout, theta, k);
      if (h < bestHeld) {
        bestHeld = h;
        bestStep = step;
        best.set(theta);
      }
      if (step % 250 === 0)
        options.onProgress?.(
          `step ${step}: error ${meanError(train, layout, theta, k).toFixed(6)}${held ? `, held out ${h.toFixed(6)}` : ''}`,
        );
    }
  }
  if (!held && bestStep === 0) best.set(theta);
  const weights = fittedWeights(layout, start, best);
  return {
    weights,
    k,
    errorBefore,
    errorAfter: meanError(train, layout, best, k),
    ...(holdoutBefore !== undefined ? { holdoutBefore, holdoutAfter: bestHeld } : {}),
    bestStep,
    samples: train.count,
  };
}

/** The start weights with the fitted changes, rounded to whole centipawns. */
function fittedWeights(layout: Layout, start: EvalWeights, theta: Float64Array): EvalWeights {
  const { rs, t } = layout;
  const fitted = layout.knobs.reduce(
    (w, knob, j) =>
      knob.set(w, Math.round((knob.get(start) + theta[j]!) * knob.scale) / knob.scale),
    start,
  );
  const kinds: Partial<Record<KindKey, LearnedKind>> = {};
  const { box } = layout;
  rs.kinds.forEach((kind, ki) => {
    const code = pieceCode(kind, 0);
    const m = layout.materialAt(ki);
    const mg: number[] = [];
    const eg: number[] = [];
    for (let r = 0; r < box.ranks; r++)
      for (let f = 0; f < box.files; f++) {
        const s = rs.geo.sq(f + box.file0, r + box.rank0);
        const i = learnedIndex(rs, box, s, 0);
        const shape = layout.shapeAt(ki, s, 0);
        // Cells the kind may not stand on are never read.
        if (shape < 0 || rs.stop[code * rs.size + s] !== 1) {
          mg[i] = eg[i] = 0;
          continue;
        }
        mg[i] = Math.round(t.psqMg[code * rs.size + s]! + theta[m]! + theta[shape]!);
        eg[i] = Math.round(t.psqEg[code * rs.size + s]! + theta[m + 1]! + theta[shape + 1]!);
      }
    kinds[kindKey(kind)] = {
      value: [
        Math.round(t.valueMg[code]! + theta[m]!),
        Math.round(t.valueEg[code]! + theta[m + 1]!),
      ],
      mg,
      eg,
    };
  });
  return { ...fitted, psq: { files: box.files, ranks: box.ranks, kinds } };
}
