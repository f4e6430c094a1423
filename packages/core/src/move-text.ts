/**
 * Move text for engines and URLs (docs/rules.md §0, docs/formats.md): `from` + `to` + an optional
 * lower-case letter for a chosen promotion (or the citadel-swap partner).
 */
import { CITADEL_SWAP, PROMOTE, moveExtra, moveFlag, moveFrom, moveTo } from './move.ts';
import type { Ruleset } from './ruleset.ts';
import { err, ok, type Result } from './types.ts';
import { excerpt } from './excerpt.ts';

/** True when the move's extra letter is the player's choice and must be written. */
function writesLetter(rs: Ruleset, move: number): boolean {
  const flag = moveFlag(move);
  return flag === CITADEL_SWAP || (flag === PROMOTE && rs.promotionChoices.length > 1);
}

export function makeMoveText(rs: Ruleset, move: number): string {
  const base = rs.geo.name(moveFrom(move)) + rs.geo.name(moveTo(move));
  return writesLetter(rs, move) ? base + rs.kindLetter[moveExtra(move)]!.toLowerCase() : base;
}

export interface MoveTextParts {
  readonly from: number;
  readonly to: number;
  readonly letter: string;
}

/** Splits move text into cells and letter; checks the cells exist on this board. */
export function parseMoveText(rs: Ruleset, text: string): Result<MoveTextParts> {
  const m = /^([a-z])([1-9][0-9]?)([a-z])([1-9][0-9]?)([a-z]?)$/.exec(text.trim());
  if (!m)
    return err(
      `'${excerpt(text)}' is not move text (expected from and to cells, e.g. g3g4 or a10a11, and an optional promotion letter)`,
    );
  const from = rs.geo.parseSquare(m[1]! + m[2]!);
  const to = rs.geo.parseSquare(m[3]! + m[4]!);
  for (const [s, name] of [
    [from, m[1]! + m[2]!],
    [to, m[3]! + m[4]!],
  ] as const)
    if (s < 0 || !rs.geo.exists[s]) return err(`${name} is not a cell of the ${rs.def.id} board`);
  return ok({ from, to, letter: m[5]! });
}

/** Finds the legal move that move text names, or explains why none does. */
export function matchMoveText(
  rs: Ruleset,
  legal: readonly number[],
  parts: MoveTextParts,
): Result<number> {
  const candidates = legal.filter((m) => moveFrom(m) === parts.from && moveTo(m) === parts.to);
  if (candidates.length === 0) return err('not a legal move');
  const exact = candidates.filter((m) =>
    writesLetter(rs, m)
      ? rs.kindLetter[moveExtra(m)]!.toLowerCase() === parts.letter
      : parts.letter === '',
  );
  if (exact.length === 1) return ok(exact[0]!);
  // A forced promotion may still name its piece (Fairy-Stockfish writes `a7a8q` in shatranj).
  const forced = candidates.filter(
    (m) =>
      moveFlag(m) === PROMOTE &&
      !writesLetter(rs, m) &&
      rs.kindLetter[moveExtra(m)]!.toLowerCase() === parts.letter,
  );
  if (forced.length === 1) return ok(forced[0]!);
  if (parts.letter === '' && candidates.every((m) => moveFlag(m) === PROMOTE))
    return err(
      `a promotion needs a piece letter (${candidates.map((m) => rs.kindLetter[moveExtra(m)]!.toLowerCase()).join(', ')})`,
    );
  return err(`'${parts.letter}' is not a choice for this move`);
}
