/** Persian Chess' rules (docs/rules.md §4), each with a position built to trigger it. */
import { describe, expect, it } from 'vitest';
import { Position } from '../position.ts';
import { isAttacked } from '../attacks.ts';
import { fenFrom, movesFrom, mustPlay, positionFrom } from '../../test/helpers.ts';

const rightsOf = (pos: Position): string => pos.fen().split(' ')[2]!;
const epOf = (pos: Position): string => pos.fen().split(' ')[3]!;
const kindOn = (pos: Position, square: string): string | undefined =>
  pos.pieces().find((p) => p.square === square)?.kind;
const targets = (pos: Position, from: string): string[] =>
  movesFrom(pos, from)
    .map((m) => m.slice(from.length))
    .sort();

/** Kings and all four castling rooks on their home cells, White to move. */
const CASTLING = { f2: 'K', b2: 'R', j2: 'R', f10: 'k', b10: 'r', j10: 'r' };

describe('persian castling', () => {
  it('princess side: K f2-i2 with R j2-h2 (White), written f2i2 / O-O', () => {
    const pos = positionFrom('persian-celtic', CASTLING, 'w', 'KQkq');
    const castle = pos.legalMoves().find((m) => m.text === 'f2i2')!;
    expect(castle.kind).toBe('castling');
    expect(castle.san).toBe('O-O');
    mustPlay(pos, 'f2i2');
    expect(kindOn(pos, 'i2')).toBe('king');
    expect(kindOn(pos, 'h2')).toBe('rook');
    expect(kindOn(pos, 'f2')).toBeUndefined();
    expect(kindOn(pos, 'j2')).toBeUndefined();
    expect(rightsOf(pos)).toBe('kq');
    pos.undo();
    expect(pos.fen()).toBe(fenFrom('persian-celtic', CASTLING, 'w', 'KQkq'));
  });

  it('queen side: K f2-d2 with R b2-e2 (White), written f2d2 / O-O-O', () => {
    const pos = positionFrom('persian-celtic', CASTLING, 'w', 'KQkq');
    const castle = pos.legalMoves().find((m) => m.text === 'f2d2')!;
    expect(castle.kind).toBe('castling');
    expect(castle.san).toBe('O-O-O');
    mustPlay(pos, 'O-O-O');
    expect(kindOn(pos, 'd2')).toBe('king');
    expect(kindOn(pos, 'e2')).toBe('rook');
    expect(kindOn(pos, 'b2')).toBeUndefined();
    expect(rightsOf(pos)).toBe('kq');
  });

  it('Black castles the same on rank 10: f10-i10 / j10-h10 and f10-d10 / b10-e10', () => {
    const ks = positionFrom('persian-celtic', CASTLING, 'b', 'KQkq');
    expect(movesFrom(ks, 'f10')).toEqual(expect.arrayContaining(['f10i10', 'f10d10']));
    mustPlay(ks, 'f10i10');
    expect(kindOn(ks, 'i10')).toBe('king');
    expect(kindOn(ks, 'h10')).toBe('rook');
    expect(rightsOf(ks)).toBe('KQ');
    const qs = positionFrom('persian-celtic', CASTLING, 'b', 'KQkq');
    mustPlay(qs, 'f10d10');
    expect(kindOn(qs, 'd10')).toBe('king');
    expect(kindOn(qs, 'e10')).toBe('rook');
    expect(qs.pieces().find((p) => p.square === 'e10')?.color).toBe('black');
  });

  it('refused when a cell the king stands on or crosses is attacked', () => {
    // A black rook on g9 sees g2: princess side refused, queen side still fine.
    const g = positionFrom('persian-celtic', { ...CASTLING, g9: 'r' }, 'w', 'KQ');
    expect(movesFrom(g, 'f2')).not.toContain('f2i2');
    expect(movesFrom(g, 'f2')).toContain('f2d2');
    // i2 (the king's target) attacked.
    const i = positionFrom('persian-celtic', { ...CASTLING, i9: 'r' }, 'w', 'KQ');
    expect(movesFrom(i, 'f2')).not.toContain('f2i2');
    // e2 attacked: queen side refused.
    const e = positionFrom('persian-celtic', { ...CASTLING, e9: 'r' }, 'w', 'KQ');
    expect(movesFrom(e, 'f2')).not.toContain('f2d2');
    expect(movesFrom(e, 'f2')).toContain('f2i2');
    // c2 only has to be empty, not safe (like b1 in FIDE chess).
    const c = positionFrom('persian-celtic', { ...CASTLING, c9: 'r' }, 'w', 'KQ');
    expect(movesFrom(c, 'f2')).toContain('f2d2');
  });

  it('refused when in check', () => {
    const pos = positionFrom(
      'persian-celtic',
      { f2: 'K', b2: 'R', j2: 'R', h10: 'k', f8: 'r' },
      'w',
      'KQ',
    );
    expect(pos.isCheck()).toBe(true);
    expect(movesFrom(pos, 'f2')).not.toContain('f2i2');
    expect(movesFrom(pos, 'f2')).not.toContain('f2d2');
  });

  it('refused when a cell between is occupied (either colour)', () => {
    for (const [cell, piece] of [
      ['g2', 'N'],
      ['h2', 'b'],
      ['i2', 'N'],
    ] as const) {
      const pos = positionFrom('persian-celtic', { ...CASTLING, [cell]: piece }, 'w', 'KQ');
      expect(movesFrom(pos, 'f2'), cell).not.toContain('f2i2');
      expect(movesFrom(pos, 'f2'), cell).toContain('f2d2');
    }
    for (const cell of ['c2', 'd2', 'e2']) {
      const pos = positionFrom('persian-celtic', { ...CASTLING, [cell]: 'N' }, 'w', 'KQ');
      expect(movesFrom(pos, 'f2'), cell).not.toContain('f2d2');
      expect(movesFrom(pos, 'f2'), cell).toContain('f2i2');
    }
  });

  it('lost for good after the king moves, per side after a rook moves; the FEN rights follow', () => {
    const king = positionFrom('persian-celtic', CASTLING, 'w', 'KQkq');
    mustPlay(king, 'f2f3', 'f10f9', 'f3f2', 'f9f10');
    expect(rightsOf(king)).toBe('-');
    expect(movesFrom(king, 'f2')).not.toContain('f2i2');
    expect(movesFrom(king, 'f2')).not.toContain('f2d2');

    const rook = positionFrom('persian-celtic', CASTLING, 'w', 'KQkq');
    mustPlay(rook, 'j2j3');
    expect(rightsOf(rook)).toBe('Qkq');
    mustPlay(rook, 'b10b9');
    expect(rightsOf(rook)).toBe('Qk');
    mustPlay(rook, 'j3j2', 'b9b10');
    expect(rightsOf(rook)).toBe('Qk');
    expect(movesFrom(rook, 'f2')).toEqual(expect.arrayContaining(['f2d2']));
    expect(movesFrom(rook, 'f2')).not.toContain('f2i2');
  });

  it('a captured rook takes its right with it', () => {
    const pos = positionFrom('persian-celtic', { ...CASTLING, j9: 'R', j10: 'r' }, 'w', 'KQkq');
    // j9 rook (White) is not on j2, so the j2 rook is still there; capture on j10.
    mustPlay(pos, 'j9j10');
    expect(rightsOf(pos)).toBe('KQq');
  });

  it('a FEN right without its king or rook on the home cell is rejected', () => {
    const r = Position.fromFen(
      'persian-celtic',
      fenFrom('persian-celtic', { f2: 'K', f10: 'k', b2: 'R' }, 'w', 'K'),
    );
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).toContain('j2');
  });
});

