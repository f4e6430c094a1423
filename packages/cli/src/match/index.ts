/**
 * What other packages (the lab's scripts) use of the match runner: a UCI engine process and the
 * move text Fairy-Stockfish expects.
 */
export { fsfMoveText } from './game.ts';
export { UciEngine } from './uci-client.ts';
