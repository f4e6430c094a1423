/**
 * Test helpers: build positions from a piece map, list moves compactly. Other packages' tests
 * import them as `@citadel/core/testing`.
 */
import { Position, compileRuleset, type RulesetOptions } from '../src/index.ts';

/**
 * Our FEN for `variant` with the given pieces (square -> FEN piece text, e.g. `{ g2: 'K', b10: 'P[P=]' }`),
 * holes written as `*`, empty runs counted.
 */
export function fenFrom(
  variant: string,
  pieces: Record<string, string>,
  side: 'w' | 'b' = 'w',
  rights = '-',
  options: RulesetOptions = {},
): string {
  const rs = compileRuleset(variant, options);
  if (!rs.ok) throw new Error(rs.error);
  const geo = rs.value.geo;
  const rows: string[] = [];
  for (let r = geo.ranks - 1; r >= 0; r--) {
    let row = '';
    let run = 0;
    for (let f = 0; f < geo.files; f++) {
      const s = geo.sq(f, r);
      const piece = pieces[geo.name(s)];
      if (geo.exists[s] && !piece) {
        run++;
        continue;
      }
      if (run) row += run;
      run = 0;
      row += geo.exists[s] ? piece : '*';
    }
    if (run) row += run;
    rows.push(row);
  }
  return `${rows.join('/')} ${side} ${rights} - 0 1`;
}

/** A position from a piece map; throws with the parser's message if the setup is rejected. */
export function positionFrom(
  variant: string,
  pieces: Record<string, string>,
  side: 'w' | 'b' = 'w',
  rights = '-',
  options: RulesetOptions = {},
): Position {
  const p = Position.fromFen(variant, fenFrom(variant, pieces, side, rights, options), options);
  if (!p.ok) throw new Error(p.error);
  return p.value;
}

/** Legal moves as move text, those starting on `from` only when given. */
export function movesFrom(pos: Position, from?: string): string[] {
  return pos
    .legalMoves()
    .filter((m) => from === undefined || m.from === from)
    .map((m) => m.text);
}

export function mustPlay(pos: Position, ...moves: string[]): void {
  for (const m of moves) {
    const r = pos.play(m);
    if (!r.ok) throw new Error(`${m}: ${r.error}`);
  }
}
