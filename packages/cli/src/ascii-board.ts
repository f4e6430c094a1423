/**
 * An ASCII diagram of any geometry: holes are blank, citadels bracketed `[ ]`, every rank and
 * file labelled (two-digit ranks right-aligned). Tamerlane pawns show as P/p; their tags are in
 * the FEN and the piece list.
 */
import type { Position } from '@citadel/core';

export function asciiBoard(pos: Position): string {
  const geo = pos.rs.geo;
  const bySquare = new Map(pos.pieces().map((p) => [p.square, p]));
  const lines: string[] = [];
  const eye = pos.rs.def.rules.allSeeingEye?.square;
  for (let r = geo.ranks - 1; r >= 0; r--) {
    let line = String(r + 1).padStart(3) + ' ';
    for (let f = 0; f < geo.files; f++) {
      const s = geo.sq(f, r);
      const name = geo.name(s);
      if (!geo.exists[s]) {
        line += '   ';
        continue;
      }
      const p = bySquare.get(name);
      const ch = p ? p.text[0]! : name === eye ? '@' : '.';
      line += geo.citadelOwner[s]! >= 0 ? `[${ch}]` : ` ${ch} `;
    }
    lines.push(line.trimEnd());
  }
  let files = '    ';
  for (let f = 0; f < geo.files; f++) files += ` ${String.fromCharCode(97 + f)} `;
  lines.push(files.trimEnd());
  return lines.join('\n');
}
