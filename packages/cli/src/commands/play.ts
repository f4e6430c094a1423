/**
 * `citadel play <variant>`: a game against the engine in the terminal. Moves in SAN or move text
 * are read line by line (a TTY or piped input), the engine answers, and the game ends with its
 * result and reason, `quit`, or the end of the input.
 */
import { createInterface } from 'node:readline';
import { colorTitle, otherColor, resultToken, type Position } from '@citadel/core';
import { Engine, levelMovetime } from '@citadel/engine';
import { asciiBoard } from '../ascii-board.ts';
import { fail, parseRuleOptions, setupPosition, type PositionOptions } from '../setup-position.ts';

export interface PlayOptions extends PositionOptions {
  readonly level?: string;
  readonly color?: string;
  readonly movetime?: string;
}

const HELP = [
  'Commands:',
  '  <move>   a move in SAN (Nc4, e4, K<>h2) or move text (g3g4, e9e10q)',
  '  moves    list the legal moves',
  '  undo     take back your last move (and the engine answer)',
  '  board    show the board again',
  '  fen      show the position as FEN',
  '  resign   give up the game',
  '  help     this text',
  '  quit     leave',
].join('\n');

export async function playCommand(variant: string, opts: PlayOptions): Promise<void> {
  const level = opts.level === undefined ? 10 : Number(opts.level);
  if (!/^\d+$/.test(opts.level ?? '10') || level < 1 || level > 10)
    fail(`--level takes 1 (weakest) to 10 (full strength), not '${opts.level}'`);
  if (opts.movetime !== undefined && (!/^\d+$/.test(opts.movetime) || Number(opts.movetime) < 1))
    fail(`--movetime takes milliseconds (a whole number above 0), not '${opts.movetime}'`);
  const movetime = opts.movetime === undefined ? levelMovetime(level) : Number(opts.movetime);
  const human = (opts.color ?? 'white').toLowerCase();
  if (human !== 'white' && human !== 'black')
    fail(`--color takes white or black, not '${opts.color}'`);
  const rules = parseRuleOptions(opts.rule);
  if (!rules.ok) fail(rules.error);
  const setup = setupPosition(variant, opts);
  if (!setup.ok) fail(setup.error);
  const pos: Position = setup.value;
  const engine = new Engine({ level, hashMb: 32 });

  const out = (text: string): boolean => process.stdout.write(`${text}\n`);
  const tty = process.stdin.isTTY === true;
  const rl = createInterface({
    input: process.stdin,
    ...(tty ? { output: process.stdout, terminal: true } : { terminal: false }),
  });
  const lines = rl[Symbol.asyncIterator]();
  const rs = pos.rs;
  const engineColor = otherColor(human);

  out(
    `${rs.def.name} — ${rs.array.name}. You play ${colorTitle(human)}; Citadel plays ${colorTitle(engineColor)}`,
  );
  out(`(level ${level}, ${movetime} ms a move). Type a move, or help.`);
  const showBoard = (): void => {
    out('');
    out(asciiBoard(pos));
    out('');
  };
  showBoard();

  const moveNumber = (): string => {
    const full = pos.fen().split(' ')[5] ?? '1';
    return pos.turn() === 'white' ? `${full}.` : `${full}...`;
  };

  let resigned = false;
  for (;;) {
    const over = pos.outcome();
    if (over || resigned) {
      showBoard();
      if (over) out(`Game over: ${over.text}`);
      else out(`You resign: ${colorTitle(engineColor)} wins`);
      out(`Result: ${over ? resultToken(pos) : engineColor === 'white' ? '1-0' : '0-1'}`);
      break;
    }
    if (pos.turn() === engineColor) {
      const r = engine.go(
        {
          variant: rs.def.id,
          array: rs.array.id,
          rules: rules.value,
          fen: pos.startFen,
          moves: pos.history().map((m) => m.text),
        },
        { movetime },
        { now: () => performance.now() },
      );
      if (!r.ok || !r.value.bestMove) {
        out(`Citadel could not move: ${r.ok ? 'no move found' : r.error}`);
        break;
      }
      const number = moveNumber();
      const played = pos.play(r.value.bestMove);
      if (!played.ok) {
        out(`Citadel chose an illegal move: ${played.error}`);
        break;
      }
      const s = r.value.score;
      const score =
        s.type === 'mate'
          ? `mate ${s.value}`
          : `${s.value >= 0 ? '+' : ''}${(s.value / 100).toFixed(2)}`;
      out(
        `Citadel plays ${number} ${played.value.san}   (${played.value.text}, score ${score}, depth ${r.value.depth})`,
      );
      showBoard();
      continue;
    }
    if (tty) process.stdout.write(`${moveNumber()} your move (${colorTitle(pos.turn())}): `);
    const next = await lines.next();
    if (next.done) {
      out('');
      out('End of input: leaving the game unfinished.');
      break;
    }
    const line = String(next.value).trim();
    if (!tty) out(`> ${line}`);
    if (line === '') continue;
    const word = line.toLowerCase();
    if (word === 'quit' || word === 'exit') {
      out('Bye.');
      break;
    }
    if (word === 'help' || word === '?') out(HELP);
    else if (word === 'moves') {
      const legal = pos.legalMoves();
      out(`Legal moves (${legal.length}): ${legal.map((m) => m.san).join(' ')}`);
    } else if (word === 'board') showBoard();
    else if (word === 'fen') out(pos.fen());
    else if (word === 'resign') resigned = true;
    else if (word === 'undo') {
      // Takes back the engine's answer and your move before it.
      if (pos.history().length < 2) out('Nothing to undo.');
      else {
        pos.undo();
        pos.undo();
        out('Took back your last move and the answer.');
        showBoard();
      }
    } else {
      const played = pos.play(line);
      if (!played.ok) out(`${played.error}. Type moves for the legal moves, help for commands.`);
      else out(`You play ${played.value.san}`);
    }
  }
  rl.close();
}
