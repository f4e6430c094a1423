/**
 * Tunes a variant's evaluation weights to the search scores of a stronger engine (Node; bundled by
 * scripts/build.mjs into packages/lab/dist/distill.mjs):
 *
 *   node packages/lab/dist/distill.mjs --variant husun10 --teacher Fairy-Stockfish \
 *     --pgn husun10-games.pgn.gz --k 0.00368 --out distilled-husun10.json
 *
 * The PGNs are `citadel match --pgn` games, whose move comments carry each engine's score
 * (`{+1.46/9 0.05s}`). Every position before a move of the teacher (the player whose name starts
 * with `--teacher`) that is not a capture and not in check becomes a sample labelled with the
 * teacher's score as an expected score (tuning.ts `expectedScore`); positions before captures
 * are left out, as their static value misses the exchange the score includes. `--labels` adds
 * the positions of label files (label.ts, JSON lines) whose best move is quiet, with
 * their scores. The last `--holdout` share of the positions (those of the last file) is not tuned
 * on and reports overfitting. Tuning starts from the variant's current weights, with the side-to-move bonus freed as a nuisance parameter (the
 * teacher scores only its own moves) and given back unchanged.
 */
import { writeFileSync } from 'node:fs';
import { compileRuleset } from '@citadel/core';
import { weightsFor } from '@citadel/engine';
import { prepareSamples, tune, weightChanges } from '@citadel/lab';
import { arg, listArg } from './inputs.ts';
import { readSamples } from './samples.ts';

function main(): void {
  const variant = arg('variant');
  const teacher = arg('teacher', 'Fairy-Stockfish');
  const files = listArg('pgn');
  const labelFiles = listArg('labels');
  const holdoutShare = Number(arg('holdout', '0.15'));
  const rs = compileRuleset(variant);
  if (!rs.ok) throw new Error(rs.error);
  const { games, samples } = readSamples(variant, files, labelFiles, teacher);
  const cut = Math.floor(samples.length * (1 - holdoutShare));
  const train = samples.slice(0, cut);
  const held = samples.slice(cut);
  const data = prepareSamples(rs.value, train);
  const holdout = prepareSamples(rs.value, held);
  console.log(
    `${variant}: ${games} games, ${data.setups.length} positions to tune on, ${holdout.setups.length} held out`,
  );
  const k = process.argv.includes('--k') ? Number(arg('k')) : undefined;
  const result = tune(rs.value, data, {
    passes: Number(arg('passes', '6')),
    start: weightsFor(variant),
    ...(k !== undefined ? { k } : {}),
    tempoNuisance: true,
    holdout,
    onProgress: (m) => console.log(m),
  });
  const changes = weightChanges(result.weights);
  console.log(
    `K ${result.k.toFixed(5)}, error ${result.errorBefore.toFixed(6)} -> ${result.errorAfter.toFixed(6)}, held out ${result.holdoutBefore?.toFixed(6)} -> ${result.holdoutAfter?.toFixed(6)}`,
  );
  console.log(JSON.stringify(changes));
  writeFileSync(
    arg('out', `distilled-${variant}.json`),
    JSON.stringify({ variant, teacher, files, labelFiles, games, ...result, changes }, null, 2),
  );
}

try {
  main();
} catch (e) {
  console.error(`distill: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
