/** Texel tuning and teacher labels: the tuner finds a planted weight; comments parse to scores. */
import { sampleSize } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import { FastPosition, KIND, compileRuleset, mulberry32, pieceCode } from '@citadel/core';
import { Engine, evalTables, Evaluator, DEFAULT_WEIGHTS, type EvalWeights } from '@citadel/engine';
import { fitEvaluation } from './eval-fit.ts';
import {
  commentScore,
  firstMateAnnouncements,
  readCommentScore,
  expectedScore,
  meanSquaredError,
  prepareSamples,
  tune,
  type PreparedSamples,
  type Sample,
} from './tuning.ts';

/** Positions of random games in `variant`, as FENs. */
function randomPositions(variant: string, games: number, seed: number): string[] {
  const random = mulberry32(seed);
  const fens: string[] = [];
  for (let g = 0; g < games; g++) {
    const start = Engine.setUp({ variant });
    if (!start.ok) throw new Error(start.error);
    const pos = start.value;
    for (let ply = 0; ply < 60 && pos.outcome() === null; ply++) {
      const legal = pos.legalMoves();
      pos.play(legal[Math.floor(random() * legal.length)]!.text);
      if (ply >= 6) fens.push(pos.fen());
    }
  }
  return fens;
}

/** Samples labelled by the evaluation with `teacher` weights, as expected scores for White. */
function labelled(
  variant: string,
  fens: readonly string[],
  teacher: EvalWeights,
  k: number,
): Sample[] {
  const rs = compileRuleset(variant);
  if (!rs.ok) throw new Error(rs.error);
  const evaluator = new Evaluator(evalTables(rs.value, teacher));
  const pos = new FastPosition(rs.value);
  const data = prepareSamples(
    rs.value,
    fens.map((fen) => ({ fen, result: 0 })),
  );
  return data.setups.map((setup, i) => {
    pos.load(setup);
    const e = evaluator.evaluate(pos);
    return { fen: fens[i]!, result: 1 / (1 + Math.exp(-k * (pos.side === 0 ? e : -e))) };
  });
}

/** Positions of random games labelled by `teacher`, 80% to tune on and 20% held out. */
function teacherSplit(
  variant: string,
  teacher: EvalWeights,
  k: number,
  games: number,
  seed: number,
): { data: PreparedSamples; holdout: PreparedSamples } {
  const rs = compileRuleset(variant);
  if (!rs.ok) throw new Error(rs.error);
  // prepareSamples drops positions in check, so label after it: fens and setups stay aligned.
  const fens = randomPositions(variant, games, seed).filter(
    (fen) => prepareSamples(rs.value, [{ fen, result: 0 }]).setups.length === 1,
  );
  const samples = labelled(variant, fens, teacher, k);
  const cut = Math.floor(samples.length * 0.8);
  return {
    data: prepareSamples(rs.value, samples.slice(0, cut)),
    holdout: prepareSamples(rs.value, samples.slice(cut)),
  };
}

describe('tune', () => {
  it('moves a planted weight towards the labels and lowers the held-out error', () => {
    const variant = 'husun10';
    const rs = compileRuleset(variant);
    if (!rs.ok) throw new Error(rs.error);
    const k = 0.004;
    const teacher: EvalWeights = { ...DEFAULT_WEIGHTS, mobilityMg: 9, isolatedPawn: 30 };
    const { data, holdout } = teacherSplit(variant, teacher, k, sampleSize(4, 8), 3);
    const result = tune(rs.value, data, { passes: 3, k, holdout, tempoNuisance: true });
    expect(result.errorAfter).toBeLessThan(result.errorBefore / 2);
    expect(result.holdoutAfter!).toBeLessThan(result.holdoutBefore!);
    expect(Math.abs(result.weights.mobilityMg - 9)).toBeLessThan(
      Math.abs(DEFAULT_WEIGHTS.mobilityMg - 9),
    );
    expect(result.weights.isolatedPawn).toBeGreaterThan(DEFAULT_WEIGHTS.isolatedPawn);
    // The nuisance parameter is tuned but not returned.
    expect(result.weights.tempo).toBe(DEFAULT_WEIGHTS.tempo);
    expect(meanSquaredError(rs.value, data, result.weights, k)).toBeLessThanOrEqual(
      result.errorBefore,
    );
  });
});

