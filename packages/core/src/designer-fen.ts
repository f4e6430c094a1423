/**
 * The Persian Chess designer's position format (docs/rules.md §0): like our FEN, but every cell of
 * the 11x11 box is written, an empty cell or a hole as the digit `1`, one per cell. Import and
 * export.
 */
import type { Setup } from './fast-position.ts';
import { makeBoardText, makeRightsText, parseBoardText, parseFields } from './fen.ts';
import type { Ruleset } from './ruleset.ts';
import { err, type Result } from './types.ts';

const persianOnly = (rs: Ruleset): string | null =>
  rs.def.family === 'persian'
    ? null
    : `the designer's format is for Persian Chess, not ${rs.def.id}`;

export function makeDesignerFen(rs: Ruleset, setup: Setup): Result<string> {
  const problem = persianOnly(rs);
  if (problem) return err(problem);
  return {
    ok: true,
    value: [
      makeBoardText(rs, setup.board, true),
      setup.side === 0 ? 'w' : 'b',
      makeRightsText(setup.rights),
      setup.ep >= 0 ? rs.geo.name(setup.ep) : '-',
      String(setup.halfmove),
      String(setup.fullmove),
    ].join(' '),
  };
}

export function parseDesignerFen(rs: Ruleset, text: string): Result<Setup> {
  const problem = persianOnly(rs);
  if (problem) return err(problem);
  const fields = text.trim().split(/\s+/);
  if (fields.length < 2 || fields.length > 6)
    return err(
      'a position needs 2 to 6 fields (board, side, rights, en passant, halfmove, fullmove)',
    );
  const board = parseBoardText(rs, fields[0]!, true);
  if (!board.ok) return board;
  return parseFields(rs, board.value, fields.slice(1));
}
