/** The `citadel` command line. */
import { Command } from 'commander';
import { VARIANT_IDS } from '@citadel/core';
import { perftCommand } from './commands/perft.ts';
import { showCommand } from './commands/show.ts';
import { collect } from './setup-position.ts';

const program = new Command();
program
  .name('citadel')
  .description('Citadel: rules and engine for the citadel chess family')
  .addHelpText(
    'after',
    `\nVariants: ${VARIANT_IDS.join(', ')}\nExample: citadel perft tamerlane 3 --divide`,
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

program.parse();
