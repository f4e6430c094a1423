/**
 * Unfinished won endings from match games, as an opening file that measures how well engines
 * convert (Node; bundled by scripts/build.mjs into packages/lab/dist/won-endings.mjs):
 *
 *   node packages/lab/dist/won-endings.mjs --variant husun10 --pgn a.pgn.gz[,b.pgn] \
 *     [--back 100] [--margin 2.5] > endings.txt
 *   citadel match ... --openings endings.txt --max-plies 150
 *
 * A game qualifies when it was drawn at the ply limit (`citadel match --max-plies`) while its
 * last six move comments (both engines, `{+3.10/9 0.10s}`) all favour the same side, by
 * `--margin` pawns on average and none of them by more than half a pawn the other way. Its
 * position `--back` plies before the end is written as one FEN a line. Each such opening is
 * played twice with colours swapped, so the match score says which engine converts more.
 */
import { readCommentScore } from '@citadel/lab';
import { arg, listArg, positiveArg, readPgnGames } from './inputs.ts';

/**
 * The last `n` comment scores in pawns, each from White's side, or null when one of them has no
 * score or a mate score (a mate is not an unfinished ending).
 */
function lastScores(moves: ReadonlyArray<{ comment?: string }>, n: number): number[] | null {
  const scores: number[] = [];
  for (let ply = moves.length - n; ply < moves.length; ply++) {
    const score = readCommentScore(moves[ply]?.comment ?? '');
    if (score === null || !('cp' in score)) return null;
    scores.push((ply % 2 === 0 ? score.cp : -score.cp) / 100);
  }
  return scores;
}

function main(): void {
  const variant = arg('variant');
  const files = listArg('pgn');
  if (files.length === 0) throw new Error('missing --pgn');
  const back = Math.round(positiveArg('back', '100'));
  const margin = positiveArg('margin', '2.5');
  let written = 0;
  for (const game of readPgnGames(files, variant)) {
    const tag = (name: string): string => game.tags.find(([k]) => k === name)?.[1] ?? '';
    if (game.result !== '1/2-1/2' || !/plies played/.test(tag('TerminationDetails'))) continue;
    // Games from a set-up position are left out: they are conversion tests themselves.
    if (game.moves.length <= back || tag('SetUp') === '1') continue;
    const scores = lastScores(game.moves, 6);
    if (scores === null) continue;
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    const against = scores.some((s) => Math.sign(s) === -Math.sign(mean) && Math.abs(s) > 0.5);
    if (Math.abs(mean) < margin || against) continue;
    // The parser already replayed the game: step its final position back (clone would drop
    // the history, and the game is not read again).
    const pos = game.position;
    for (let i = 0; i < back; i++) pos.undo();
    process.stdout.write(`${pos.fen()}\n`);
    written++;
  }
  process.stderr.write(`won-endings: ${written} positions\n`);
}

try {
  main();
} catch (e) {
  console.error(`won-endings: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
