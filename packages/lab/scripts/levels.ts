/**
 * Strength of each level: a table of level-against-level results, to check that each level is
 * clearly stronger than the one below. Plays level L against level L+1 in every listed variant
 * from seeded random openings, both colours, in worker threads, and prints a Markdown table.
 * Each level thinks for its own time (`levelMovetime`, as in the web app and `citadel play`)
 * unless `--movetime` gives both one time.
 *
 *   node packages/lab/dist/levels.mjs --variants husun,tamerlane --games 20 --workers 15
 *     [--from 5 --to 9] (pairings L+1 vs L for L in from..to) [--max-plies 300] (then a draw)
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { mulberry32 } from '@citadel/core';
import { Engine, levelMovetime } from '@citadel/engine';
import { playGame, randomOpening } from '@citadel/lab';

interface Job {
  variant: string;
  low: number;
  games: number;
  /** Both levels' time per move, ms; 0 = each level's own. */
  movetime: number;
  maxPlies: number;
  seed: number;
}

/** Score of the higher level (wins + draws / 2) over `games` games. */
function work(job: Job): { wins: number; losses: number; draws: number } {
  const random = mulberry32(job.seed);
  const low = new Engine({ hashMb: 8, level: job.low, seed: job.seed });
  const high = new Engine({ hashMb: 8, level: job.low + 1, seed: job.seed + 1 });
  let wins = 0;
  let losses = 0;
  let draws = 0;
  const movetime = (level: number): number => job.movetime || levelMovetime(level);
  for (let g = 0; g < job.games; g++) {
    const opening = randomOpening({ variant: job.variant }, 4, random);
    const highWhite = g % 2 === 0;
    const [whiteLevel, blackLevel] = highWhite ? [job.low + 1, job.low] : [job.low, job.low + 1];
    const r = playGame({
      game: opening,
      white: highWhite ? high : low,
      black: highWhite ? low : high,
      limits: { movetime: movetime(whiteLevel) },
      blackLimits: { movetime: movetime(blackLevel) },
      maxPlies: job.maxPlies,
      resignScore: 600,
    });
    const score = highWhite ? r.result : 1 - r.result;
    if (score === 1) wins++;
    else if (score === 0) losses++;
    else draws++;
  }
  return { wins, losses, draws };
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const elo = (score: number): number => {
  const p = Math.min(0.999, Math.max(0.001, score));
  return -400 * Math.log10(1 / p - 1);
};

async function main(): Promise<void> {
  const variants = arg('variants', 'husun,tamerlane,persian-princess').split(',');
  const games = Number(arg('games', '10'));
  const movetime = Number(arg('movetime', '0'));
  const workers = Number(arg('workers', '2'));
  const from = Number(arg('from', '1'));
  const to = Number(arg('to', '9'));
  const maxPlies = Number(arg('max-plies', '300'));
  const half = Math.ceil(games / 2);
  const jobs: Job[] = [];
  let seed = 1;
  for (const variant of variants)
    for (let low = 1; low <= 9; low++)
      for (let part = 0; part < 2; part++) {
        const job = { variant, low, games: half, movetime, maxPlies, seed: seed++ * 7919 };
        if (low >= from && low <= to) jobs.push(job);
      }
  // The slow pairings (high levels think longest) first, so the workers finish together.
  jobs.sort((a, b) => b.low - a.low);
  const results = new Map<number, { wins: number; losses: number; draws: number }>();
  let next = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const r = await new Promise<{ wins: number; losses: number; draws: number }>(
          (resolve, reject) => {
            const w = new Worker(new URL(import.meta.url), { workerData: job });
            w.on('message', resolve);
            w.on('error', reject);
          },
        );
        const acc = results.get(job.low) ?? { wins: 0, losses: 0, draws: 0 };
        results.set(job.low, {
          wins: acc.wins + r.wins,
          losses: acc.losses + r.losses,
          draws: acc.draws + r.draws,
        });
        console.error(
          `${job.low + 1} vs ${job.low} ${job.variant}: +${r.wins} -${r.losses} =${r.draws} (${Math.round((Date.now() - t0) / 1000)} s)`,
        );
      }
    }),
  );
  console.log(
    `Levels, ${variants.join(', ')}; ${movetime ? `movetime ${movetime} ms` : "each level's own time"}; ${(Date.now() - t0) / 1000} s\n`,
  );
  console.log('| pairing | games | higher level W-L-D | score | Elo gain |');
  console.log('|---|---|---|---|---|');
  for (let low = from; low <= to; low++) {
    const r = results.get(low)!;
    const n = r.wins + r.losses + r.draws;
    const score = (r.wins + r.draws / 2) / n;
    console.log(
      `| ${low + 1} vs ${low} | ${n} | ${r.wins}-${r.losses}-${r.draws} | ${(score * 100).toFixed(0)}% | ${elo(score) >= 0 ? '+' : ''}${elo(score).toFixed(0)} |`,
    );
  }
}

if (isMainThread) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
} else {
  parentPort!.postMessage(work(workerData as Job));
}
