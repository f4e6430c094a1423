// `npm run bench:search`: search speed of the engine on every variant's start position — nodes
// per second and the time to reach each depth — with a fresh table per variant. Markdown table.
import { Engine } from '@citadel/engine/bundle';

const DEPTH = Number(process.env.BENCH_DEPTH ?? 12);
const VARIANTS = [
  ['husun', {}],
  ['tamerlane', {}],
  ['tamerlane', { array: 'feminine' }],
  ['tamerlane-full', {}],
  ['persian-celtic', {}],
  ['persian-princess', {}],
  ['persian-eye', {}],
  ['persian-omega', {}],
  ['chess', {}],
  ['shatranj', {}],
];
const checkpoints = [8, 10, DEPTH];

// Warm the JIT once so the first variant is not measured cold.
new Engine({ hashMb: 16 }).go({ variant: 'chess' }, { depth: 6 }, { now: () => performance.now() });

console.log(`Search to depth ${DEPTH} from the start position, 32 MiB table, one thread.\n`);
console.log(
  `| variant | ${checkpoints.map((d) => `time to depth ${d}`).join(' | ')} | nodes | nodes/s | best move |`,
);
console.log(`|---|${checkpoints.map(() => '---').join('|')}|---|---|---|`);
let totalNodes = 0;
let totalMs = 0;
for (const [variant, options] of VARIANTS) {
  const engine = new Engine({ hashMb: 32 });
  const reached = new Map();
  const t0 = performance.now();
  const r = engine.go(
    { variant, ...options },
    { depth: DEPTH },
    {
      now: () => performance.now(),
      onInfo: (i) => reached.set(i.depth, performance.now() - t0),
    },
  );
  const ms = performance.now() - t0;
  if (!r.ok) throw new Error(r.error);
  totalNodes += r.value.nodes;
  totalMs += ms;
  const label = options.array ? `${variant} (${options.array})` : variant;
  const times = checkpoints.map((d) =>
    reached.has(d) ? `${(reached.get(d) / 1000).toFixed(2)} s` : '-',
  );
  console.log(
    `| ${label} | ${times.join(' | ')} | ${r.value.nodes} | ${Math.round((r.value.nodes * 1000) / ms)} | ${r.value.bestMove} |`,
  );
}
console.log(
  `\nTotal ${totalNodes} nodes in ${(totalMs / 1000).toFixed(1)} s: ${Math.round((totalNodes * 1000) / totalMs)} nodes/s.`,
);
