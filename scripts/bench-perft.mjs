// `npm run bench:perft`: perft speed of the rules core on every variant's start position, and
// next to Fairy-Stockfish (fairy-stockfish-nnue.wasm, its UCI `go perft`) on the rectangular
// stand-ins it can play, in the same run. Both count the last ply in bulk. Prints a Markdown table.
// Each of our measurements runs in its own process (see `ours`).
import { FastPosition, compileRuleset, perft, startSetup } from '@citadel/core/bundle';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { closeFsf, fsfPerft } from '@citadel/fsf/wasm-perft';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Fresh processes per measurement; the best is kept (run-to-run noise here is about 20%). */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);

/**
 * Our perft in a fresh Node process per measurement, so one variant's compiled code does not
 * slow the next (measured: up to 20% between orders in one process). Best of ROUNDS.
 */
function ours(variant, depth, options = {}) {
  let best = null;
  for (let p = 0; p < PROCESSES; p++) {
    const child = spawnSync(
      process.execPath,
      [fileURLToPath(import.meta.url), '--child', JSON.stringify({ variant, depth, options })],
      { encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(`${variant}: ${child.stderr}`);
    const r = JSON.parse(child.stdout);
    if (!best || r.ms < best.ms) best = r;
  }
  return best;
}

function measure({ variant, depth, options }) {
  const rs = compileRuleset(variant, options);
  if (!rs.ok) throw new Error(rs.error);
  const pos = new FastPosition(rs.value);
  pos.load(startSetup(rs.value));
  perft(pos, Math.max(1, depth - 1)); // warm-up
  let best = Infinity;
  let nodes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    nodes = perft(pos, depth);
    best = Math.min(best, performance.now() - t0);
  }
  return { nodes, ms: best };
}

if (process.argv[2] === '--child') {
  process.stdout.write(JSON.stringify(measure(JSON.parse(process.argv[3]))));
  process.exit(0);
}

async function theirs(variant, depth) {
  await fsfPerft({ variant, depth: Math.max(1, depth - 1) });
  let best = Infinity;
  let nodes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const r = await fsfPerft({ variant, depth });
    nodes = r.nodes;
    best = Math.min(best, r.ms);
  }
  return { nodes, ms: best };
}

const mnps = (r) => r.nodes / r.ms / 1000;
const f = (x) => x.toFixed(2);

const standIns = [
  ['husun10', 6],
  ['tamerlane11', 5],
  ['chess', 5],
  ['shatranj', 6],
];
const rows = [];
const standInSpeed = {};
console.log(
  `Perft, bulk counting (M nodes/s): ours best of ${ROUNDS} runs in each of ${PROCESSES} fresh processes, Fairy-Stockfish (fairy-stockfish-nnue.wasm 1.1.12) best of ${ROUNDS}.\n`,
);
console.log('| position | depth | nodes | Citadel M n/s | Fairy-Stockfish M n/s | ratio |');
console.log('|---|---|---|---|---|---|');
for (const [variant, depth] of standIns) {
  const a = ours(variant, depth);
  const b = await theirs(variant, depth);
  if (a.nodes !== b.nodes)
    throw new Error(`${variant} perft ${depth}: Citadel ${a.nodes}, Fairy-Stockfish ${b.nodes}`);
  standInSpeed[variant] = mnps(a);
  console.log(
    `| ${variant} start | ${depth} | ${a.nodes} | ${f(mnps(a))} | ${f(mnps(b))} | ${f(mnps(a) / mnps(b))}x |`,
  );
  rows.push([variant, mnps(a) / mnps(b)]);
}
await closeFsf();

// Our own rectangular stand-ins with exactly the same pieces and rules, only without citadels
// (Fairy-Stockfish cannot play them): they isolate what the citadels and holes cost.
for (const [variant, depth] of [
  ['tamerlane-rect', 5],
  ['tamerlane-full-rect', 5],
  ['persian-rect', 5],
]) {
  standInSpeed[variant] = mnps(ours(variant, depth));
}

const real = [
  ['husun', 6, {}, 'husun10'],
  ['tamerlane', 5, {}, 'tamerlane-rect'],
  ['tamerlane', 5, { array: 'feminine' }, 'tamerlane-rect'],
  ['tamerlane-full', 5, {}, 'tamerlane-full-rect'],
  ['persian-celtic', 5, {}, 'persian-rect'],
  ['persian-princess', 5, {}, 'persian-rect'],
  ['persian-eye', 5, {}, 'persian-rect'],
  ['persian-omega', 5, {}, 'persian-rect'],
];
console.log(
  `\nStand-ins without citadels: tamerlane-rect ${f(standInSpeed['tamerlane-rect'])}, tamerlane-full-rect ${f(standInSpeed['tamerlane-full-rect'])}, persian-rect ${f(standInSpeed['persian-rect'])} M n/s.`,
);
console.log('\n| variant | depth | nodes | Citadel M n/s | stand-in | vs stand-in |');
console.log('|---|---|---|---|---|---|');
for (const [variant, depth, options, standIn] of real) {
  const a = ours(variant, depth, options);
  const label = options.array ? `${variant} (${options.array})` : variant;
  console.log(
    `| ${label} | ${depth} | ${a.nodes} | ${f(mnps(a))} | ${standIn} | ${f((mnps(a) / standInSpeed[standIn]) * 100)}% |`,
  );
}