describe('persian pawns', () => {
  it('double step from rank 3 sets the ep field when an enemy pawn can take; en passant captures', () => {
    const pos = positionFrom('persian-celtic', { f2: 'K', f10: 'k', e3: 'P', d5: 'p' });
    expect(targets(pos, 'e3')).toEqual(['e4', 'e5']);
    mustPlay(pos, 'e3e5');
    expect(epOf(pos)).toBe('e4');
    const ep = pos.legalMoves().find((m) => m.text === 'd5e4')!;
    expect(ep.kind).toBe('en passant');
    expect(ep.capture).toBe(true);
    expect(ep.san).toBe('dxe4');
    mustPlay(pos, 'd5e4');
    expect(kindOn(pos, 'e5')).toBeUndefined();
    expect(kindOn(pos, 'e4')).toBe('pawn');
    expect(epOf(pos)).toBe('-');
    expect(pos.fen().split(' ')[4]).toBe('0');
  });

  it('Black double step from rank 9; the right to take en passant lasts one move', () => {
    const pos = positionFrom(
      'persian-celtic',
      { f2: 'K', f10: 'k', d9: 'p', e7: 'P', b3: 'P' },
      'b',
    );
    mustPlay(pos, 'd9d7');
    expect(epOf(pos)).toBe('d8');
    expect(movesFrom(pos, 'e7')).toContain('e7d8');
    mustPlay(pos, 'b3b4', 'f10f9');
    expect(movesFrom(pos, 'e7')).not.toContain('e7d8');
  });

  it('no ep field when no enemy pawn stands beside the arrival cell; no double step off rank 3', () => {
    const pos = positionFrom('persian-celtic', { f2: 'K', f10: 'k', e3: 'P', c4: 'P' });
    mustPlay(pos, 'e3e5');
    expect(epOf(pos)).toBe('-');
    const w = positionFrom('persian-celtic', { f2: 'K', f10: 'k', c4: 'P' });
    expect(targets(w, 'c4')).toEqual(['c5']);
  });

  it('the ep field is read back from FEN', () => {
    const base = fenFrom('persian-celtic', { f2: 'K', f10: 'k', e5: 'P', d5: 'p' }, 'b').replace(
      ' - - ',
      ' - e4 ',
    );
    const pos = Position.fromFen('persian-celtic', base);
    expect(pos.ok).toBe(true);
    expect(movesFrom(pos.value!, 'd5')).toContain('d5e4');
    expect(pos.value!.fen()).toBe(base);
  });

  it('promotion on rank 10 to Q, R, B or N only, chosen by a letter', () => {
    const pos = positionFrom('persian-celtic', { f2: 'K', h5: 'k', e9: 'P' });
    const promos = pos.legalMoves().filter((m) => m.from === 'e9');
    expect(promos.map((m) => m.text).sort()).toEqual(['e9e10b', 'e9e10n', 'e9e10q', 'e9e10r']);
    expect(promos.every((m) => m.kind === 'promotion')).toBe(true);
    expect(promos.find((m) => m.text === 'e9e10q')?.san).toBe('e10=Q');
    expect(promos.find((m) => m.text === 'e9e10n')?.promotion).toBe('knight');

    const missing = pos.play('e9e10');
    expect(missing.ok).toBe(false);
    expect(missing.ok ? '' : missing.error).toMatch(/promotion needs a piece letter/);
    for (const letter of ['s', 'f', 'c', 'w', 'k', 'p']) {
      const r = pos.play(`e9e10${letter}`);
      expect(r.ok, letter).toBe(false);
    }
    mustPlay(pos, 'e9e10q');
    expect(kindOn(pos, 'e10')).toBe('queen');
  });

  it('SAN promotion e10=Q is accepted; Black promotes on rank 2', () => {
    const pos = positionFrom('persian-celtic', { f2: 'K', h7: 'k', e9: 'P' });
    mustPlay(pos, 'e10=R');
    expect(kindOn(pos, 'e10')).toBe('rook');
    const b = positionFrom('persian-celtic', { f4: 'K', h7: 'k', c3: 'p' }, 'b');
    expect(movesFrom(b, 'c3').sort()).toEqual(['c3c2b', 'c3c2n', 'c3c2q', 'c3c2r']);
  });
});

