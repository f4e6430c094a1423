/**
 * Positions with a forced mate, from match games, for the mate-finding benchmark
 * (scripts/bench-mates.ts; Node, bundled by scripts/build.mjs into packages/lab/dist/mate-positions.mjs):
 *
 *   node packages/lab/dist/mate-positions.mjs --variant husun10 --pgn a.pgn.gz[,b.pgn] \
 *     [--moves 6] [--every 1] > mates.txt
 *
 * A position qualifies when the side to move announced a mate of its own in at most `--moves`
 * moves in the comment of the move it played there (`{+M3/62 0.05s}`) and had not announced one
 * on its previous turn: the first moment one engine saw a mate, so the position is hard enough
 * that the other engine (or the same one a move earlier) walked into it. Every `--every`-th such
 * position is written, one FEN a line, each FEN once.
 */
import { firstMateAnnouncements } from '@citadel/lab';
import { arg, listArg, positiveArg, readPgnGames } from './inputs.ts';

function main(): void {
  const variant = arg('variant');
  const files = listArg('pgn');
  if (files.length === 0) throw new Error('missing --pgn');
  const maxMoves = Math.round(positiveArg('moves', '6'));
  const every = Math.round(positiveArg('every', '1'));
  const written = new Set<string>();
  let found = 0;
  for (const game of readPgnGames(files, variant)) {
    const moves = game.moves;
    const announced = new Set(firstMateAnnouncements(moves, maxMoves));
    // The parser replayed the game: step back to the start, then forward move by move.
    const pos = game.position;
    for (let i = 0; i < moves.length; i++) pos.undo();
    for (let ply = 0; ply < moves.length; ply++) {
      const fen = announced.has(ply) ? pos.fen() : null;
      if (fen !== null && !written.has(fen) && found++ % every === 0) {
        written.add(fen);
        process.stdout.write(`${fen}\n`);
      }
      pos.play(moves[ply]!.text);
    }
  }
  process.stderr.write(`mate-positions: ${written.size} of ${found} positions written\n`);
}

try {
  main();
} catch (e) {
  console.error(`mate-positions: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
