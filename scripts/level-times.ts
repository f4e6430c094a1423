/**
 * How long each engine level really thinks per move, as the web app asks it (`levelMovetime`, no
 * clock): positions reached by seeded random moves from each variant's start, one search per
 * position and level, wall time measured, after one unmeasured search per variant (the first
 * search of a variant also builds its tables and warms the JIT up: its time is printed apart). Prints a Markdown table (median and longest, ms) beside
 * the time the level is given. The web app's level text and packages/web/README.md quote it.
 *
 *   npx tsx scripts/level-times.ts [--variants tamerlane,husun] [--positions 8] [--seed 1]
 */
import { mulberry32, Position } from '@citadel/core';
import { Engine, levelMovetime, MAX_LEVEL } from '@citadel/engine';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

/** The moves of a seeded random walk of 6-30 plies from the start that leaves the game going. */
function randomGame(variant: string, random: () => number): string[] {
  const start = Position.start(variant);
  if (!start.ok) throw new Error(start.error);
  const p = start.value;
  const plies = 6 + Math.floor(random() * 25);
  for (let i = 0; i < plies && !p.outcome(); i++) {
    const moves = p.legalMoves();
    p.play(moves[Math.floor(random() * moves.length)]!.text);
  }
  if (p.outcome()) p.undo();
  return p.history().map((m) => m.text);
}

const variants = arg('variants', 'tamerlane,husun').split(',');
const count = Number(arg('positions', '8'));
const random = mulberry32(Number(arg('seed', '1')));
const games = variants.flatMap((variant) =>
  Array.from({ length: count }, () => ({ variant, moves: randomGame(variant, random) })),
);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

console.log(`${games.length} positions (${variants.join(', ')})\n`);
for (const variant of variants) {
  const engine = new Engine({ hashMb: 16, level: 1 });
  const t0 = performance.now();
  engine.go({ variant, moves: [] }, { movetime: 100 }, { now: () => performance.now() });
  console.log(
    `first search of ${variant} (set-up included): ${Math.round(performance.now() - t0)} ms`,
  );
}
console.log('');
console.log('| level | given, ms | median, ms | longest, ms |');
console.log('|---|---|---|---|');
for (let level = 1; level <= MAX_LEVEL; level++) {
  const engine = new Engine({ hashMb: 16, level, moveOverhead: 50 });
  const times: number[] = [];
  for (const game of games) {
    engine.newGame();
    const t0 = performance.now();
    const r = engine.go(game, { movetime: levelMovetime(level) }, { now: () => performance.now() });
    if (!r.ok) throw new Error(r.error);
    times.push(performance.now() - t0);
  }
  const longest = Math.max(...times);
  console.log(
    `| ${level} | ${levelMovetime(level)} | ${Math.round(median(times))} | ${Math.round(longest)} |`,
  );
}
