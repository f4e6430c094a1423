/**
 * How each kind moves, in words, for the rules page (docs/rules.md §0-§4 tables; the crocodile is
 * our house rule, docs/rules.md §3). Tagged pawns move as pawns; the page adds what each becomes.
 */
import type { KindKey, VariantDef } from '@citadel/core';

const MOVES: Partial<Record<KindKey, string>> = {
  king: 'one step in any direction',
  prince: 'one step in any direction, like the King (a royal piece while the King lives)',
  adventitiousKing: 'one step in any direction; not royal, may enter its own citadel',
  general: 'one step diagonally',
  vizier: 'one step orthogonally',
  giraffe:
    'one diagonal step to an empty cell, then at least 3 cells straight on, orthogonally away from its start; every cell passed must be empty',
  picket: 'like a bishop, but at least 2 cells; it never moves or captures at distance 1',
  knight: 'leaps (2,1), jumping over what lies between',
  rook: 'slides any distance orthogonally',
  warEngine: 'leaps exactly 2 cells orthogonally, jumping the middle cell',
  camel: 'leaps (3,1)',
  elephant: 'leaps exactly 2 cells diagonally, jumping the middle cell',
  lion: 'leaps (3,0)',
  bull: 'leaps (3,2)',
  sentinel: 'leaps (3,3)',
  crocodile: 'house rule: like a rook, but at least 2 cells, and its first cell must be empty',
  warMachine: 'slides any distance diagonally, like a bishop',
  bishop: 'slides any distance diagonally',
  queen: 'slides any distance in any direction',
  princess: 'bishop + knight',
  fortress: 'rook + knight',
  champion: 'one step orthogonally, or a jump of exactly 2 cells in any of the 8 directions',
  wizard: 'one step diagonally, or a knight leap',
  pawn: 'one step forward, captures one step diagonally forward',
};

/** The movement of a kind in a variant, in words (a tagged pawn moves as a pawn); '' when unknown. */
export function movementText(kind: KindKey, def: VariantDef): string {
  const pawn = kind === 'pawn' || kind.startsWith('pawnOf');
  const text = MOVES[pawn ? 'pawn' : kind] ?? '';
  if (!pawn) return text;
  const rules = def.rules.pawn;
  if (rules.doubleStepRank === null) return `${text}; no double step`;
  return `${text}; two steps from its starting rank${rules.enPassant ? ', and may capture en passant' : ''}`;
}
