/**
 * A UCI engine for the bot's tests, with a fixed opinion: it plays chess, the first legal move of
 * the rules core's list, and reports +200 centipawns when it moves for Black and -100 when it
 * moves for White, so the bot's answer to a draw offer is known in advance.
 * Run: node --import tsx packages/cli/test/opinionated-engine.ts
 */
import { createInterface } from 'node:readline';
import { Position } from '@citadel/core';

export const SCORE = { white: -100, black: 200 } as const;

let moves: string[] = [];
const say = (line: string): void => void process.stdout.write(`${line}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const words = line.trim().split(/\s+/);
  if (words[0] === 'uci') {
    say('id name opinionated');
    say('uciok');
  } else if (words[0] === 'isready') say('readyok');
  else if (words[0] === 'position') {
    const at = words.indexOf('moves');
    moves = at < 0 ? [] : words.slice(at + 1);
  } else if (words[0] === 'go') {
    const pos = Position.start('chess');
    if (!pos.ok) throw new Error(pos.error);
    for (const m of moves) pos.value.play(m);
    const best = pos.value.legalMoves()[0]?.text ?? '0000';
    say(`info depth 1 score cp ${moves.length % 2 === 0 ? SCORE.white : SCORE.black}`);
    say(`bestmove ${best}`);
  } else if (words[0] === 'quit') process.exit(0);
});
