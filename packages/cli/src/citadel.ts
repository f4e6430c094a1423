/** The `citadel` command line. */
import { Command } from 'commander';
import { VARIANT_IDS } from '@citadel/core';
import { benchCommand } from './commands/bench.ts';
import { addBotCommand } from './commands/bot.ts';
import { addMatchCommand } from './commands/match.ts';
import { perftCommand } from './commands/perft.ts';
import { playCommand } from './commands/play.ts';
import { showCommand } from './commands/show.ts';
import { uciCommand } from './commands/uci.ts';
import { collect } from './setup-position.ts';
import { FSF_STAND_INS } from './variant-names.ts';

// A reader that goes away (`citadel show husun | head -3`) ends the command quietly, as Unix tools
// do, instead of crashing on the failed write.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });

const program = new Command();
program
  .name('citadel')
  .description('Citadel: rules and engine for the citadel chess family')
  .addHelpText(
    'after',
    `\nVariants: ${VARIANT_IDS.join(', ')}` +
      `\nStand-ins that Fairy-Stockfish plays too (for matches against it): ${FSF_STAND_INS.join(', ')}` +
      `\nExample: citadel perft tamerlane 3 --divide`,
  )
  .exitOverride((e) => process.exit(e.exitCode === 0 ? 0 : 2))
  .showHelpAfterError();

const positionOptions = (cmd: Command): Command =>
  cmd
    .option('--array <array>', 'start array (tamerlane: masculine, feminine)')
    .option(
      '--rule <name=value>',
      'rule switch, repeatable (e.g. omega-rendezvous=off)',
      collect,
      [],
    )
    .option('--fen <fen>', 'start from this position (our FEN)')
    .option('--moves <m1,m2,...>', 'moves (move text or SAN) played first');

positionOptions(
  program
    .command('perft')
    .description('count the leaf nodes of the move tree; always ends with "Nodes searched: N"')
    .argument('<variant>')
    .argument('<depth>')
    .option('--divide', 'print the count under each root move'),
).action(perftCommand);

positionOptions(
  program
    .command('show')
    .description('print the board, side to move, legal moves and outcome')
    .argument('<variant>'),
).action(showCommand);

program
  .command('uci')
  .description('speak the UCI protocol on stdin/stdout (for engine GUIs and match runners)')
  .action(uciCommand);

program
  .command('bench')
  .description('search fixed positions of every variant; "Total nodes: N" is the search signature')
  .option('--depth <depth>', 'search depth of every position')
  .option('--hash <mb>', 'transposition table size in MiB')
  .action(benchCommand);

positionOptions(
  program
    .command('play')
    .description('play against the engine in the terminal (moves in SAN or move text)')
    .argument('<variant>')
    .option('--level <level>', 'engine strength 1 (weakest) to 10 (full)', '10')
    .option('--color <color>', 'your colour: white or black', 'white')
    .option(
      '--movetime <ms>',
      "engine's thinking time per move (default: the level's own, 3000 ms at 10)",
    ),
).action(playCommand);

addMatchCommand(program);
addBotCommand(program);

await program.parseAsync();
