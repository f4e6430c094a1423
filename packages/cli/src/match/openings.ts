/**
 * Openings for a match: lines of a file (each a FEN, a move list from the start, or a FEN followed
 * by `moves ...`), or K random plies from the start position drawn from a seeded generator.
 * Every opening is checked with the rules core and must leave a game that is not over.
 */
import { Position, type RulesetOptions, err, mulberry32, ok, type Result } from '@citadel/core';

export interface Opening {
  /** Our FEN the game starts from; undefined = the variant's start position. */
  readonly fen?: string;
  /** Move text played from there (part of the game record; engines receive them as moves). */
  readonly moves: readonly string[];
  /** Where it came from (file line, `random #3`), for messages. */
  readonly source: string;
}

export interface VariantSetup {
  readonly variant: string;
  readonly options: RulesetOptions;
}

/** The position an opening leads to (its moves in the history); an error names the problem. */
export function openingPosition(setup: VariantSetup, opening: Opening): Result<Position> {
  const start = opening.fen
    ? Position.fromFen(setup.variant, opening.fen, setup.options)
    : Position.start(setup.variant, setup.options);
  if (!start.ok) return err(`${opening.source}: ${start.error}`);
  const pos = start.value;
  for (const mv of opening.moves) {
    const r = pos.play(mv);
    if (!r.ok) return err(`${opening.source}: ${r.error}`);
  }
  const over = pos.outcome();
  if (over) return err(`${opening.source}: the game is already over (${over.text})`);
  return ok(pos);
}

const MOVE_NUMBER = /^\d+\.+/;

/** Splits a move list; drops move numbers (`1.`, `12...`, `1.e4` -> `e4`) and a result token. */
function moveWords(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((w) => w.replace(MOVE_NUMBER, ''))
    .filter((w) => w !== '' && !['1-0', '0-1', '1/2-1/2', '*'].includes(w));
}

/**
 * Parses one opening line: `<FEN>`, `<FEN> moves m1 m2 ...`, `fen <FEN> [moves ...]`,
 * `startpos moves ...` or a plain move list (move text or SAN, move numbers allowed). Moves are
 * normalised to move text. Returns null for blank lines and `#` comments.
 */
export function parseOpeningLine(
  setup: VariantSetup,
  line: string,
  source: string,
): Result<Opening> | null {
  let text = line.trim();
  if (text === '' || text.startsWith('#')) return null;
  let fen: string | undefined;
  let movesText = '';
  text = text.replace(/^position\s+/, '');
  const split = /^(.*?)(?:^|\s)moves(?:\s+(.*))?$/.exec(text);
  const head = (split ? split[1]! : text).trim();
  if (split) movesText = split[2] ?? '';
  if (head.startsWith('fen ')) fen = head.slice(4).trim();
  else if (head === 'startpos' || head === '') fen = undefined;
  else if (head.includes('/')) fen = head;
  else movesText = split ? `${head} ${movesText}` : head;
  const raw: Opening = {
    ...(fen !== undefined ? { fen } : {}),
    moves: moveWords(movesText),
    source,
  };
  // Normalise SAN to move text by replaying.
  const start = fen
    ? Position.fromFen(setup.variant, fen, setup.options)
    : Position.start(setup.variant, setup.options);
  if (!start.ok) return err(`${source}: ${start.error}`);
  const pos = start.value;
  const moves: string[] = [];
  for (const mv of raw.moves) {
    const r = pos.play(mv);
    if (!r.ok) return err(`${source}: ${r.error}`);
    moves.push(r.value.text);
  }
  const over = pos.outcome();
  if (over) return err(`${source}: the game is already over (${over.text})`);
  return ok({ ...raw, moves });
}

/** Parses an openings file's text (one opening per line). */
export function parseOpenings(
  setup: VariantSetup,
  text: string,
  fileName = 'openings',
): Result<Opening[]> {
  const out: Opening[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const r = parseOpeningLine(setup, lines[i]!, `${fileName}:${i + 1}`);
    if (r === null) continue;
    if (!r.ok) return r;
    out.push(r.value);
  }
  if (out.length === 0) return err(`${fileName}: no openings in the file`);
  return ok(out);
}

/** The seeded generator is the core's (mulberry32), re-exported for the match runner. */
export { mulberry32 };

/**
 * Random opening number `index` of a seeded series: `plies` uniformly random legal moves from the
 * start. A line that ends the game is thrown away and drawn again. Deterministic in
 * (seed, index, plies).
 */
export function randomOpening(
  setup: VariantSetup,
  plies: number,
  seed: number,
  index: number,
): Result<Opening> {
  const rand = mulberry32(
    (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0,
  );
  for (let attempt = 0; attempt < 1000; attempt++) {
    const start = Position.start(setup.variant, setup.options);
    if (!start.ok) return start;
    const pos = start.value;
    const moves: string[] = [];
    for (let i = 0; i < plies && !pos.outcome(); i++) {
      const legal = pos.legalMoves();
      const pick = legal[Math.floor(rand() * legal.length)]!;
      pos.play(pick.text);
      moves.push(pick.text);
    }
    if (!pos.outcome()) return ok({ moves, source: `random opening #${index + 1}` });
  }
  return err(`could not find ${plies} random plies that leave the game going`);
}
