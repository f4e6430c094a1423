/**
 * `npm run bench:mates` (Node; bundled by scripts/build.mjs into scripts/dist/bench-mates.mjs):
 * how many forced mates Citadel finds in a fixed time, beside Fairy-Stockfish (wasm, classical
 * evaluation) at half that time — the time odds of the strength runs — on the mate suites of
 * packages/engine/bench (positions where one engine first announced a mate in at most 6 moves in a match
 * game: packages/lab/scripts/mate-positions.ts). Both run as UCI processes (the match runner's
 * `UciEngine`), one position after another, with `ucinewgame` between; a position counts as found
 * when an `info` line gives the side to move a mate. Markdown table. MATES_MS sets Citadel's time
 * (100); MATES_CITADEL another build's citadel.mjs (default packages/cli/dist/citadel.mjs), for A/B.
 */
import { readFileSync } from 'node:fs';
import { UciEngine } from '@citadel/cli/match';

const CITADEL_MS = Number(process.env.MATES_MS ?? 100);
/** Handshakes and `isready` answers; a search gets its movetime plus this. */
const ANSWER_MS = 10_000;
const SUITES = [
  ['husun10', 'packages/engine/bench/mates-husun10.txt'],
  ['tamerlane11', 'packages/engine/bench/mates-tamerlane11.txt'],
] as const;

interface Contestant {
  readonly name: string;
  readonly command: string;
  readonly ms: number;
  readonly options: ReadonlyArray<readonly [string, string]>;
}

const node = JSON.stringify(process.execPath);
const CONTESTANTS: readonly Contestant[] = [
  {
    name: 'Citadel',
    command: `${node} ${process.env.MATES_CITADEL ?? 'packages/cli/dist/citadel.mjs'} uci`,
    ms: CITADEL_MS,
    options: [],
  },
  {
    name: 'Fairy-Stockfish',
    command: `${node} scripts/fsf/fsf-uci.mjs`,
    ms: CITADEL_MS / 2,
    options: [['Use NNUE', 'false']],
  },
];

/** Positions of `fens` where the engine reports a mate for the side to move, and the mean time to it. */
async function solve(
  contestant: Contestant,
  variant: string,
  fens: readonly string[],
): Promise<{ found: number; meanMs: number }> {
  const engine = await UciEngine.start(contestant.command, ANSWER_MS);
  engine.setOption('UCI_Variant', variant);
  for (const [name, value] of contestant.options) engine.setOption(name, value);
  let found = 0;
  let totalMs = 0;
  try {
    for (const fen of fens) {
      engine.send('ucinewgame');
      engine.send(`position fen ${fen}`);
      await engine.isReady(ANSWER_MS);
      let firstMateMs: number | null = null;
      engine.send(`go movetime ${contestant.ms}`);
      // Every line passes the matcher until `bestmove`: the first mate for the side to move is noted.
      await engine.waitFor((line) => {
        const m = / score mate (\d+)\b.* time (\d+)/.exec(line);
        if (m && firstMateMs === null) firstMateMs = Number(m[2]);
        return /^bestmove(\s|$)/.test(line);
      }, contestant.ms + ANSWER_MS);
      if (firstMateMs !== null) {
        found++;
        totalMs += firstMateMs;
      }
    }
  } finally {
    await engine.quit();
  }
  return { found, meanMs: found ? totalMs / found : 0 };
}

async function main(): Promise<void> {
  console.log(
    `Forced mates found (mate announced for the side to move): Citadel ${CITADEL_MS} ms a move, ` +
      `Fairy-Stockfish ${CITADEL_MS / 2} ms (Use NNUE false).\n`,
  );
  console.log(
    `| suite | positions | ${CONTESTANTS.map((c) => `${c.name} found (mean ms)`).join(' | ')} |`,
  );
  console.log(`|---|---|${CONTESTANTS.map(() => '---').join('|')}|`);
  for (const [variant, file] of SUITES) {
    const fens = readFileSync(file, 'utf8').trim().split('\n');
    const cells: string[] = [];
    for (const contestant of CONTESTANTS) {
      const r = await solve(contestant, variant, fens);
      cells.push(`${r.found} (${r.meanMs.toFixed(0)})`);
    }
    console.log(`| ${variant} | ${fens.length} | ${cells.join(' | ')} |`);
  }
}

main().catch((e: unknown) => {
  console.error(`bench-mates: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
