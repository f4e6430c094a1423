/**
 * Test layouts drawn as text, top rank first: `.` a cell, `W`/`B` a white/black citadel, a space
 * a hole. The shapes are those of the citadel variants (citadels beside the board or diagonally
 * off its corners).
 */
import { squareName, type BoardCell, type LayoutSource, type Side } from '../src/index.ts';

export function layoutFrom(picture: readonly string[], orientation: Side = 'white'): LayoutSource {
  const ranks = picture.length;
  const files = Math.max(...picture.map((r) => r.length));
  const cells: BoardCell[] = [];
  picture.forEach((line, i) => {
    const rank = ranks - 1 - i;
    for (let file = 0; file < files; file++) {
      const ch = line[file] ?? ' ';
      cells.push({
        square: squareName(file, rank),
        exists: ch !== ' ',
        citadelOwner: ch === 'W' ? 'white' : ch === 'B' ? 'black' : undefined,
      });
    }
  });
  return { files, ranks, orientation, cells };
}

const row = (edge: string, inner: number, fill: string): string => edge + fill.repeat(inner) + edge;

/** A board of `inner` x `inner` cells with a citadel off each corner. */
export function cornerCitadels(inner: number): string[] {
  const lines = [row('B', inner, ' ')];
  for (let i = 0; i < inner; i++) lines.push(row(' ', inner, '.'));
  lines.push(row('W', inner, ' '));
  return lines;
}

/** An 11x10 board with a citadel beside the second rank on each side (Tamerlane's shape). */
export const SIDE_CITADELS: readonly string[] = [
  ' ........... ',
  'B........... ',
  ' ........... ',
  ' ........... ',
  ' ........... ',
  ' ........... ',
  ' ........... ',
  ' ........... ',
  ' ...........W',
  ' ........... ',
];

export const PLAIN_8X8: readonly string[] = Array.from({ length: 8 }, () => '........');
