/** Tamerlane's special rules (docs/rules.md §2), each with a position built to trigger it. */
import { describe, expect, it } from 'vitest';
import { Position } from '../position.ts';
import { fenFrom, movesFrom, mustPlay, positionFrom } from '../../test/helpers.ts';

describe('tamerlane pieces', () => {
  it('giraffe: diagonal step then at least 3 cells outward, path empty, captures only at the end', () => {
    const pos = positionFrom('tamerlane', { g2: 'K', e5: 'G', g9: 'k', e9: 'r', h6: 'p[r]' });
    const targets = movesFrom(pos, 'e5')
      .map((m) => m.slice(2))
      .sort();
    // via d6: up d9,d10 (d7,d8 passed) and left: a6 is a hole, b6 needs 3 cells from d6 -> a6 no: only... b6? d6->c6,b6: distance 2 only
    // via f6: up f9,f10 ; right i6 blocked? f6 -> g6,h6(black pawn) blocked before distance 3
    // via d4: down d1 ; left: none (c4,b4 then hole)
    // via f4: down f1 ; right i4, j4, k4, l4
    expect(targets).toEqual(['d1', 'd10', 'd9', 'f1', 'f10', 'f9', 'i4', 'j4', 'k4', 'l4'].sort());
  });

  it('giraffe cannot start through an occupied diagonal cell', () => {
    const pos = positionFrom('tamerlane', {
      g2: 'K',
      e5: 'G',
      d6: 'P[R]',
      f6: 'P[R]',
      d4: 'P[R]',
      f4: 'P[R]',
      g9: 'k',
    });
    expect(movesFrom(pos, 'e5')).toEqual([]);
  });

  it('picket: bishop of at least two cells, first cell must be empty', () => {
    const pos = positionFrom('tamerlane', { g2: 'K', f5: 'T', e6: 'P[R]', g9: 'k', h7: 'n' });
    const targets = movesFrom(pos, 'f5')
      .map((m) => m.slice(2))
      .sort();
    // NE: g6 (distance 1, no), h7 capture; NW blocked at e6 (first cell occupied); SE: h3, i2, j1; SW: d3, c2? c2 empty -> d3, c2, b1
    expect(targets).toEqual(['b1', 'c2', 'd3', 'h3', 'h7', 'i2', 'j1'].sort());
  });

  it('promotion by tag: pawn of kings becomes the Prince, pawn of camels a Camel', () => {
    const pos = positionFrom('tamerlane', { g2: 'K', c9: 'P[H]', e9: 'P[C]', l7: 'k' });
    mustPlay(pos, 'c9c10');
    expect(pos.pieces().find((p) => p.square === 'c10')?.kind).toBe('prince');
    mustPlay(pos, 'l7l6', 'e9e10');
    expect(pos.pieces().find((p) => p.square === 'e10')?.kind).toBe('camel');
  });
});

describe('tamerlane citadels', () => {
  it('only royals may enter; own King and Prince may not enter their own citadel', () => {
    const white = positionFrom('tamerlane', { l2: 'K', l3: 'R', g9: 'k' });
    expect(movesFrom(white, 'l2')).not.toContain('l2m2');
    const adv = positionFrom('tamerlane', { g2: 'K', l2: 'A', g9: 'k' });
    expect(movesFrom(adv, 'l2')).toContain('l2m2');
    const rook = positionFrom('tamerlane', { g2: 'K', l1: 'R', g9: 'k' });
    expect(movesFrom(rook, 'l1')).not.toContain('l1m2');
  });

  it("a King entering the opponent's citadel draws at once", () => {
    const pos = positionFrom('tamerlane', { b9: 'K', g9: 'k' });
    expect(movesFrom(pos, 'b9')).toContain('b9a9');
    mustPlay(pos, 'b9a9');
    expect(pos.outcome()).toMatchObject({ winner: null, reason: 'citadel' });
    expect(pos.outcome()?.text).toBe("White's king entered Black's citadel: draw");
    expect(pos.legalMoves()).toEqual([]);
  });

  it("Black's King entering m2 draws; a Prince entering draws too", () => {
    const pos = positionFrom('tamerlane', { g2: 'K', l3: 'k', b5: 'h' }, 'b');
    mustPlay(pos, 'l3m2');
    expect(pos.outcome()?.text).toBe("Black's king entered White's citadel: draw");
    const prince = positionFrom('tamerlane', { g2: 'K', l1: 'h', g9: 'k' }, 'b');
    mustPlay(prince, 'l1m2');
    expect(prince.outcome()?.reason).toBe('citadel');
  });

  it('a piece attacks a citadel cell only if it may move there', () => {
    // A white rook on l1 cannot stand on m2, so a black royal may stand... (Black's King entering m2 ends the game anyway)
    const pos = positionFrom('tamerlane', { g2: 'K', l1: 'R', l3: 'k', l10: 'h' }, 'b');
    expect(movesFrom(pos, 'l3')).toContain('l3m2');
  });

  it('claim-or-swap option: the King may swap with its Prince on entering and play on', () => {
    const opts = { rules: { 'citadel-claim-or-swap': 'on' } };
    const pos = positionFrom('tamerlane', { b9: 'K', e4: 'H', g9: 'k' }, 'w', '-', opts);
    const moves = movesFrom(pos, 'b9');
    expect(moves).toContain('b9a9');
    expect(moves).toContain('b9a9h');
    mustPlay(pos, 'b9a9h');
    expect(pos.outcome()).toBeNull();
    expect(pos.pieces().find((p) => p.square === 'a9')?.kind).toBe('prince');
    expect(pos.pieces().find((p) => p.square === 'e4')?.kind).toBe('king');
  });
});

