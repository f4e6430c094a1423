// `npm run bench:positions`: search speed on middlegame positions of the husun10 and tamerlane11
// stand-ins — plies 12, 24, … 96 of games the bench plays first (the engine against itself at a
// fixed depth after a few seeded random opening plies, so every run measures the same
// positions) — each searched to a fixed depth from an empty table. Prints nodes, time and
// nodes/s per stand-in.
//
// `--base DIR` compares this build with another one (DIR holds its engine bundle `index.mjs`,
// e.g. a copy of packages/engine/dist): both run in this process, position by position in
// alternating order, so the machine's changing speed falls on both alike. It prints both node
// counts (equal when the two search the same tree) and the time ratio, this build / base.
//
// `--fens FILE --variant V` measures the positions of a file instead (one FEN a line, or an
// openings file's `fen …` lines; blank lines and `#` comments skipped), e.g.
// packages/engine/bench/tamerlane11-blunders.txt with `--variant tamerlane11`.
//
//   node scripts/bench-positions.mjs [--depth 8] [--games 5] [--reps 1] [--base DIR]
//                                    [--fens FILE --variant V]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Position } from '@citadel/core/bundle';

const STAND_INS = ['husun10', 'tamerlane11'];
const EVERY = 12;
const LAST_PLY = 96;
/** The games' shape: random plies first (the seed makes them the same each run), then this depth. */
const RANDOM_PLIES = 4;
const PLAY_DEPTH = 3;

const { values } = parseArgs({
  options: {
    depth: { type: 'string', default: '8' },
    games: { type: 'string', default: '5' },
    reps: { type: 'string', default: '1' },
    base: { type: 'string' },
    fens: { type: 'string' },
    variant: { type: 'string' },
  },
});
const depth = Number(values.depth);
const games = Number(values.games);
const reps = Number(values.reps);
if (![depth, games, reps].every((n) => Number.isInteger(n) && n > 0))
  throw new Error('--depth, --games and --reps must be whole numbers above 0');
if ((values.fens === undefined) !== (values.variant === undefined))
  throw new Error('--fens and --variant go together');

const here = new URL('../', import.meta.url);
const builds = [['this build', await import(new URL('packages/engine/dist/index.mjs', here))]];
if (values.base)
  builds.push(['base', await import(pathToFileURL(resolve(values.base, 'index.mjs')).href)]);

/** A small seeded generator (mulberry32), so the opening plies are the same every run. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FENs of plies EVERY, 2 * EVERY, … LAST_PLY of `games` games this build plays with itself. */
function positions(variant, engine) {
  const fens = [];
  for (let g = 0; g < games; g++) {
    const random = seeded(g + 1);
    const start = Position.start(variant);
    if (!start.ok) throw new Error(start.error);
    const pos = start.value;
    for (let ply = 1; ply <= LAST_PLY && pos.outcome() === null; ply++) {
      let move;
      if (ply <= RANDOM_PLIES) {
        const legal = pos.legalMoves();
        move = legal[Math.floor(random() * legal.length)].text;
      } else {
        engine.newGame();
        const found = engine.go(
          { variant, fen: pos.fen() },
          { depth: PLAY_DEPTH },
          { now: () => performance.now() },
        );
        if (!found.ok || !found.value.bestMove) throw new Error(`${pos.fen()}: no move`);
        move = found.value.bestMove;
      }
      const played = pos.play(move);
      if (!played.ok) throw new Error(`${pos.fen()} ${move}: ${played.error}`);
      if (ply % EVERY === 0) fens.push(pos.fen());
    }
  }
  return fens;
}

/** The FENs of a file: one a line, or `fen …` lines of an openings file. */
function fenFile(file, variant) {
  const fens = [];
  readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) return;
      const fen = line.startsWith('fen ') ? line.slice(4).trim() : line;
      if (/(^|\s)moves(\s|$)/.test(fen))
        throw new Error(`${file}:${i + 1}: only positions, not moves after them`);
      const pos = Position.fromFen(variant, fen);
      if (!pos.ok) throw new Error(`${file}:${i + 1}: ${pos.error}`);
      fens.push(fen);
    });
  if (fens.length === 0) throw new Error(`${file}: no positions`);
  return fens;
}

const sets = values.fens
  ? [[values.variant, fenFile(values.fens, values.variant)]]
  : STAND_INS.map((variant) => [
      variant,
      positions(variant, new builds[0][1].Engine({ hashMb: 16, level: 10 })),
    ]);
for (const [variant, fens] of sets) {
  const engines = builds.map(([, m]) => new m.Engine({ hashMb: 16, level: 10 }));
  const nodes = engines.map(() => 0);
  const ms = engines.map(() => 0);
  for (let r = 0; r < reps; r++) {
    for (const fen of fens) {
      // Alternate which build goes first, so neither always meets a cooler or warmer machine.
      const order = engines.map((_, k) => k);
      if (r % 2 === 1) order.reverse();
      for (const k of order) {
        engines[k].newGame();
        const t0 = performance.now();
        const result = engines[k].go({ variant, fen }, { depth }, { now: () => performance.now() });
        ms[k] += performance.now() - t0;
        if (!result.ok) throw new Error(`${fen}: ${result.error}`);
        nodes[k] += result.value.nodes;
      }
    }
  }
  const line = builds.map(
    ([name], k) =>
      `${name}: ${nodes[k]} nodes, ${(ms[k] / 1000).toFixed(2)} s, ${Math.round((nodes[k] * 1000) / ms[k])} nodes/s`,
  );
  if (builds.length === 2)
    line.push(
      `time this build / base ${(ms[0] / ms[1]).toFixed(3)}${nodes[0] === nodes[1] ? ' (same tree)' : ''}`,
    );
  console.log(`${variant}, ${fens.length} positions, depth ${depth} x ${reps}: ${line.join('; ')}`);
}
