/**
 * Position text (our FEN, docs/formats.md) for a diagram: a few pieces by square on an otherwise
 * empty board of a variant. The rules page builds its prepared positions with it and hands the
 * text to the core, which alone decides whether the position is valid.
 */
import { compileRuleset, err, ok, type Result } from '@citadel/core';

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
  const placed = new Map(pieces instanceof Map ? pieces : Object.entries(pieces));
  for (const square of placed.keys()) {
    const s = geo.parseSquare(square);
    if (s < 0 || !geo.exists[s]) return err(`${square} is not a cell of the ${variant} board`);
  }
  const rows: string[] = [];
  for (let r = geo.ranks - 1; r >= 0; r--) {
    let row = '';
    let run = 0;
    for (let f = 0; f < geo.files; f++) {
      const s = geo.sq(f, r);
      const piece = placed.get(geo.name(s));
      if (geo.exists[s] && piece === undefined) {
        run++;
        continue;
      }
      if (run) row += String(run);
      run = 0;
      row += geo.exists[s] ? piece! : '*';
    }
    if (run) row += String(run);
    rows.push(row);
  }
  return ok(
    [rows.join('/'), options.turn ?? 'w', options.rights ?? '-', options.ep ?? '-', '0', '1'].join(
      ' ',
    ),
  );
}