describe('persian rendezvous', () => {
  const RDV = { f2: 'K', g2: 'S', h2: 'B', f10: 'k', g10: 's', h10: 'b' };

  it('the Princess on g2 swaps with the Bishop on h2 once; V disappears from the FEN', () => {
    const pos = positionFrom('persian-princess', RDV, 'w', 'Vv');
    const rdv = pos.legalMoves().find((m) => m.text === 'g2h2')!;
    expect(rdv.kind).toBe('rendezvous');
    expect(rdv.capture).toBe(false);
    expect(rdv.san).toBe('S<>h2');
    mustPlay(pos, 'g2h2');
    expect(kindOn(pos, 'g2')).toBe('bishop');
    expect(kindOn(pos, 'h2')).toBe('princess');
    expect(rightsOf(pos)).toBe('v');
    expect(pos.specialRights().rendezvous).toEqual({ white: false, black: true });
    // Black's rendezvous: SAN accepted.
    mustPlay(pos, 'S<>h10');
    expect(kindOn(pos, 'g10')).toBe('bishop');
    expect(rightsOf(pos)).toBe('-');
    pos.undo();
    pos.undo();
    expect(pos.fen()).toBe(fenFrom('persian-princess', RDV, 'w', 'Vv'));
  });

  it('only once: with the pieces back on g2/h2 but the right used, no second rendezvous', () => {
    const pos = positionFrom('persian-princess', RDV, 'w', 'Vv');
    mustPlay(pos, 'g2h2');
    // The game's own FEN with the two pieces put back: the right stays gone.
    const back = pos
      .fen()
      .replace('*RB', '*R')
      .replace(/\*4KBS2\*/, '*4KSB2*');
    const again = Position.fromFen('persian-princess', back.replace(' b ', ' w ')).value!;
    expect(
      again
        .pieces()
        .filter((p) => p.color === 'white')
        .map((p) => `${p.square}${p.text}`)
        .sort(),
    ).toEqual(['f2K', 'g2S', 'h2B']);
    expect(again.fen().split(' ')[2]).toBe('v');
    expect(again.legalMoves().filter((m) => m.kind === 'rendezvous')).toEqual([]);
  });

  it('not without the right, nor with the pieces elsewhere', () => {
    const none = positionFrom('persian-princess', RDV, 'w', '-');
    expect(none.legalMoves().filter((m) => m.kind === 'rendezvous')).toEqual([]);
    const knight = positionFrom('persian-princess', { ...RDV, h2: 'N' }, 'w', 'Vv');
    expect(knight.legalMoves().filter((m) => m.kind === 'rendezvous')).toEqual([]);
  });

  it('illegal if it leaves the king in check', () => {
    const pos = positionFrom(
      'persian-princess',
      { f2: 'K', g2: 'S', h2: 'B', a11: 'k', f7: 'r' },
      'w',
      'V',
    );
    expect(pos.isCheck()).toBe(true);
    expect(pos.legalMoves().filter((m) => m.kind === 'rendezvous')).toEqual([]);
    const r = pos.play('g2h2');
    expect(r.ok).toBe(false);
  });

  it('the Egyptian Eye has it too', () => {
    const pos = positionFrom('persian-eye', RDV, 'w', 'Vv');
    expect(
      pos
        .legalMoves()
        .filter((m) => m.kind === 'rendezvous')
        .map((m) => m.text),
    ).toEqual(['g2h2']);
  });

  it('omega: the Champion makes it by default, not with omega-rendezvous=off', () => {
    const pieces = { f2: 'K', g2: 'C', h2: 'B', f10: 'k' };
    const on = positionFrom('persian-omega', pieces, 'w', 'V');
    expect(
      on
        .legalMoves()
        .filter((m) => m.kind === 'rendezvous')
        .map((m) => m.san),
    ).toEqual(['C<>h2']);
    const opts = { rules: { 'omega-rendezvous': 'off' } };
    const off = positionFrom('persian-omega', pieces, 'w', '-', opts);
    expect(off.legalMoves().filter((m) => m.kind === 'rendezvous')).toEqual([]);
    // The right itself does not exist with the switch off.
    const bad = Position.fromFen(
      'persian-omega',
      fenFrom('persian-omega', pieces, 'w', 'V', opts),
      opts,
    );
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.error).toContain("'V'");
    // Start positions: 26 moves with the rendezvous, 25 without (docs/rules.md §4/§5).
    expect(Position.start('persian-omega').value!.legalMoves()).toHaveLength(26);
    expect(Position.start('persian-omega', opts).value!.legalMoves()).toHaveLength(25);
    expect(Position.start('persian-omega', opts).value!.fen().split(' ')[2]).toBe('KQkq');
    expect(Position.start('persian-omega').value!.fen().split(' ')[2]).toBe('KQkqVv');
  });

  it('celtic has no rendezvous right', () => {
    expect(Position.start('persian-celtic').value!.fen().split(' ')[2]).toBe('KQkq');
    expect(Position.start('persian-princess').value!.fen().split(' ')[2]).toBe('KQkqVv');
  });
});