describe('fitEvaluation', () => {
  const variant = 'husun10';
  const rs = compileRuleset(variant);
  if (!rs.ok) throw new Error(rs.error);
  const k = 0.006;
  const teacher: EvalWeights = {
    ...DEFAULT_WEIGHTS,
    pawnAdvanceMg: 80,
    hangingMg: 110,
    mobilityByKind: { knight: [9, 6] },
  };
  const { data, holdout } = teacherSplit(variant, teacher, k, sampleSize(6, 12), 5);
  const result = fitEvaluation(rs.value, data, DEFAULT_WEIGHTS, { k, steps: 600, holdout });

  it('recovers planted values and weights from the labels', () => {
    expect(result.holdoutAfter!).toBeLessThan(result.holdoutBefore! / 5);
    const before = evalTables(rs.value, DEFAULT_WEIGHTS);
    const planted = evalTables(rs.value, teacher);
    const fitted = evalTables(rs.value, result.weights);
    // A pawn's gain from its start to the sixth rank, as the tables say it.
    const pawn = pieceCode(KIND.pawn, 0);
    const g = rs.value.geo;
    const centreGain = (t: typeof before): number =>
      t.psqMg[pawn * rs.value.size + g.sq(4, 5)]! - t.psqMg[pawn * rs.value.size + g.sq(4, 2)]!;
    const gap = (t: typeof before): number => Math.abs(centreGain(t) - centreGain(planted));
    expect(gap(fitted)).toBeLessThan(gap(before));
    expect(Math.abs(result.weights.hangingMg - 110)).toBeLessThan(
      Math.abs(DEFAULT_WEIGHTS.hangingMg - 110) / 2,
    );
    expect(result.weights.mobilityByKind?.knight?.[0]).toBeGreaterThan(DEFAULT_WEIGHTS.mobilityMg);
  });

  it('gives weights with which the evaluator itself scores as the fitted model did', () => {
    const engineError = meanSquaredError(rs.value, holdout, result.weights, k);
    expect(Math.abs(engineError - result.holdoutAfter!)).toBeLessThan(result.holdoutAfter! * 0.1);
  });

  it('places tables learned on a stand-in on the main board of the variant with citadels', () => {
    const husun = compileRuleset('husun');
    if (!husun.ok) throw new Error(husun.error);
    const t10 = evalTables(rs.value, result.weights);
    const t12 = evalTables(husun.value, { ...result.weights });
    const g10 = rs.value.geo;
    const g12 = husun.value.geo;
    for (const code of [pieceCode(KIND.knight, 0), pieceCode(KIND.rook, 1)]) {
      for (const [f, r] of [
        [0, 0],
        [3, 7],
        [9, 9],
      ] as const) {
        expect(t12.psqMg[code * husun.value.size + g12.sq(f + 1, r + 1)]).toBe(
          t10.psqMg[code * rs.value.size + g10.sq(f, r)],
        );
      }
    }
  });
});

describe('teacher labels', () => {
  it('reads the score of a match PGN comment for the side that moved', () => {
    expect(commentScore('+1.46/12 0.05s')).toBe(146);
    expect(commentScore('-0.07/5 0.06s')).toBe(-7);
    expect(commentScore('+0.30 0.04s')).toBe(30);
    expect(commentScore('-M5/9 0.02s')).toBe(-1000);
    expect(commentScore('+M3/36 0.03s')).toBe(1000);
    expect(commentScore('+25.00/3 0.01s')).toBe(1000);
    expect(commentScore('book')).toBeNull();
    expect(commentScore('+1.2x/3')).toBeNull();
  });

  it('tells mates from scores, uncapped, when asked (readCommentScore)', () => {
    expect(readCommentScore('+25.00/3 0.01s')).toEqual({ cp: 2500 });
    expect(readCommentScore('-3.10/9 0.10s')).toEqual({ cp: -310 });
    expect(readCommentScore('-M5/9 0.02s')).toEqual({ mate: -5 });
    expect(readCommentScore('book')).toBeNull();
  });

  it('finds where a side first announced a mate of its own (firstMateAnnouncements)', () => {
    const comments = [
      'book', // 0 White
      '+0.30/8 0.05s', // 1 Black
      '+M7/12 0.10s', // 2 White: mate in 7, more than 6 moves
      '-M6/9 0.05s', // 3 Black: being mated is not an announcement
      '+M5/12 0.10s', // 4 White: already announced one on its last turn
      '-M4/9 0.05s', // 5
      '+2.10/9 0.10s', // 6 White lost it
      '+M3/9 0.05s', // 7 Black: first sees its own mate
      '+M2/9 0.10s', // 8 White again, after a turn without one
      '+M2/9 0.05s', // 9 Black: already announced
    ];
    const moves = comments.map((comment) => ({ comment }));
    expect(firstMateAnnouncements(moves, 6)).toEqual([7, 8]);
    expect(firstMateAnnouncements(moves, 7)).toEqual([2, 7, 8]);
    expect(firstMateAnnouncements([], 6)).toEqual([]);
  });

  it('maps scores to expected scores symmetrically and monotonically', () => {
    expect(expectedScore(0)).toBe(0.5);
    expect(expectedScore(150) + expectedScore(-150)).toBeCloseTo(1, 12);
    expect(expectedScore(100)).toBeGreaterThan(0.6);
    expect(expectedScore(300)).toBeGreaterThan(expectedScore(100));
  });
});
