/** The baselines (docs/rules.md §5b): Shatranj as Fairy-Stockfish plays it, and FIDE chess. */
import { describe, expect, it } from 'vitest';
import { Position } from '../position.ts';
import { perft } from '../perft.ts';
import { movesFrom, mustPlay } from '../../test/helpers.ts';

const fromFen = (variant: string, fen: string): Position => {
  const r = Position.fromFen(variant, fen);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('shatranj (Fairy-Stockfish rules)', () => {
  it('start position: kings on d1/d8, perft 1..3 = 16, 256, 4176', () => {
    const pos = Position.start('shatranj').value!;
    expect(pos.fen()).toBe('rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1');
    const fast = pos.fastPosition();
    expect([1, 2, 3].map((d) => perft(fast, d))).toEqual([16, 256, 4176]);
  });

  it('a bare king loses at once when the other side has more: no legal moves, White wins', () => {
    const pos = fromFen('shatranj', '8/8/8/3k4/8/8/8/R2K3N b - - 0 1');
    expect(pos.legalMoves()).toEqual([]);
    expect(pos.outcome()).toEqual({
      winner: 'white',
      reason: 'bare-king',
      text: "Black's king is bare: White wins",
    });
    expect(perft(pos.fastPosition(), 1)).toBe(0);
  });

  it('a bared king that can bare the other in reply plays on: 5 moves, perft 2 = 3', () => {
    const pos = fromFen('shatranj', '8/8/8/8/8/4R3/4k3/K7 b - - 0 1');
    expect(pos.outcome()).toBeNull();
    // Kd1, Kf1, Kd2, Kf2 and Kxe3 (d3/f3/e1 are covered by the rook).
    expect(movesFrom(pos).sort()).toEqual(['e2d1', 'e2d2', 'e2e3', 'e2f1', 'e2f2']);
    expect(perft(pos.fastPosition(), 2)).toBe(3);
    // After Kxe3 it is K v K: White's king plays on (a2, b1, b2).
    mustPlay(pos, 'e2e3');
    expect(pos.outcome()).toBeNull();
    expect(movesFrom(pos).sort()).toEqual(['a1a2', 'a1b1', 'a1b2']);
    pos.undo();
    // After any other move Black is bare against K+R: lost.
    mustPlay(pos, 'e2d1');
    expect(pos.outcome()).toMatchObject({ winner: 'white', reason: 'bare-king' });
  });

  it('stalemate loses', () => {
    // Black king a8 boxed by the king a6 (a7, b7) and the rook b1 (b8); Black's pawn h5 is blocked.
    const pos = fromFen('shatranj', 'k7/8/K7/7p/7P/8/8/1R6 b - - 0 1');
    expect(pos.isCheck()).toBe(false);
    expect(pos.legalMoves()).toEqual([]);
    expect(pos.outcome()).toEqual({
      winner: 'white',
      reason: 'stalemate',
      text: 'stalemate: White wins',
    });
  });

  it('pieces: Q is the fers, B the alfil (jumping two diagonally), pawns promote to the fers only', () => {
    const pos = fromFen('shatranj', '3k4/P6p/8/8/3Q4/8/3B4/4K3 w - - 0 1');
    expect(
      movesFrom(pos, 'd4')
        .map((m) => m.slice(2))
        .sort(),
    ).toEqual(['c3', 'c5', 'e3', 'e5']);
    expect(
      movesFrom(pos, 'd2')
        .map((m) => m.slice(2))
        .sort(),
    ).toEqual(['b4', 'f4']);
    const promo = pos.legalMoves().filter((m) => m.from === 'a7');
    expect(promo.map((m) => [m.text, m.san, m.promotion])).toEqual([['a7a8', 'a8=Q', 'general']]);
    // Fairy-Stockfish writes the forced promotion with a letter; it is accepted.
    expect(pos.play('a7a8q').ok).toBe(true);
  });

  it('no double step, no castling right', () => {
    const pos = Position.start('shatranj').value!;
    expect(movesFrom(pos, 'e2')).toEqual(['e2e3']);
    expect(
      Position.fromFen('shatranj', 'rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w K - 0 1').ok,
    ).toBe(false);
  });
});

describe('chess (FIDE)', () => {
  it('start: 20 moves, perft 3 = 8902', () => {
    const pos = Position.start('chess').value!;
    expect(pos.legalMoves()).toHaveLength(20);
    expect(perft(pos.fastPosition(), 3)).toBe(8902);
  });

  it("checkmate wins (fool's mate)", () => {
    const pos = Position.start('chess').value!;
    mustPlay(pos, 'f2f3', 'e7e5', 'g2g4');
    const mate = pos.legalMoves().find((m) => m.text === 'd8h4')!;
    expect(mate.san).toBe('Qh4#');
    mustPlay(pos, 'Qh4#');
    expect(pos.isCheck()).toBe(true);
    expect(pos.outcome()).toEqual({
      winner: 'black',
      reason: 'checkmate',
      text: 'checkmate: Black wins',
    });
    expect(pos.play('e2e3').ok).toBe(false);
  });

  it('stalemate is a draw', () => {
    const pos = fromFen('chess', 'k7/8/1Q6/8/8/8/8/7K b - - 0 1');
    expect(pos.legalMoves()).toEqual([]);
    expect(pos.outcome()).toEqual({ winner: null, reason: 'stalemate', text: 'stalemate: draw' });
  });

  it('castling both ways, and the rights in the FEN', () => {
    const fen = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
    const pos = fromFen('chess', fen);
    const castles = pos.legalMoves().filter((m) => m.kind === 'castling');
    expect(castles.map((m) => [m.text, m.san]).sort()).toEqual([
      ['e1c1', 'O-O-O'],
      ['e1g1', 'O-O'],
    ]);
    mustPlay(pos, 'O-O');
    expect(pos.fen()).toBe('r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1');
    mustPlay(pos, 'e8c8');
    expect(pos.fen()).toBe('2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2');
  });

  it('rights are lost when the king or a rook moves or a rook is captured', () => {
    const open = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
    const king = fromFen('chess', open);
    mustPlay(king, 'e1e2');
    expect(king.fen().split(' ')[2]).toBe('kq');
    const rook = fromFen('chess', open);
    mustPlay(rook, 'h1h2');
    expect(rook.fen().split(' ')[2]).toBe('Qkq');
    const capture = fromFen('chess', open);
    mustPlay(capture, 'a1a8');
    expect(capture.fen().split(' ')[2]).toBe('Kk');
  });

  it('no castling out of, through or into check; b1 may be attacked for O-O-O', () => {
    const through = fromFen('chess', '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1'.replace('4k3', '4kr2'));
    expect(movesFrom(through, 'e1')).not.toContain('e1g1');
    expect(movesFrom(through, 'e1')).toContain('e1c1');
    const into = fromFen('chess', '4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1');
    expect(movesFrom(into, 'e1')).not.toContain('e1g1');
    const out = fromFen('chess', '4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1');
    expect(movesFrom(out, 'e1').filter((m) => m === 'e1g1' || m === 'e1c1')).toEqual([]);
    const b1 = fromFen('chess', '1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1');
    expect(movesFrom(b1, 'e1')).toContain('e1c1');
    const blocked = fromFen('chess', '4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1');
    expect(movesFrom(blocked, 'e1')).not.toContain('e1c1');
  });

  it('en passant, and a pinned en-passant capture is refused', () => {
    const pos = fromFen('chess', '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2');
    expect(pos.legalMoves().find((m) => m.text === 'e5d6')).toMatchObject({
      kind: 'en passant',
      san: 'exd6',
    });
    // Both pawns leave rank 5 together: the rook would see the king.
    const pinned = fromFen('chess', '8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 2');
    expect(movesFrom(pinned, 'e5')).toEqual(['e5e6']);
  });

  it('promotion to Q, R, B or N', () => {
    const pos = fromFen('chess', '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1');
    expect(movesFrom(pos, 'e7').sort()).toEqual(['e7e8b', 'e7e8n', 'e7e8q', 'e7e8r']);
  });
});