describe('persian-princess centre cell f6', () => {
  it('a bishop passes through f6 but cannot stop there', () => {
    const pos = positionFrom('persian-princess', { f2: 'K', f10: 'k', d4: 'B' });
    const t = targets(pos, 'd4');
    expect(t).toContain('e5');
    expect(t).not.toContain('f6');
    expect(t).toContain('g7');
    expect(t).toContain('h8');
  });

  it('a rook passes through, a knight and the king may not stop there', () => {
    const pos = positionFrom('persian-princess', { f2: 'K', j10: 'k', f3: 'R', e4: 'N' });
    const rook = targets(pos, 'f3');
    expect(rook).not.toContain('f6');
    expect(rook).toEqual(expect.arrayContaining(['f5', 'f7', 'f10']));
    expect(targets(pos, 'e4')).not.toContain('f6');
    const king = positionFrom('persian-princess', { f5: 'K', j10: 'k' });
    expect(targets(king, 'f5')).not.toContain('f6');
    expect(targets(king, 'f5')).toContain('e6');
  });

  it('pawns and the Princess may stop on f6', () => {
    const pos = positionFrom('persian-princess', { b2: 'K', i10: 'k', f5: 'P', d4: 'S', h7: 'S' });
    expect(targets(pos, 'f5')).toEqual(['f6']);
    expect(targets(pos, 'd4')).toContain('f6');
    expect(targets(pos, 'h7')).toContain('f6'); // knight jump of the Princess
  });

  it('other variants have no centre rule', () => {
    const pos = positionFrom('persian-celtic', { f2: 'K', f10: 'k', d4: 'B' });
    expect(targets(pos, 'd4')).toContain('f6');
  });
});