describe('tamerlane royal pool', () => {
  it('with King and Prince both on board neither is in check: moving into attack is legal', () => {
    const pos = positionFrom('tamerlane', { f2: 'K', b5: 'H', g9: 'k', f9: 'r' });
    expect(pos.isCheck()).toBe(false);
    expect(movesFrom(pos, 'f2')).toContain('f2f3'); // f-file attacked by the rook
  });

  it('either may be captured; the one left is royal', () => {
    const pos = positionFrom('tamerlane', { f2: 'K', e6: 'H', g9: 'k', f9: 'r' });
    mustPlay(pos, 'e6e5', 'f9f2');
    expect(pos.pieces().some((p) => p.kind === 'king' && p.color === 'white')).toBe(false);
    // The Prince alone is royal now: it may not step onto the rook's file.
    const targets = movesFrom(pos, 'e5').map((m) => m.slice(2));
    expect(targets).toContain('d4');
    expect(targets).not.toContain('f4');
    expect(targets).not.toContain('f5');
    expect(targets).not.toContain('f6');
  });

  it('promoting to a Prince while the King is attacked is legal (the check test comes after the move)', () => {
    const pos = positionFrom('tamerlane', { g2: 'K', c9: 'P[H]', g9: 'k', g5: 'r' }, 'w', 'S');
    expect(pos.isCheck()).toBe(true);
    expect(movesFrom(pos, 'c9')).toContain('c9c10');
  });

  it('the Adventitious King is not royal: it may be captured', () => {
    const pos = positionFrom('tamerlane', { g2: 'K', d5: 'A', g9: 'k', d9: 'r' }, 'b');
    expect(movesFrom(pos, 'd9')).toContain('d9d5');
  });
});

