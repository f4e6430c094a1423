/**
 * Short explanations of the special moves a selected piece is offered (king swap, rendezvous, the
 * pawn of pawns' relocation and return, castling, entering the enemy citadel), shown next to the
 * board while the piece is selected; and of the pawn of pawns' first arrival on its last rank,
 * shown when the move that made it has just been played.
 */
import type { MoveInfo, Position } from '@citadel/core';

export interface SpecialNote {
  /** The move kind, or `citadel` for a royal entering the enemy citadel (a draw). */
  readonly kind: string;
  readonly title: string;
  readonly text: string;
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The note on the move that led to `position` (its last), when that was a pawn of pawns' first
 * arrival on its last rank: there it waits (docs/rules.md, §2); null after any other move.
 */
export function arrivalNote(position: Position): SpecialNote | null {
  const last = position.history().at(-1);
  if (!last) return null;
  const piece = position.pieces().find((p) => p.square === last.to);
  if (piece?.kind !== 'pawnOfPawnsWaiting') return null;
  return {
    kind: 'pawn of pawns arrival',
    title: "Pawn of pawns' first arrival",
    text: `the pawn of pawns has reached its last rank (${last.to}) for the first time and waits there: it cannot move or be captured. On a later turn its owner may lift it, as a whole move, to an empty cell from which it attacks two enemy pieces at once, or one enemy piece that then cannot move.`,
  };
}

/** Explanations for the special moves among the legal moves from `from` (none: empty list). */
export function specialNotes(position: Position, from: string): SpecialNote[] {
  const moves = position.legalMoves().filter((m) => m.from === from);
  if (moves.length === 0) return [];
  const pieces = new Map(position.pieces().map((p) => [p.square, p]));
  const mover = pieces.get(from);
  const name = mover ? mover.name : 'piece';
  const Name = cap(name);
  const targets = (kind: string): MoveInfo[] => moves.filter((m) => m.kind === kind);
  const partners = (list: MoveInfo[]): string =>
    [...new Set(list.map((m) => pieces.get(m.to)?.name ?? m.to))].join(', ');
  const notes: SpecialNote[] = [];

  const swaps = targets('king swap');
  if (swaps.length)
    notes.push({
      kind: 'king swap',
      title: 'King swap',
      text: position.isCheck()
        ? `once per game, the ${Name} may exchange places with any of your pieces because it is in check. Choose the piece to swap with.`
        : `once per game, the ${Name} may exchange places with any of your pieces because no other move is left. Choose the piece to swap with.`,
    });
  const rdv = targets('rendezvous');
  if (rdv.length)
    notes.push({
      kind: 'rendezvous',
      title: 'Rendezvous',
      text: `once per game, the ${Name} may exchange places with your ${partners(rdv)} beside it. Click that piece to make it.`,
    });
  const reloc = targets('relocation');
  if (reloc.length)
    notes.push({
      kind: 'relocation',
      title: "Pawn of pawns' relocation",
      text: `the waiting pawn of pawns may be lifted to an empty cell from which it attacks two enemy pieces, or one enemy piece that then cannot move. ${reloc.length === 1 ? 'One such cell is' : `${reloc.length} such cells are`} marked.`,
    });
  if (targets('pawn of pawns return').length)
    notes.push({
      kind: 'pawn of pawns return',
      title: "Pawn of pawns' return",
      text: "reaching the last rank a second time, the pawn of pawns goes back to the pawn of kings' starting cell.",
    });
  const castles = targets('castling');
  if (castles.length)
    notes.push({
      kind: 'castling',
      title: 'Castling',
      text: `the ${Name} and a Rook that have not moved may castle: the ${Name} moves towards the Rook (${castles.map((m) => m.to).join(' or ')}) and the Rook jumps over it to stand beside it. Move the ${Name} to do it.`,
    });
  if (targets('citadel swap').length)
    notes.push({
      kind: 'citadel swap',
      title: 'Citadel swap',
      text: `entering the enemy citadel, the ${Name} may exchange places with its partner instead of claiming the draw.`,
    });

  const citadel = moves.find((m) => {
    if (m.kind === 'citadel swap') return false;
    const after = position.clone();
    return after.play(m.text).ok && after.outcome()?.reason === 'citadel';
  });
  if (citadel)
    notes.push({
      kind: 'citadel',
      title: 'Enemy citadel',
      text: `if the ${Name} enters the enemy citadel (${citadel.to}), the game is drawn.`,
    });
  return notes;
}