describe('persian-eye All-Seeing Eye', () => {
  it('no piece stops on f6, pawns and Princess included; sliders pass through', () => {
    const pos = positionFrom('persian-eye', { c2: 'K', i10: 'k', f5: 'P', d4: 'S', b6: 'R' });
    expect(targets(pos, 'f5')).toEqual([]);
    expect(targets(pos, 'd4')).not.toContain('f6');
    expect(targets(pos, 'd4')).toContain('g7');
    expect(targets(pos, 'b6')).not.toContain('f6');
    expect(targets(pos, 'b6')).toEqual(expect.arrayContaining(['e6', 'g6', 'j6']));
  });

  it('a king may not step onto either long diagonal', () => {
    // Of c4's neighbours, c3 and d4 lie on a1-k11; none lies on k1-a11.
    const diag = new Set([
      'a1',
      'b2',
      'c3',
      'd4',
      'e5',
      'f6',
      'g7',
      'h8',
      'i9',
      'j10',
      'k11',
      'k1',
      'j2',
      'i3',
      'h4',
      'g5',
      'e7',
      'd8',
      'c9',
      'b10',
      'a11',
    ]);
    const pos = positionFrom('persian-eye', { c4: 'K', h9: 'k' });
    const t = targets(pos, 'c4');
    expect(t.sort()).toEqual(
      ['b3', 'b4', 'b5', 'c5', 'd3', 'd5'].filter((s) => !diag.has(s)).sort(),
    );
    expect(t).not.toContain('c3');
    expect(t).not.toContain('d4');
    const black = positionFrom('persian-eye', { c4: 'K', g8: 'k' }, 'b');
    expect(targets(black, 'g8')).not.toContain('g7');
    expect(targets(black, 'g8')).not.toContain('h8');
    expect(targets(black, 'g8')).toContain('f8');
  });

  it('every cell of both long diagonals, the citadels on them included, counts as attacked for both sides', () => {
    const pos = positionFrom('persian-eye', { f2: 'K', f10: 'k' });
    const fast = pos.fastPosition();
    const geo = fast.rs.geo;
    for (const s of ['a1', 'k11', 'k1', 'a11', 'b2', 'j2', 'e5', 'g5']) {
      expect(isAttacked(fast, geo.parseSquare(s), 0), s).toBe(true);
      expect(isAttacked(fast, geo.parseSquare(s), 1), s).toBe(true);
    }
    expect(isAttacked(fast, geo.parseSquare('e4'), 0)).toBe(false);
    // Not so in the other variants.
    const celtic = positionFrom('persian-celtic', { f2: 'K', f10: 'k' }).fastPosition();
    expect(isAttacked(celtic, celtic.rs.geo.parseSquare('a1'), 1)).toBe(false);
  });

  it('castling on rank 2 does not cross the diagonals and stays possible', () => {
    const pos = positionFrom('persian-eye', CASTLING, 'w', 'KQkq');
    expect(movesFrom(pos, 'f2')).toEqual(expect.arrayContaining(['f2i2', 'f2d2']));
  });

  it('the start position: perft 1 = 25 (docs/rules.md §4)', () => {
    expect(Position.start('persian-eye').value!.legalMoves()).toHaveLength(25);
  });
});

