/** Shatranj al-Husun's rules (docs/rules.md §1), each with a position built to trigger it. */
import { describe, expect, it } from 'vitest';
import { Position } from '../position.ts';
import { fenFrom, movesFrom, mustPlay, positionFrom } from '../../test/helpers.ts';

const targets = (pos: Position, from: string): string[] =>
  movesFrom(pos, from)
    .map((m) => m.slice(from.length))
    .sort();
const kindOn = (pos: Position, square: string): string | undefined =>
  pos.pieces().find((p) => p.square === square)?.kind;

describe('husun board and citadels', () => {
  it('the start position: corrected setup, 20 moves, no rights', () => {
    const pos = Position.start('husun').value!;
    expect(pos.fen()).toBe(
      '1**********1/*rnedkfdenr*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*RNEDKFDENR*/1**********1 w - - 0 1',
    );
    expect(kindOn(pos, 'f2')).toBe('king');
    expect(kindOn(pos, 'f11')).toBe('king');
    expect(kindOn(pos, 'g2')).toBe('general');
    expect(kindOn(pos, 'e2')).toBe('warMachine');
    expect(kindOn(pos, 'd11')).toBe('elephant');
    // 10 pawn steps; knights c2 -> a1 (own citadel), b4, d4 and j2 -> l1, i4, k4; elephants d2 -> b4, f4
    // and i2 -> g4, k4: 10 + 6 + 4.
    expect(pos.legalMoves()).toHaveLength(20);
  });

  it('each citadel touches the board only diagonally: a king on b2 reaches a1, a rook on b2 does not', () => {
    const king = positionFrom('husun', { b2: 'K', f11: 'k' });
    expect(targets(king, 'b2')).toEqual(['a1', 'b3', 'c2', 'c3']);
    const rook = positionFrom('husun', { b2: 'R', f2: 'K', f11: 'k' });
    expect(targets(rook, 'b2')).not.toContain('a1');
    // from the citadel the only way out is the diagonal step
    const inside = positionFrom('husun', { a1: 'K', f11: 'k' });
    expect(targets(inside, 'a1')).toEqual(['b2']);
    const l12 = positionFrom('husun', { f2: 'K', l12: 'k' }, 'b');
    expect(targets(l12, 'l12')).toEqual(['k11']);
  });

  it('any piece that can reach a citadel may stand there: knight, elephant, war machine, rook never', () => {
    const pos = positionFrom('husun', {
      f2: 'K',
      f11: 'k',
      c2: 'N',
      b3: 'N',
      c3: 'E',
      k3: 'D',
      l12: 'r',
    });
    expect(targets(pos, 'c2')).toContain('a1');
    expect(targets(pos, 'b3')).toContain('a1');
    expect(targets(pos, 'c3')).toContain('a1'); // A leap over b2
    // War machine (bishop slider) on k3: k3-l2? l2 is a hole; it reaches l1? no (not on a diagonal through k3 -> l2).
    expect(targets(pos, 'k3')).not.toContain('l1');
    const d = positionFrom('husun', { f2: 'K', f11: 'k', d4: 'D' });
    expect(targets(d, 'd4')).toEqual(expect.arrayContaining(['c3', 'b2', 'a1']));
    // A black rook standing on White's citadel is legal and can only leave... never (no orthogonal exit).
    const r = positionFrom('husun', { f2: 'K', f11: 'k', a1: 'r' }, 'b');
    expect(targets(r, 'a1')).toEqual([]);
  });

  it("a king entering the opponent's citadel draws at once", () => {
    for (const [from, to] of [
      ['b11', 'a12'],
      ['k11', 'l12'],
    ] as const) {
      const pos = positionFrom('husun', { [from]: 'K', f5: 'k', d3: 'P' });
      mustPlay(pos, from + to);
      expect(pos.outcome()).toEqual({
        winner: null,
        reason: 'citadel',
        text: "White's king entered Black's citadel: draw",
      });
      expect(pos.legalMoves()).toEqual([]);
    }
    const black = positionFrom('husun', { f7: 'K', k2: 'k' }, 'b');
    mustPlay(black, 'k2l1');
    expect(black.outcome()?.text).toBe("Black's king entered White's citadel: draw");
  });

  it('own citadel: no effect', () => {
    const pos = positionFrom('husun', { b2: 'K', f11: 'k' });
    mustPlay(pos, 'b2a1');
    expect(pos.outcome()).toBeNull();
    mustPlay(pos, 'f11f10', 'a1b2');
    expect(pos.outcome()).toBeNull();
  });
});

