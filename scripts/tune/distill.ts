/**
 * Tunes a variant's evaluation weights to the search scores of a stronger engine (Node; bundled by
 * scripts/build.mjs into scripts/dist/distill.mjs):
 *
 *   node scripts/dist/distill.mjs --variant husun10 --teacher Fairy-Stockfish \
 *     --pgn data/tuning/husun10-fsf.pgn.gz --k 0.00368 --out distilled-husun10.json
 *
 * The PGNs are `citadel match --pgn` games, whose move comments carry each engine's score
 * (`{+1.46/9 0.05s}`). Every position before a move of the teacher (the player whose name starts
 * with `--teacher`) that is not a capture and not in check becomes a sample labelled with the
 * teacher's score as an expected score (tuning.ts `expectedScore`); positions before captures
 * are left out, as their static value misses the exchange the score includes. The last
 * `--holdout` share of the positions (the last games') is not tuned on and reports overfitting. Tuning starts from the
 * variant's current weights, with the side-to-move bonus freed as a nuisance parameter (the
 * teacher scores only its own moves) and given back unchanged.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Position, compileRuleset, parsePgnGames } from '@citadel/core';
import {
  commentScore,
  expectedScore,
  prepareSamples,
  tune,
  weightChanges,
  weightsFor,
  type Sample,
} from '@citadel/engine';

function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1] !== undefined) return process.argv[i + 1]!;
  if (fallback === undefined) throw new Error(`missing --${name}`);
  return fallback;
}

/** The labelled positions of one game (empty when the teacher did not play in it). */
function gameSamples(
  game: {
    variant: string;
    options: Parameters<typeof Position.start>[1];
    tags: ReadonlyArray<readonly [string, string]>;
    moves: ReadonlyArray<{ san: string; text: string; comment?: string }>;
  },
  teacher: string,
): Sample[] {
  const name = (tag: string): string => game.tags.find(([k]) => k === tag)?.[1] ?? '';
  const teacherColor = name('White').startsWith(teacher)
    ? 0
    : name('Black').startsWith(teacher)
      ? 1
      : -1;
  if (teacherColor < 0) return [];
  const start = Position.start(game.variant, game.options);
  if (!start.ok) throw new Error(start.error);
  const pos = start.value;
  const out: Sample[] = [];
  game.moves.forEach((m, ply) => {
    const cp = m.comment === undefined ? null : commentScore(m.comment);
    if (ply % 2 === teacherColor && cp !== null && !m.san.includes('x')) {
      out.push({ fen: pos.fen(), result: expectedScore(teacherColor === 0 ? cp : -cp) });
    }
    const played = pos.play(m.text);
    if (!played.ok) throw new Error(`move ${ply + 1} '${m.san}': ${played.error}`);
  });
  return out;
}

function main(): void {
  const variant = arg('variant');
  const teacher = arg('teacher', 'Fairy-Stockfish');
  const files = arg('pgn').split(',');
  const holdoutShare = Number(arg('holdout', '0.15'));
  const rs = compileRuleset(variant);
  if (!rs.ok) throw new Error(rs.error);
  const games = files.flatMap((file) => {
    let raw: Buffer;
    try {
      raw = readFileSync(file);
    } catch {
      throw new Error(`cannot read ${file}`);
    }
    const text = file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
    const parsed = parsePgnGames(text);
    if (!parsed.ok) throw new Error(`${file}: ${parsed.error}`);
    return parsed.value.filter((g) => g.variant === variant);
  });
  const samples = games.flatMap((g) => gameSamples(g, teacher));
  const cut = Math.floor(samples.length * (1 - holdoutShare));
  const train = samples.slice(0, cut);
  const held = samples.slice(cut);
  if (samples.length === 0) throw new Error(`no ${teacher} move with a score in ${variant} games`);
  const data = prepareSamples(rs.value, train);
  const holdout = prepareSamples(rs.value, held);
  console.log(
    `${variant}: ${games.length} games, ${data.setups.length} positions to tune on, ${holdout.setups.length} held out`,
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
    JSON.stringify({ variant, teacher, files, games: games.length, ...result, changes }, null, 2),
  );
}

try {
  main();
} catch (e) {
  console.error(`distill: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