describe('persian citadels', () => {
  /** Enough material that insufficient material does not end the game first. */
  const PAWNS = { h3: 'P', h9: 'p' };
  it('any piece may stand on a citadel; a knight jumps in', () => {
    const pos = positionFrom('persian-celtic', { f2: 'K', f10: 'k', c2: 'N', c3: 'B', d2: 'R' });
    expect(targets(pos, 'c2')).toContain('a1');
    expect(targets(pos, 'c3')).toEqual(expect.arrayContaining(['b2', 'a1']));
    expect(targets(pos, 'd2')).not.toContain('a1'); // a1 touches the board only diagonally
  });

  it("White's king entering a11 or k11 draws at once", () => {
    for (const [from, to] of [
      ['b10', 'a11'],
      ['j10', 'k11'],
    ] as const) {
      const pos = positionFrom('persian-celtic', { [from]: 'K', f4: 'k', ...PAWNS });
      mustPlay(pos, `${from}${to}`);
      expect(pos.outcome()).toEqual({
        winner: null,
        reason: 'citadel',
        text: "White's king entered Black's citadel: draw",
      });
      expect(pos.legalMoves()).toEqual([]);
      expect(pos.play('f4f5').ok).toBe(false);
    }
  });

  it("Black's king entering a1 draws; a king on its own citadel has no effect", () => {
    const b = positionFrom('persian-celtic', { f6: 'K', b2: 'k', ...PAWNS }, 'b');
    mustPlay(b, 'b2a1');
    expect(b.outcome()?.text).toBe("Black's king entered White's citadel: draw");
    const own = positionFrom('persian-celtic', { b2: 'K', f8: 'k', ...PAWNS });
    mustPlay(own, 'b2a1');
    expect(own.outcome()).toBeNull();
    expect(own.legalMoves().length).toBeGreaterThan(0);
    mustPlay(own, 'f8f7');
    expect(movesFrom(own, 'a1')).toEqual(['a1b2']);
  });

  it('a non-king on the enemy citadel draws nothing', () => {
    const pos = positionFrom('persian-celtic', { f2: 'K', f8: 'k', c9: 'B', ...PAWNS });
    mustPlay(pos, 'c9a11');
    expect(pos.outcome()).toBeNull();
  });
});

