// `npm run bench:mates`: how many forced mates Citadel finds in a fixed time, beside
// Fairy-Stockfish (wasm, classical evaluation) at half that time — the time odds of the strength
// runs — on the mate suites of data/tuning (positions where one engine first announced a mate in
// at most 6 moves in a match game: scripts/tune/mate-positions.ts). Both run as UCI processes,
// one position after another, with `ucinewgame` between; a position counts as found when an
// `info` line gives the side to move a mate. Markdown table. MATES_MS sets Citadel's time (100);
// MATES_CITADEL another build's citadel.mjs (default packages/cli/dist/citadel.mjs), for A/B.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const CITADEL_MS = Number(process.env.MATES_MS ?? 100);
const SUITES = [
  ['husun10', 'data/tuning/mates-husun10.txt'],
  ['tamerlane11', 'data/tuning/mates-tamerlane11.txt'],
];
const ENGINES = [
  {
    name: 'Citadel',
    command: [process.env.MATES_CITADEL ?? 'packages/cli/dist/citadel.mjs', 'uci'],
    ms: CITADEL_MS,
    options: [],
  },
  {
    name: 'Fairy-Stockfish',
    command: ['scripts/fsf/fsf-uci.mjs'],
    ms: CITADEL_MS / 2,
    options: ['Use NNUE value false'],
  },
];

/** A UCI engine process: `send` a line, `until` a line matching a pattern arrives. */
function startEngine(command) {
  const child = spawn(process.execPath, command, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  let waiter = null;
  let onLine = () => {};
  lines.on('line', (line) => {
    onLine(line);
    if (waiter && waiter.pattern.test(line)) {
      const w = waiter;
      waiter = null;
      w.resolve(line);
    }
  });
  child.on('exit', (code) => waiter?.reject(new Error(`${command.join(' ')} exited (${code})`)));
  return {
    send: (line) => child.stdin.write(`${line}\n`),
    until: (pattern) => new Promise((resolve, reject) => (waiter = { pattern, resolve, reject })),
    listen: (f) => (onLine = f),
    quit: () => child.stdin.end('quit\n'),
  };
}

/** Positions of `fens` where the engine reports a mate for the side to move, and the mean time. */
async function solve(engine, variant, fens) {
  const uci = startEngine(engine.command);
  uci.send('uci');
  await uci.until(/^uciok/);
  uci.send(`setoption name UCI_Variant value ${variant}`);
  for (const option of engine.options) uci.send(`setoption name ${option}`);
  let found = 0;
  let totalMs = 0;
  for (const fen of fens) {
    uci.send('ucinewgame');
    uci.send(`position fen ${fen}`);
    uci.send('isready');
    await uci.until(/^readyok/);
    let firstMateMs = null;
    uci.listen((line) => {
      const m = / score mate (\d+)\b.* time (\d+)/.exec(line);
      if (m && firstMateMs === null) firstMateMs = Number(m[2]);
    });
    uci.send(`go movetime ${engine.ms}`);
    await uci.until(/^bestmove/);
    if (firstMateMs !== null) {
      found++;
      totalMs += firstMateMs;
    }
  }
  uci.quit();
  return { found, meanMs: found ? totalMs / found : 0 };
}

console.log(
  `Forced mates found (mate announced for the side to move): Citadel ${CITADEL_MS} ms a move, ` +
    `Fairy-Stockfish ${CITADEL_MS / 2} ms (Use NNUE false).\n`,
);
console.log(
  `| suite | positions | ${ENGINES.map((e) => `${e.name} found (mean ms)`).join(' | ')} |`,
);
console.log(`|---|---|${ENGINES.map(() => '---').join('|')}|`);
for (const [variant, file] of SUITES) {
  const fens = readFileSync(file, 'utf8').trim().split('\n');
  const cells = [];
  for (const engine of ENGINES) {
    const r = await solve(engine, variant, fens);
    cells.push(`${r.found} (${r.meanMs.toFixed(0)})`);
  }
  console.log(`| ${variant} | ${fens.length} | ${cells.join(' | ')} |`);
}
