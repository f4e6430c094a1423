/**
 * Moves in words, as the live regions say them: a move of every special kind the core reports
 * (capture, check, mate, promotion, castling, en passant, Tamerlane's king swap, the pawn of
 * pawns' three arrivals and its relocation, the citadel draw and the citadel swap, Persian
 * castling and rendezvous), over chess, shatranj, Tamerlane and Persian chess, with the core's
 * piece names.
 */
import { Position } from '@citadel/core';
import { describe, expect, it } from 'vitest';
import { diagramFen, type DiagramOptions } from './diagram-fen.ts';
import { moveWords } from './move-words.ts';

/** A position of a few pieces (square -> FEN piece text); throws when the core refuses it. */
function diagram(
  variant: string,
  pieces: Record<string, string>,
  options: DiagramOptions = {},
  rules: Record<string, string> = {},
): Position {
  const fen = diagramFen(variant, pieces, options);
  if (!fen.ok) throw new Error(fen.error);
  const made = Position.fromFen(variant, fen.value, { rules });
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

function start(variant: string, moves: readonly string[] = []): Position {
  const made = Position.start(variant);
  if (!made.ok) throw new Error(made.error);
  for (const m of moves) if (!made.value.play(m).ok) throw new Error(`${m} is not legal`);
  return made.value;
}

/** The words for `move` played in `position` (which is left after the move). */
function wordsFor(position: Position, move: string): string {
  const before = position.clone();
  const played = position.play(move);
  if (!played.ok) throw new Error(played.error);
  return moveWords(before, played.value, position);
}

describe('moveWords', () => {
  it('names the side, the piece, where from and where to', () => {
    const p = start('chess');
    expect(wordsFor(p, 'Nf3')).toBe('White: knight from g1 to f3');
    expect(wordsFor(p, 'Nf6')).toBe('Black: knight from g8 to f6');
  });

  it('says what was taken, and check and checkmate', () => {
    expect(wordsFor(start('chess', ['e4', 'f6']), 'Qh5')).toBe('White: queen from d1 to h5, check');
    const scholar = start('chess', ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6']);
    expect(wordsFor(scholar, 'Qxf7#')).toBe('White: queen from h5 takes the pawn on f7, checkmate');
  });

  it('says what a pawn becomes, and the end a move brings', () => {
    const pieces = { e7: 'P', d8: 'r', e1: 'K', h8: 'k' };
    expect(wordsFor(diagram('chess', pieces), 'e7e8q')).toBe(
      'White: pawn from e7 to e8, becomes a queen, check',
    );
    expect(wordsFor(diagram('chess', pieces), 'e7d8n')).toBe(
      'White: pawn from e7 takes the rook on d8, becomes a knight, insufficient material: draw',
    );
  });

  it('tells castling and en passant in chess and Persian chess', () => {
    const chess = diagram('chess', { a1: 'R', e1: 'K', h1: 'R', e8: 'k' }, { rights: 'KQ' });
    expect(wordsFor(chess, 'e1g1')).toBe('White: castles, king from e1 to g1, rook from h1 to f1');
    const persian = diagram(
      'persian-princess',
      { b2: 'R', f2: 'K', j2: 'R', f10: 'k', c8: 'p', h8: 'p' },
      { rights: 'KQ' },
    );
    expect(wordsFor(persian, 'f2i2')).toBe(
      'White: castles, king from f2 to i2, rook from j2 to h2',
    );
    const passant = diagram('chess', { e5: 'P', d5: 'p', e1: 'K', e8: 'k' }, { ep: 'd6' });
    expect(wordsFor(passant, 'e5d6')).toBe(
      'White: pawn from e5 takes the pawn on d5 en passant, to d6',
    );
  });

  it('names the pieces of the old variants as the core does', () => {
    expect(wordsFor(start('tamerlane'), 'Cc4')).toBe('White: camel from d1 to c4');
    const giraffe = diagram('tamerlane', { e4: 'G', g1: 'K', k9: 'k' });
    expect(wordsFor(giraffe, 'e4f8')).toBe('White: giraffe from e4 to f8, check');
    const shatranj = start('shatranj', ['e3', 'd6', 'e4', 'd5']);
    expect(wordsFor(shatranj, 'exd5')).toBe('White: pawn from e4 takes the pawn on d5');
  });

  it("tells Tamerlane's king swap and the Persian rendezvous as an exchange of places", () => {
    const swap = diagram('tamerlane', { g1: 'K', b2: 'N', g5: 'r', g9: 'k' }, { rights: 'S' });
    expect(wordsFor(swap, 'g1b2')).toBe('White: king from g1 swaps places with the knight on b2');
    const meeting = diagram(
      'persian-princess',
      { f2: 'K', g2: 'S', h2: 'B', f10: 'k' },
      {
        rights: 'V',
      },
    );
    expect(wordsFor(meeting, 'g2h2')).toBe(
      'White: princess from g2 swaps places with the bishop on h2',
    );
  });

  it('follows the pawn of pawns through its arrivals and its relocation', () => {
    const kings = { g1: 'K', k8: 'k' };
    expect(wordsFor(diagram('tamerlane', { ...kings, b9: 'P[P]' }), 'b9b10')).toBe(
      'White: pawn of pawns from b9 to b10, where it waits to be placed again',
    );
    const fork = { b10: 'P[P=]', d6: 'r', f6: 'n', g1: 'K', k9: 'k' };
    expect(wordsFor(diagram('tamerlane', fork), 'b10e5')).toBe(
      'White: pawn of pawns relocated from b10 to e5',
    );
    expect(wordsFor(diagram('tamerlane', { ...kings, d9: 'P[P2]' }), 'd9d10')).toBe(
      'White: pawn of pawns (second life) from d9 to d10, and returns to g3',
    );
    expect(wordsFor(diagram('tamerlane', { ...kings, c9: 'P[P3]' }), 'c9c10')).toBe(
      'White: pawn of pawns (third life) from c9 to c10, becomes an adventitious king',
    );
    expect(wordsFor(diagram('tamerlane', { ...kings, e9: 'P[H]' }), 'e9e10')).toBe(
      'White: pawn of kings from e9 to e10, becomes a prince',
    );
  });

  it('tells a citadel entry: the draw, or with the option the swap with the Prince', () => {
    const pieces = { b8: 'K', g6: 'k', e2: 'r', f3: 'r' };
    expect(wordsFor(diagram('tamerlane', pieces), 'b8a9')).toBe(
      "White: king from b8 to a9, White's king entered Black's citadel: draw",
    );
    const withPrince = diagram(
      'tamerlane',
      { ...pieces, d4: 'H' },
      {},
      {
        'citadel-claim-or-swap': 'on',
      },
    );
    const swap = withPrince.legalMoves().find((m) => m.kind === 'citadel swap');
    expect(swap?.from).toBe('b8');
    expect(wordsFor(withPrince, swap!.text)).toBe(
      'White: king from b8 enters the citadel on a9, then swaps places with the prince on d4',
    );
  });
});
