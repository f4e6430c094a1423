// `npm run bench:smp`: the Lazy SMP speed-up of `citadel uci` — time to a fixed depth from each
// start position with Threads=1 and Threads=N (N = BENCH_THREADS, default 2), each a fresh engine
// process with a fresh table. Markdown table; the ratio is the one-thread time over the N-thread time.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'packages/cli/dist/citadel.mjs');
const DEPTH = Number(process.env.BENCH_DEPTH ?? 12);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const VARIANTS = ['husun', 'tamerlane', 'tamerlane-full', 'persian-princess', 'chess'];

/** Milliseconds `citadel uci` with `threads` threads takes to finish depth DEPTH of `variant`. */
function timeToDepth(variant, threads) {
  return new Promise((resolve, reject) => {
    const engine = spawn(process.execPath, [CLI, 'uci'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let buffer = '';
    let started = 0;
    let reached = 0;
    const send = (line) => engine.stdin.write(`${line}\n`);
    engine.stdout.on('data', (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (line === 'readyok' && started === 0) {
          started = performance.now();
          send(`go depth ${DEPTH}`);
        } else if (line.startsWith('info depth ')) {
          const depth = Number(line.split(' ')[2]);
          if (depth >= DEPTH && reached === 0) reached = performance.now() - started;
        } else if (line.startsWith('bestmove')) {
          send('quit');
          resolve(reached || performance.now() - started);
        }
      }
    });
    engine.on('error', reject);
    send('uci');
    send(`setoption name UCI_Variant value ${variant}`);
    send(`setoption name Threads value ${threads}`);
    send('setoption name Hash value 64');
    send('position startpos');
    send('isready');
  });
}

console.log(`Lazy SMP: time to depth ${DEPTH} from the start position, 1 vs ${THREADS} threads.\n`);
console.log(`| variant | 1 thread | ${THREADS} threads | speed-up |`);
console.log('|---|---|---|---|');
let one = 0;
let many = 0;
for (const variant of VARIANTS) {
  const a = await timeToDepth(variant, 1);
  const b = await timeToDepth(variant, THREADS);
  one += a;
  many += b;
  console.log(
    `| ${variant} | ${(a / 1000).toFixed(2)} s | ${(b / 1000).toFixed(2)} s | ${(a / b).toFixed(2)}x |`,
  );
}
console.log(`\nAll positions: ${(one / many).toFixed(2)}x faster with ${THREADS} threads.`);
