/**
 * Self-play + Texel tuning driver (Node; bundled by scripts/build.mjs into packages/lab/dist/texel.mjs).
 *
 *   node packages/lab/dist/texel.mjs --variant husun --games 400 --nodes 1500 --workers 15 --out tuned-husun.json
 *
 * Workers play engine-vs-engine games at a node limit from random openings and send back every
 * position with the game's result; the main thread then tunes the evaluation weights
 * (src/tuning.ts) and writes the changed weights as JSON, ready for TUNED in
 * packages/engine/src/eval-weights.ts.
 */
import { writeFileSync } from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { compileRuleset, mulberry32 } from '@citadel/core';
import { Engine } from '@citadel/engine';
import {
  playGame,
  prepareSamples,
  randomOpening,
  tune,
  weightChanges,
  type Sample,
} from '@citadel/lab';
import { arg } from './inputs.ts';

interface Job {
  variant: string;
  array?: string;
  games: number;
  nodes: number;
  plies: number;
  seed: number;
}

function work(job: Job): Sample[] {
  const random = mulberry32(job.seed);
  const white = new Engine({ hashMb: 8 });
  const black = new Engine({ hashMb: 8 });
  const samples: Sample[] = [];
  const base = { variant: job.variant, ...(job.array ? { array: job.array } : {}) };
  for (let g = 0; g < job.games; g++) {
    const opening = randomOpening(base, job.plies, random);
    const game = playGame({
      game: opening,
      white,
      black,
      limits: { nodes: job.nodes },
      maxPlies: 300,
      resignScore: 600,
    });
    // Only positions the engines chose to reach (the random opening's come before fens starts).
    for (const fen of game.fens) samples.push({ fen, result: game.result });
  }
  return samples;
}

async function main(): Promise<void> {
  const variant = arg('variant');
  const array = arg('array', '');
  const games = Number(arg('games', '200'));
  const nodes = Number(arg('nodes', '1500'));
  const workers = Number(arg('workers', '2'));
  const plies = Number(arg('plies', '8'));
  const out = arg('out', `tuned-${variant}.json`);
  const t0 = Date.now();
  const per = Math.ceil(games / workers);
  const results = await Promise.all(
    Array.from({ length: workers }, (_, i) => {
      const job: Job = {
        variant,
        ...(array ? { array } : {}),
        games: per,
        nodes,
        plies,
        seed: 1000 + i,
      };
      return new Promise<Sample[]>((resolve, reject) => {
        const w = new Worker(new URL(import.meta.url), { workerData: job });
        w.on('message', resolve);
        w.on('error', reject);
      });
    }),
  );
  const samples = results.flat();
  const white = samples.length;
  console.log(
    `${variant}: ${per * workers} games, ${white} positions in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  const rs = compileRuleset(variant, array ? { array } : {});
  if (!rs.ok) throw new Error(rs.error);
  const data = prepareSamples(rs.value, samples);
  const result = tune(rs.value, data, {
    passes: Number(arg('passes', '6')),
    onProgress: (m) => console.log(m),
  });
  const changes = weightChanges(result.weights);
  console.log(
    `K ${result.k.toFixed(5)}, error ${result.errorBefore.toFixed(6)} -> ${result.errorAfter.toFixed(6)} on ${result.samples} positions`,
  );
  console.log(JSON.stringify(changes));
  writeFileSync(
    out,
    JSON.stringify(
      {
        variant,
        games: per * workers,
        nodes,
        k: result.k,
        errorBefore: result.errorBefore,
        errorAfter: result.errorAfter,
        samples: result.samples,
        changes,
      },
      null,
      2,
    ),
  );
}

if (isMainThread) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
} else {
  parentPort!.postMessage(work(workerData as Job));
}
