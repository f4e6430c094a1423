/**
 * Fits a variant's evaluation to a stronger engine's scores (Node; bundled by scripts/build.mjs
 * into packages/lab/dist/fit.mjs) and writes the result as a module of the engine:
 *
 *   node packages/lab/dist/fit.mjs --variant tamerlane11 --labels labels.jsonl[,more.jsonl] \
 *     [--pgn games.pgn.gz] [--steps 2000] [--rate 2] [--penalty 1e-9] [--holdout 0.15] [--k 0.006] \
 *     [--with-captures] \
 *     --module packages/engine/src/learned/tamerlane11.ts --name TAMERLANE11
 *
 * Samples: label files of label.ts (positions whose best move is quiet, or all of
 * them with `--with-captures`) and the teacher's move comments in `--pgn` games
 * (samples.ts). The last `--holdout` share (in blocks of 200 consecutive positions)
 * is held out for early stopping. The fit itself is `fitEvaluation` (src/eval-fit.ts);
 * the module exports the fitted weights (linear weights, per-kind mobility, piece-square tables)
 * as a `Partial<EvalWeights>` for eval-weights.ts `TUNED`. Before writing, the evaluator itself
 * is run with the rounded weights, so the reported error is the engine's, not the model's.
 */
import { writeFileSync } from 'node:fs';
import { compileRuleset } from '@citadel/core';
import { DEFAULT_WEIGHTS, weightsFor, type EvalWeights } from '@citadel/engine';
import { fitEvaluation, meanSquaredError, prepareSamples } from '@citadel/lab';
import { arg, listArg, positiveArg } from './inputs.ts';
import { readSamples } from './samples.ts';

/** The weights that differ from the defaults, as TypeScript source. */
function moduleSource(variant: string, name: string, w: EvalWeights, note: string): string {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(w)) {
    const base = (DEFAULT_WEIGHTS as unknown as Record<string, unknown>)[key];
    if (JSON.stringify(value) !== JSON.stringify(base)) changed[key] = value;
  }
  return `/**
 * ${variant}: evaluation distilled from Fairy-Stockfish's scores by packages/lab/scripts/fit.ts
 * (docs/engine.md, "Evaluation"). Generated; do not edit by hand.
 * ${note}
 */
import type { EvalWeights } from '../eval-weights.ts';

export const ${name}: Partial<EvalWeights> = ${JSON.stringify(changed)};
`;
}

function main(): void {
  const variant = arg('variant');
  const rs = compileRuleset(variant);
  if (!rs.ok) throw new Error(rs.error);
  const [modulePath, name] = [arg('module'), arg('name')];
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    throw new Error(`--name '${name}' is not an identifier`);
  const options = {
    k: positiveArg('k', '0.006'),
    steps: Math.round(positiveArg('steps', '2000')),
    rate: positiveArg('rate', '2'),
    penalty: positiveArg('penalty', '1e-9'),
  };
  const heldShare = positiveArg('holdout', '0.15');
  if (heldShare >= 0.5) throw new Error(`--holdout takes a share below 0.5, not ${heldShare}`);
  const { samples } = readSamples(
    variant,
    listArg('pgn'),
    listArg('labels'),
    arg('teacher', 'Fairy-Stockfish'),
    process.argv.includes('--with-captures'),
  );
  // Hold out every `1 / share`-th block of 200 consecutive positions (mostly whole game stretches,
  // spread over all the files, so the held-out positions come from the same kind of games).
  const every = Math.max(2, Math.round(1 / heldShare));
  const isHeld = (i: number): boolean => Math.floor(i / 200) % every === every - 1;
  const train = prepareSamples(
    rs.value,
    samples.filter((_, i) => !isHeld(i)),
  );
  const held = prepareSamples(
    rs.value,
    samples.filter((_, i) => isHeld(i)),
  );
  console.log(
    `${variant}: ${train.setups.length} positions to fit, ${held.setups.length} held out`,
  );
  const start = weightsFor(variant);
  const result = fitEvaluation(rs.value, train, start, {
    ...options,
    holdout: held,
    onProgress: (m) => console.log(m),
  });
  const engineError = (w: EvalWeights, d: typeof train): string =>
    meanSquaredError(rs.value, d, w, result.k).toFixed(6);
  const note =
    `${train.setups.length} positions fitted, ${held.setups.length} held out, K ${result.k}, step ` +
    `${result.bestStep}: held-out error ${engineError(start, held)} -> ${engineError(result.weights, held)}.`;
  console.log(
    `model: error ${result.errorBefore.toFixed(6)} -> ${result.errorAfter.toFixed(6)}, held out ${result.holdoutBefore?.toFixed(6)} -> ${result.holdoutAfter?.toFixed(6)} (step ${result.bestStep})`,
  );
  console.log(`evaluator: ${note}`);
  writeFileSync(modulePath, moduleSource(variant, name, result.weights, note));
}

try {
  main();
} catch (e) {
  console.error(`fit: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
