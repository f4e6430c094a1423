/**
 * Labelled positions for distillation (distill.ts, fit.ts): the teacher's scores
 * from the move comments of match games, and label files written by label.ts.
 */
import { Position } from '@citadel/core';
import { commentScore, expectedScore, type Sample } from '@citadel/lab';
import { engineColour, readPgnGames, readText } from './inputs.ts';
import type { Label } from './label.ts';

/** The labelled positions of one game (empty when the teacher did not play in it). */
export function gameSamples(
  game: {
    variant: string;
    options: Parameters<typeof Position.start>[1];
    tags: ReadonlyArray<readonly [string, string]>;
    moves: ReadonlyArray<{ san: string; text: string; comment?: string }>;
  },
  teacher: string,
): Sample[] {
  const teacherColor = engineColour(game.tags, teacher);
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

/**
 * The positions of a label file (label.ts) whose best move does not capture, or all
 * of them with `withCaptures`.
 */
export function labelSamples(file: string, withCaptures = false): Sample[] {
  return readText(file)
    .split('\n')
    .filter((line) => line.trim())
    .map((line, i) => {
      try {
        return JSON.parse(line) as Label;
      } catch {
        throw new Error(`${file}:${i + 1}: not a JSON label`);
      }
    })
    .filter((l) => withCaptures || !l.capture)
    .map((l) => ({ fen: l.fen, result: expectedScore(l.cp) }));
}

/**
 * The samples of `--pgn` games (the teacher's move comments) and `--labels` files, in that order,
 * with the number of games read; an error when neither option is given or nothing is labelled.
 */
export function readSamples(
  variant: string,
  pgnFiles: readonly string[],
  labelFiles: readonly string[],
  teacher: string,
  withCaptures = false,
): { games: number; samples: Sample[] } {
  if (pgnFiles.length + labelFiles.length === 0) throw new Error('missing --pgn or --labels');
  const games = readPgnGames(pgnFiles, variant);
  const samples = [
    ...games.flatMap((g) => gameSamples(g, teacher)),
    ...labelFiles.flatMap((file) => labelSamples(file, withCaptures)),
  ];
  if (samples.length === 0) throw new Error(`no labelled ${variant} position in the input`);
  return { games: games.length, samples };
}