describe('tamerlane king swap', () => {
  it('out of check: the King exchanges with any friendly main-board piece once per game', () => {
    // Black rook gives check along the g-file; White's King may swap with the knight on b2.
    const pos = positionFrom(
      'tamerlane',
      { g1: 'K', b2: 'N', k4: 'P[R]', g9: 'k', g5: 'r' },
      'w',
      'Ss',
    );
    expect(pos.isCheck()).toBe(true);
    const swaps = pos.legalMoves().filter((m) => m.kind === 'king swap');
    expect(swaps.map((m) => m.text).sort()).toEqual(['g1b2', 'g1k4']);
    expect(swaps.find((m) => m.text === 'g1b2')?.san).toBe('K<>b2');
    mustPlay(pos, 'g1b2');
    expect(pos.pieces().find((p) => p.square === 'g1')?.kind).toBe('knight');
    expect(pos.specialRights().kingSwap).toEqual({ white: false, black: true });
    expect(pos.fen().split(' ')[2]).toBe('s');
  });

  it('not into an attacked cell, and not when the right is used', () => {
    const pos = positionFrom(
      'tamerlane',
      { g1: 'K', b2: 'N', k5: 'P[R]', g9: 'k', g5: 'r', k9: 'r' },
      'w',
      'S',
    );
    const swaps = pos
      .legalMoves()
      .filter((m) => m.kind === 'king swap')
      .map((m) => m.text);
    expect(swaps).toEqual(['g1b2']); // k5 is on the black rook's file
    const used = positionFrom('tamerlane', { g1: 'K', b2: 'N', g9: 'k', g5: 'r' }, 'w', '-');
    expect(used.legalMoves().filter((m) => m.kind === 'king swap')).toEqual([]);
  });

  it('out of stalemate: with no other legal move the swap is allowed, and it prevents the stalemate loss', () => {
    // White King b1 boxed in by black rooks (c-file and rank 2 covered), a white pawn blocked on l4.
    const pos = positionFrom(
      'tamerlane',
      { b1: 'K', l4: 'P[R]', l5: 'p[r]', c9: 'r', j2: 'r', g9: 'k' },
      'w',
      'S',
    );
    const moves = pos.legalMoves();
    expect(moves.map((m) => m.text)).toEqual(['b1l4']);
    expect(moves[0]!.kind).toBe('king swap');
    const noRight = positionFrom(
      'tamerlane',
      { b1: 'K', l4: 'P[R]', l5: 'p[r]', c9: 'r', j2: 'r', g9: 'k' },
      'w',
      '-',
    );
    expect(noRight.legalMoves()).toEqual([]);
    expect(noRight.outcome()).toMatchObject({ winner: 'black', reason: 'stalemate' });
  });

  it('not while a King and Prince are both on board unless there is no other move', () => {
    const pos = positionFrom(
      'tamerlane',
      { g1: 'K', c4: 'H', b2: 'N', g9: 'k', g5: 'r' },
      'w',
      'S',
    );
    expect(pos.legalMoves().filter((m) => m.kind === 'king swap')).toEqual([]);
  });
});