describe('persian outcomes', () => {
  it('checkmate wins', () => {
    // Black king on its citadel a11, whose only neighbour is b10: the bishop on c9 checks through
    // b10 and covers it, and nothing can take the bishop.
    const pos = positionFrom('persian-celtic', { f2: 'K', a11: 'k', c9: 'B', h3: 'P' }, 'b');
    expect(pos.isCheck()).toBe(true);
    expect(pos.legalMoves()).toEqual([]);
    expect(pos.outcome()).toEqual({
      winner: 'white',
      reason: 'checkmate',
      text: 'checkmate: White wins',
    });
    // Last move's SAN carries '#'.
    const before = positionFrom('persian-celtic', { f2: 'K', a11: 'k', b8: 'B', h3: 'P' });
    expect(before.legalMoves().find((m) => m.text === 'b8c9')?.san).toBe('Bc9#');
  });

  it('stalemate is a draw', () => {
    // Black king on its citadel a11, the queen covers b10 from b8 without attacking a11.
    const pos = positionFrom('persian-celtic', { f2: 'K', a11: 'k', b8: 'Q' }, 'b');
    expect(pos.isCheck()).toBe(false);
    expect(pos.legalMoves()).toEqual([]);
    expect(pos.outcome()).toEqual({ winner: null, reason: 'stalemate', text: 'stalemate: draw' });
  });

  it('50-move rule: the 100th ply without capture or pawn move draws', () => {
    const fen = fenFrom('persian-celtic', { f2: 'K', f10: 'k', b3: 'R', j7: 'p' }).replace(
      / 0 1$/,
      ' 98 60',
    );
    const pos = Position.fromFen('persian-celtic', fen).value!;
    mustPlay(pos, 'b3b4');
    expect(pos.outcome()).toBeNull();
    mustPlay(pos, 'f10e10');
    expect(pos.fen().split(' ')[4]).toBe('100');
    expect(pos.outcome()).toMatchObject({ winner: null, reason: 'move-rule' });
    expect(pos.outcome()!.text).toBe('50 moves without capture or pawn move: draw');
    // A pawn move on the 100th ply resets the clock instead.
    const pawn = Position.fromFen('persian-celtic', fen).value!;
    mustPlay(pawn, 'b3b4', 'j7j6');
    expect(pawn.fen().split(' ')[4]).toBe('0');
    expect(pawn.outcome()).toBeNull();
  });

  it('threefold repetition draws', () => {
    const pos = Position.start('persian-celtic').value!;
    const cycle = ['c2d4', 'c10d8', 'd4c2', 'd8c10'];
    mustPlay(pos, ...cycle);
    expect(pos.outcome()).toBeNull(); // second occurrence
    mustPlay(pos, ...cycle.slice(0, 3));
    expect(pos.outcome()).toBeNull();
    mustPlay(pos, cycle[3]!);
    expect(pos.outcome()).toEqual({
      winner: null,
      reason: 'repetition',
      text: 'threefold repetition: draw',
    });
  });

  it('insufficient material: K v K, K+B v K, K+N v K draw; K+R v K and K+P v K play on', () => {
    const draw = (pieces: Record<string, string>): string | undefined =>
      positionFrom('persian-celtic', { f2: 'K', f10: 'k', ...pieces }).outcome()?.reason;
    expect(draw({})).toBe('insufficient-material');
    expect(draw({ c5: 'B' })).toBe('insufficient-material');
    expect(draw({ c5: 'n' })).toBe('insufficient-material');
    expect(draw({ c5: 'R' })).toBeUndefined();
    expect(draw({ c5: 'P' })).toBeUndefined();
    expect(draw({ c5: 'S' })).toBeUndefined();
    // reached by a capture
    const pos = positionFrom('persian-celtic', { f2: 'K', f10: 'k', f3: 'r' });
    mustPlay(pos, 'f2f3');
    expect(pos.outcome()).toEqual({
      winner: null,
      reason: 'insufficient-material',
      text: 'insufficient material: draw',
    });
  });
});
