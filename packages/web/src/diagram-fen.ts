/**
 * Position text (our FEN, docs/formats.md) for a diagram: a few pieces by square on an otherwise
 * empty board of a variant. The rules page builds its prepared positions with it and hands the
 * text to the core, which alone decides whether the position is valid.
 */
import {
  compileRuleset,
  err,
  makeBoardText,
  ok,
  setupFromPieces,
  type Result,
} from '@citadel/core';

export interface DiagramOptions {
  /** Side to move: `w` (default) or `b`. */
  readonly turn?: 'w' | 'b';
  /** Rights field (`-` by default: no castling, king swap or rendezvous left). */
  readonly rights?: string;
  /** En-passant cell, if any. */
  readonly ep?: string;
}

/**
 * The FEN of `pieces` (square -> piece text such as `K`, `p`, `P[H]`) on the variant's board;
 * an error when a square is not a cell of that board.
 */
export function diagramFen(
  variant: string,
  pieces: Readonly<Record<string, string>> | ReadonlyMap<string, string>,
  options: DiagramOptions = {},
): Result<string> {
  const rs = compileRuleset(variant);
  if (!rs.ok) return rs;
  const geo = rs.value.geo;
  const placed = [...(pieces instanceof Map ? pieces : Object.entries(pieces))];
  for (const [square] of placed) {
    const s = geo.parseSquare(square);
    if (s < 0 || !geo.exists[s]) return err(`${square} is not a cell of the ${variant} board`);
  }
  const setup = setupFromPieces(
    rs.value,
    placed.map(([square, text]) => ({ square, text })),
    'white',
  );
  if (!setup.ok) return setup;
  return ok(
    [
      makeBoardText(rs.value, setup.value.board),
      options.turn ?? 'w',
      options.rights ?? '-',
      options.ep ?? '-',
      '0',
      '1',
    ].join(' '),
  );
}
