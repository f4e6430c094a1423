/**
 * Perft over the fast layer with bulk counting at the last ply (docs/rules.md §5b convention: only
 * checkmate, stalemate, a citadel draw and the bare-king rule end a line).
 */
import type { FastPosition } from './fast-position.ts';
import { generateLegal } from './movegen.ts';

export function perft(pos: FastPosition, depth: number, start = 0): number {
  if (depth === 0) return 1;
  const end = generateLegal(pos, start);
  if (depth === 1) return end - start;
  let nodes = 0;
  for (let i = start; i < end; i++) {
    const m = pos.moves[i]!;
    pos.make(m);
    nodes += perft(pos, depth - 1, end);
    pos.unmake(m);
  }
  return nodes;
}

/** Per-move counts at the root, in generation order. */
export function divide(pos: FastPosition, depth: number): Array<{ move: number; nodes: number }> {
  const end = generateLegal(pos, 0);
  const out: Array<{ move: number; nodes: number }> = [];
  for (let i = 0; i < end; i++) {
    const m = pos.moves[i]!;
    pos.make(m);
    out.push({ move: m, nodes: depth <= 1 ? 1 : perft(pos, depth - 1, end) });
    pos.unmake(m);
  }
  return out;
}