describe('husun pawns', () => {
  it('no double step, no en passant', () => {
    const pos = positionFrom('husun', { f2: 'K', f11: 'k', e3: 'P', d5: 'p' });
    expect(targets(pos, 'e3')).toEqual(['e4']);
    mustPlay(pos, 'e3e4', 'd5d4');
    expect(pos.fen().split(' ')[3]).toBe('-');
    expect(targets(pos, 'e4')).toEqual(['e5']);
  });

  it('White promotes to a General on rank 11, at once and without a choice', () => {
    const pos = positionFrom('husun', { f2: 'K', i6: 'k', e10: 'P', d11: 'n' });
    const moves = pos.legalMoves().filter((m) => m.from === 'e10');
    expect(moves.map((m) => m.text).sort()).toEqual(['e10d11', 'e10e11']);
    const step = moves.find((m) => m.text === 'e10e11')!;
    expect(step.kind).toBe('promotion');
    expect(step.promotion).toBe('general');
    expect(step.san).toBe('e11=F');
    expect(moves.find((m) => m.text === 'e10d11')!.san).toBe('exd11=F');
    mustPlay(pos, 'e10e11');
    expect(kindOn(pos, 'e11')).toBe('general');
    expect(pos.fen()).toContain('F');
  });

  it('Black promotes on rank 2', () => {
    const pos = positionFrom('husun', { f6: 'K', f11: 'k', c3: 'p' }, 'b');
    mustPlay(pos, 'c3c2');
    expect(pos.pieces().find((p) => p.square === 'c2')).toMatchObject({
      kind: 'general',
      color: 'black',
    });
  });

  it('a pawn on the last rank in a FEN is rejected (it should have promoted)', () => {
    const r = Position.fromFen('husun', fenFrom('husun', { f2: 'K', f11: 'k', c11: 'P' }));
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).toContain('c11');
  });
});

describe('husun outcomes', () => {
  it('checkmate wins', () => {
    // Black king in its citadel a12: the war machine on d9 checks through c10-b11 and covers b11.
    const pos = positionFrom('husun', { f2: 'K', a12: 'k', d9: 'D' }, 'b');
    expect(pos.isCheck()).toBe(true);
    expect(pos.outcome()).toEqual({
      winner: 'white',
      reason: 'checkmate',
      text: 'checkmate: White wins',
    });
  });

  it('stalemate wins for the side that stalemates', () => {
    // Black king on a12; its only exit b11 is covered by the rook along the b-file; no check.
    const pos = positionFrom('husun', { f2: 'K', a12: 'k', b5: 'R' }, 'b');
    expect(pos.isCheck()).toBe(false);
    expect(pos.legalMoves()).toEqual([]);
    expect(pos.outcome()).toEqual({
      winner: 'white',
      reason: 'stalemate',
      text: 'stalemate: White wins',
    });
    const white = positionFrom('husun', { l1: 'K', f11: 'k', k6: 'r' });
    expect(white.outcome()).toEqual({
      winner: 'black',
      reason: 'stalemate',
      text: 'stalemate: Black wins',
    });
  });

  it('no bare-king rule: K+R v K plays on', () => {
    const pos = positionFrom('husun', { f2: 'K', f11: 'k', b5: 'R' }, 'b');
    expect(pos.outcome()).toBeNull();
    const kk = positionFrom('husun', { f2: 'K', f11: 'k' });
    expect(kk.outcome()).toBeNull();
  });

  it('no castling: a castling right in the FEN is rejected', () => {
    const r = Position.fromFen('husun', fenFrom('husun', { f2: 'K', f11: 'k', b2: 'R' }, 'w', 'Q'));
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).toBe("bad position: rights field: 'Q' is not a right of husun");
  });

  it('repetition draws only with the rule switch', () => {
    const cycle = ['c2d4', 'c11d9', 'd4c2', 'd9c11'];
    const off = Position.start('husun').value!;
    for (let i = 0; i < 4; i++) mustPlay(off, ...cycle);
    expect(off.outcome()).toBeNull();

    const on = Position.start('husun', { rules: { repetition: 'on' } }).value!;
    mustPlay(on, ...cycle);
    expect(on.outcome()).toBeNull();
    mustPlay(on, ...cycle.slice(0, 3));
    expect(on.outcome()).toBeNull();
    mustPlay(on, cycle[3]!);
    expect(on.outcome()).toEqual({
      winner: null,
      reason: 'repetition',
      text: 'threefold repetition: draw',
    });
    expect(on.play('c2d4').ok).toBe(false);
  });

  it('no 50-move rule', () => {
    const fen = fenFrom('husun', { f2: 'K', f11: 'k', b5: 'R' }).replace(/ 0 1$/, ' 150 100');
    const pos = Position.fromFen('husun', fen).value!;
    mustPlay(pos, 'b5b6');
    expect(pos.outcome()).toBeNull();
  });
});