describe('tamerlane pawn of pawns', () => {
  it('first arrival: it stays on the last rank, cannot move as a pawn and cannot be captured', () => {
    const pos = positionFrom('tamerlane', { g2: 'K', c9: 'P[P]', g9: 'k', d10: 'r', h5: 'p[r]' });
    mustPlay(pos, 'c9c10');
    expect(pos.fen()).toContain('P[P=]');
    expect(movesFrom(pos, 'd10')).not.toContain('d10c10');
    expect(pos.specialRights().pawnsOfPawns).toEqual([
      { square: 'c10', color: 'white', stage: 'waiting' },
    ]);
  });

  it('relocation: to an empty cell forking two pieces, or attacking a piece that then has no move', () => {
    // Black vizier e5 walled in by its own pawns; black knight c5.
    const pos = positionFrom('tamerlane', {
      g2: 'K',
      b10: 'P[P=]',
      l10: 'k',
      e5: 'w',
      e6: 'p[r]',
      e4: 'p[r]',
      d5: 'p[r]',
      f5: 'p[r]',
      c5: 'n',
    });
    const targets = movesFrom(pos, 'b10').map((m) => m.slice(3));
    expect(targets).toContain('d4'); // forks c5 and e5
    expect(targets).toContain('f4'); // attacks only the vizier, which has no move
    expect(targets).not.toContain('c4'); // attacks only d5, which can move
    expect(targets).not.toContain('b4'); // attacks only the knight, which can move
    expect(targets).not.toContain('e3'); // attacks nothing
    const reloc = pos.legalMoves().find((m) => m.text === 'b10d4')!;
    expect(reloc.kind).toBe('relocation');
    expect(reloc.san).toBe('P@d4');
    mustPlay(pos, 'b10d4');
    expect(pos.fen()).toContain('P[P2]');
  });

  it('a pawn target is never stuck: it can capture the relocated pawn', () => {
    const pos = positionFrom('tamerlane', { g2: 'K', b10: 'P[P=]', l10: 'k', j7: 'p[r]', j6: 'F' });
    const targets = movesFrom(pos, 'b10').map((m) => m.slice(3));
    expect(targets).not.toContain('i6');
    expect(targets).not.toContain('k6');
  });

  it('option pawn-of-pawns-occupied: it may land on an occupied cell (never a king), removing the occupant', () => {
    const opts = { rules: { 'pawn-of-pawns-occupied': 'on' } };
    const pieces = { g2: 'K', b10: 'P[P=]', l10: 'k', c5: 'n', e5: 'n', d4: 'r' };
    const off = positionFrom('tamerlane', pieces);
    expect(movesFrom(off, 'b10')).not.toContain('b10d4');
    const on = positionFrom('tamerlane', pieces, 'w', '-', opts);
    expect(movesFrom(on, 'b10')).toContain('b10d4');
    mustPlay(on, 'b10d4');
    expect(on.pieces().find((p) => p.square === 'd4')?.kind).toBe('pawnOfPawns2');
    on.undo();
    expect(on.pieces().find((p) => p.square === 'd4')?.kind).toBe('rook');
  });

  it("second arrival: placed on the pawn of kings' start cell, removing a non-royal occupant", () => {
    const pos = positionFrom('tamerlane', { h2: 'K', c9: 'P[P2]', g3: 'n', l10: 'k' });
    const m = pos.legalMoves().find((x) => x.text === 'c9c10')!;
    expect(m.san).toBe('c10@g3');
    mustPlay(pos, 'c9c10');
    expect(pos.pieces().find((p) => p.square === 'g3')?.kind).toBe('pawnOfPawns3');
    expect(pos.pieces().find((p) => p.square === 'c10')).toBeUndefined();
    pos.undo();
    expect(pos.pieces().find((p) => p.square === 'g3')?.kind).toBe('knight');
  });

  it('second arrival with a royal on the cell: nearest empty cell of that rank, ties towards file a', () => {
    const pos = positionFrom('tamerlane', { g3: 'K', c9: 'P[P2]', l10: 'k' });
    mustPlay(pos, 'c9c10');
    expect(pos.pieces().find((p) => p.square === 'f3')?.kind).toBe('pawnOfPawns3');
    const blockedLeft = positionFrom('tamerlane', { g3: 'K', f3: 'R', c9: 'P[P2]', l10: 'k' });
    mustPlay(blockedLeft, 'c9c10');
    expect(blockedLeft.pieces().find((p) => p.square === 'h3')?.kind).toBe('pawnOfPawns3');
  });

  it('feminine array: the second arrival goes to g2 (the pawn of kings starts there)', () => {
    const pos = Position.fromFen(
      'tamerlane',
      fenFrom('tamerlane', { h1: 'K', c9: 'P[P2]', l10: 'k' }, 'w', '-', { array: 'feminine' }),
      { array: 'feminine' },
    ).value!;
    mustPlay(pos, 'c9c10');
    expect(pos.pieces().find((p) => p.square === 'g2')?.kind).toBe('pawnOfPawns3');
  });

  it('third arrival: it becomes the Adventitious King', () => {
    const pos = positionFrom('tamerlane', { g2: 'K', c9: 'P[P3]', l10: 'k' });
    const m = pos.legalMoves().find((x) => x.text === 'c9c10')!;
    expect(m.san).toBe('c10=A');
    mustPlay(pos, 'c9c10');
    expect(pos.pieces().find((p) => p.square === 'c10')?.kind).toBe('adventitiousKing');
  });

  it('the waiting pawn is no king-swap partner', () => {
    const pos = positionFrom(
      'tamerlane',
      { b1: 'K', c10: 'P[P=]', c9: 'r', j2: 'r', l10: 'k', l4: 'P[R]', l5: 'p[r]' },
      'w',
      'S',
    );
    const swaps = pos
      .legalMoves()
      .filter((m) => m.kind === 'king swap')
      .map((m) => m.text);
    expect(swaps).not.toContain('b1c10');
  });
});

describe('tamerlane-full pieces', () => {
  it('lion, bull, sentinel leap (3,0), (3,2), (3,3); crocodile is a rook of at least 2 with an empty first cell', () => {
    const pos = positionFrom('tamerlane-full', { g2: 'K', f5: 'L', l10: 'k' });
    expect(
      movesFrom(pos, 'f5')
        .map((m) => m.slice(2))
        .sort(),
    ).toEqual(['c5', 'f2', 'f8', 'i5']);
    const croc = positionFrom('tamerlane-full', { g2: 'K', f5: 'X', f6: 'P[R]', l10: 'k' });
    const t = movesFrom(croc, 'f5').map((m) => m.slice(2));
    expect(t).not.toContain('e5');
    expect(t).not.toContain('f6');
    expect(t).not.toContain('f7');
    expect(t).toContain('d5');
    expect(t).toContain('f3');
  });
});
