/**
 * Where a match against another engine is won and lost (Node; bundled by scripts/build.mjs into
 * packages/lab/dist/match-report.mjs; the analysis is `matchReport` in packages/engine):
 *
 *   node packages/lab/dist/match-report.mjs --variant tamerlane11 --pgn a.pgn.gz[,b.pgn] \
 *     [--engine Citadel] [--opening 4-30]
 *
 * `--engine` is the start of our engine's name in the White / Black tags. Prints our score as
 * White and as Black, the band of plies where each lost game was decided (the opponent claiming
 * 1.5 pawns three turns running), the share of each piece in both sides' opening moves, and how
 * many of our moves scored 0.00 with the opponent's reply claiming 1.5 (and 3) pawns, and the
 * games that ran to the ply limit: who stood better, and how often each side went back to an old
 * position in the games we stood better.
 */
import type { PgnGame } from '@citadel/core';
import { LIMIT_REPORT, matchReport, type ReportGame } from '@citadel/lab';
import { arg, engineColour, listArg, readPgnGames } from './inputs.ts';

const percent = (part: number, whole: number): string =>
  whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : '-';
/**
 * Keys of a game's positions, first to last (`ReportGame.positions`): the FEN without its clocks.
 * Takes the game's moves back one by one, so `game.position` is left at the start.
 */
function positionKeys(game: PgnGame): string[] {
  const position = game.position;
  const key = (): string => position.fen().split(' ').slice(0, -2).join(' ');
  const keys = [key()];
  while (position.undo()) keys.push(key());
  return keys.reverse();
}

/** The sum of a tally's counts. */
const total = (tally: ReadonlyMap<string, number>): number =>
  [...tally.values()].reduce((a, b) => a + b, 0);

function main(): void {
  const variant = arg('variant');
  const files = listArg('pgn');
  if (files.length === 0) throw new Error('missing --pgn');
  const engine = arg('engine', 'Citadel');
  const opening = /^(\d+)-(\d+)$/.exec(arg('opening', '4-30'));
  if (!opening) throw new Error(`--opening takes FROM-TO plies, e.g. 4-30`);
  const games: ReportGame[] = [];
  for (const game of readPgnGames(files, variant)) {
    const ourColour = engineColour(game.tags, engine);
    if (ourColour === -1 || game.result === '*') continue;
    const whitePoints = game.result === '1-0' ? 1 : game.result === '0-1' ? 0 : 0.5;
    const atLimit = game.tags.some(([k, v]) => k === 'Termination' && v === 'max plies');
    games.push({
      ourColour,
      points: ourColour === 0 ? whitePoints : 1 - whitePoints,
      moves: game.moves,
      atLimit,
      ...(atLimit ? { positions: positionKeys(game) } : {}),
    });
  }
  const report = matchReport(games, Number(opening[1]), Number(opening[2]));
  console.log(`${games.length} games of ${engine} in ${variant}`);
  report.byColour.forEach((c, i) =>
    console.log(
      `as ${i === 0 ? 'White' : 'Black'}: ${c.points}/${c.games} (${percent(c.points, c.games)})`,
    ),
  );
  const losses = total(report.lossesDecided);
  console.log(
    `losses decided (plies): ${[...report.lossesDecided].map(([band, n]) => `${band} ${n}`).join(', ')} of ${losses}`,
  );
  const draws = report.drawScores;
  console.log(
    `draw scores: ${draws.zero} of our ${draws.scored} scored moves at 0.00; the reply claimed +1.5 after ${draws.contradicted}, +3 after ${draws.stronglyContradicted}`,
  );
  const limit = report.limitGames;
  const { aheadCp, scoredMoves, returnWindow } = LIMIT_REPORT;
  const pawns = (aheadCp / 100).toString();
  console.log(
    `at the ply limit: ${limit.ahead + limit.level + limit.behind} games; our average score over our last ${scoredMoves} moves +${pawns} or more in ${limit.ahead}, -${pawns} or less in ${limit.behind}; in the ${limit.ahead}, moves back to an earlier position in the last ${returnWindow} plies: ours ${limit.ourReturns}, theirs ${limit.theirReturns}`,
  );
  const { ours, theirs } = report.openingMoves;
  const [oursTotal, theirsTotal] = [total(ours), total(theirs)];
  console.log(
    `opening moves (plies ${opening[1]}-${Number(opening[2]) - 1}), piece: ours / theirs`,
  );
  for (const letter of [...new Set([...ours.keys(), ...theirs.keys()])].sort())
    console.log(
      `  ${letter}  ${percent(ours.get(letter) ?? 0, oursTotal)} / ${percent(theirs.get(letter) ?? 0, theirsTotal)}`,
    );
}

try {
  main();
} catch (e) {
  console.error(`match-report: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
