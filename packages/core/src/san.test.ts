/** SAN-like notation (san.ts header): disambiguation, every special move, and what parseSan tolerates. */
import { describe, expect, it } from 'vitest';
import { Position } from './position.ts';
import { makeSan, parseSan } from './san.ts';
import { VARIANT_IDS } from './variants/index.ts';
import { mustPlay, positionFrom } from '../test/helpers.ts';

const fromFen = (variant: string, fen: string): Position => {
  const r = Position.fromFen(variant, fen);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const sanOf = (pos: Position, text: string): string | undefined =>
  pos.legalMoves().find((m) => m.text === text)?.san;
const resolves = (pos: Position, san: string): string | null => {
  const fast = pos.fastPosition();
  const r = parseSan(fast, san, pos.legalCodes());
  return r.ok ? pos.legalMoves().find((m) => m.code === r.value)!.text : null;
};

describe('SAN disambiguation', () => {
  it('by file when the file tells the pieces apart', () => {
    const pos = fromFen('chess', '4k3/8/8/8/8/8/4K3/R6R w - - 0 1');
    expect(sanOf(pos, 'a1d1')).toBe('Rad1');
    expect(sanOf(pos, 'h1f1')).toBe('Rhf1');
    expect(sanOf(pos, 'a1a5')).toBe('Ra5'); // only one rook reaches a5
  });

  it('by rank when they share the file', () => {
    const pos = fromFen('chess', '4k3/8/8/R7/8/8/8/R3K3 w - - 0 1');
    expect(sanOf(pos, 'a1a3')).toBe('R1a3');
    expect(sanOf(pos, 'a5a3')).toBe('R5a3');
  });

  it('by both when neither alone is enough', () => {
    const pos = fromFen('chess', '4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1');
    expect(sanOf(pos, 'a1b2')).toBe('Qa1b2');
    expect(sanOf(pos, 'a3b2')).toBe('Q3b2');
    expect(sanOf(pos, 'c1b2')).toBe('Qcb2');
    for (const san of ['Qa1b2', 'Q3b2', 'Qcb2']) expect(resolves(pos, san)).not.toBeNull();
    expect(resolves(pos, 'Qb2')).toBeNull(); // ambiguous
  });

  it('with two-digit ranks', () => {
    const pos = positionFrom('persian-celtic', { f2: 'K', j8: 'k', b3: 'R', b10: 'R' });
    expect(sanOf(pos, 'b3b6')).toBe('R3b6');
    expect(sanOf(pos, 'b10b6')).toBe('R10b6');
    expect(resolves(pos, 'R10b6')).toBe('b10b6');
  });

  it('pawn captures name the file; knights of different kinds do not disambiguate each other', () => {
    const pos = fromFen('chess', '4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1');
    expect(sanOf(pos, 'c4d5')).toBe('cxd5');
    expect(sanOf(pos, 'e4d5')).toBe('exd5');
    const mixed = fromFen('chess', '4k3/8/8/8/8/8/8/1N2K1B1 w - - 0 1');
    expect(sanOf(mixed, 'b1d2')).toBe('Nd2');
  });
});

describe('SAN of the special moves', () => {
  it('castling O-O / O-O-O (chess and Persian), check and mate suffixes', () => {
    const chess = fromFen('chess', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(sanOf(chess, 'e1g1')).toBe('O-O');
    expect(sanOf(chess, 'e1c1')).toBe('O-O-O');
    const persian = positionFrom(
      'persian-celtic',
      { f2: 'K', b2: 'R', j2: 'R', f10: 'k' },
      'w',
      'KQ',
    );
    expect(sanOf(persian, 'f2i2')).toBe('O-O');
    expect(sanOf(persian, 'f2d2')).toBe('O-O-O');
    // castling that gives check: the rook lands on e2... no; on the d-file instead
    const check = fromFen('chess', '3k4/8/8/8/8/8/8/R3K3 w Q - 0 1');
    expect(sanOf(check, 'e1c1')).toBe('O-O-O+');
    const mate = fromFen('chess', '6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1');
    expect(sanOf(mate, 'a1a8')).toBe('Ra8#');
  });

  it('en passant and promotion', () => {
    const ep = fromFen('chess', '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2');
    expect(sanOf(ep, 'e5d6')).toBe('exd6');
    const promo = fromFen('chess', '3n2k1/4P3/8/8/8/8/8/4K3 w - - 0 1');
    expect(sanOf(promo, 'e7e8q')).toBe('e8=Q+');
    expect(sanOf(promo, 'e7d8n')).toBe('exd8=N');
    expect(sanOf(promo, 'e7d8r')).toBe('exd8=R+');
  });

  it('rendezvous S<>h2 / C<>h2, king swap K<>b2', () => {
    const rdv = positionFrom('persian-princess', { f2: 'K', g2: 'S', h2: 'B', f10: 'k' }, 'w', 'V');
    expect(sanOf(rdv, 'g2h2')).toBe('S<>h2');
    const omega = positionFrom('persian-omega', { f2: 'K', g2: 'C', h2: 'B', f10: 'k' }, 'w', 'V');
    expect(sanOf(omega, 'g2h2')).toBe('C<>h2');
    const swap = positionFrom('tamerlane', { g1: 'K', b2: 'N', g9: 'k', g5: 'r' }, 'w', 'S');
    expect(sanOf(swap, 'g1b2')).toBe('K<>b2');
  });

  it("Tamerlane: tag promotion c10=H, the pawn of pawns' stages (c10, P@d4, c10@g3, c10=A), citadel swap Ka9<>H", () => {
    expect(sanOf(positionFrom('tamerlane', { g2: 'K', c9: 'P[H]', l7: 'k' }), 'c9c10')).toBe(
      'c10=H',
    );
    expect(sanOf(positionFrom('tamerlane', { g2: 'K', c9: 'P[C]', l7: 'k' }), 'c9c10')).toBe(
      'c10=C',
    );
    expect(sanOf(positionFrom('tamerlane', { g2: 'K', c9: 'P[P]', l7: 'k' }), 'c9c10')).toBe('c10');
    expect(
      sanOf(
        positionFrom('tamerlane', { g2: 'K', b10: 'P[P=]', l10: 'k', c5: 'n', e5: 'n' }),
        'b10d4',
      ),
    ).toBe('P@d4');
    expect(sanOf(positionFrom('tamerlane', { h2: 'K', c9: 'P[P2]', l10: 'k' }), 'c9c10')).toBe(
      'c10@g3',
    );
    expect(sanOf(positionFrom('tamerlane', { g2: 'K', c9: 'P[P3]', l10: 'k' }), 'c9c10')).toBe(
      'c10=A',
    );
    // With another third-life pawn already on the board, the SAN still names the landing cell,
    // whatever the order of the piece list (it changes after make/unmake).
    for (const pieces of [
      { h2: 'K', c9: 'P[P2]', d5: 'P[P3]', l10: 'k' },
      { h2: 'K', d5: 'P[P3]', c9: 'P[P2]', l10: 'k', b5: 'P[P3]' },
    ]) {
      const pos = positionFrom('tamerlane', pieces);
      expect(sanOf(pos, 'c9c10')).toBe('c10@g3');
      expect(resolves(pos, 'c10@g3')).toBe('c9c10');
      mustPlay(pos, 'c10@g3');
      expect(
        pos
          .pieces()
          .filter((p) => p.kind === 'pawnOfPawns3')
          .map((p) => p.square),
      ).toContain('g3');
    }
    const opts = { rules: { 'citadel-claim-or-swap': 'on' } };
    const cit = positionFrom('tamerlane', { b9: 'K', e4: 'H', g9: 'k' }, 'w', '-', opts);
    expect(sanOf(cit, 'b9a9h')).toBe('Ka9<>H');
    expect(sanOf(cit, 'b9a9')).toBe('Ka9');
  });

  it('Husun promotion to the General: e11=F', () => {
    expect(sanOf(positionFrom('husun', { f2: 'K', i6: 'k', e10: 'P' }), 'e10e11')).toBe('e11=F');
  });
});

describe('parseSan', () => {
  it('every SAN of every start position parses back to its move', () => {
    for (const variant of VARIANT_IDS) {
      const pos = Position.start(variant).value!;
      for (const m of pos.legalMoves())
        expect(resolves(pos, m.san), `${variant} ${m.san}`).toBe(m.text);
    }
  });

  it('tolerates missing or extra x, =, +, #, annotations, 0-0 and an over-disambiguated from-cell', () => {
    const pos = Position.start('chess').value!;
    for (const san of ['Nf3', 'Nf3+', 'Nf3#', 'Nxf3', 'Nf3!?', 'Ng1f3', ' Nf3 '])
      expect(resolves(pos, san), san).toBe('g1f3');
    const castle = fromFen('chess', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(resolves(castle, '0-0')).toBe('e1g1');
    expect(resolves(castle, '0-0-0')).toBe('e1c1');
    expect(resolves(castle, 'O-O+')).toBe('e1g1');
    const promo = fromFen('chess', '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1');
    expect(resolves(promo, 'e8=Q')).toBe('e7e8q');
    expect(resolves(promo, 'e8Q')).toBe('e7e8q');
    expect(resolves(promo, 'e8=N')).toBe('e7e8n');
  });

  it('the special notations parse back: K<>b2, S<>h2, P@d4, c10@g3, Ka9<>H', () => {
    const swap = positionFrom('tamerlane', { g1: 'K', b2: 'N', g9: 'k', g5: 'r' }, 'w', 'S');
    expect(resolves(swap, 'K<>b2')).toBe('g1b2');
    const rdv = positionFrom('persian-princess', { f2: 'K', g2: 'S', h2: 'B', f10: 'k' }, 'w', 'V');
    expect(resolves(rdv, 'S<>h2')).toBe('g2h2');
    const reloc = positionFrom('tamerlane', { g2: 'K', b10: 'P[P=]', l10: 'k', c5: 'n', e5: 'n' });
    expect(resolves(reloc, 'P@d4')).toBe('b10d4');
    expect(resolves(positionFrom('tamerlane', { h2: 'K', c9: 'P[P2]', l10: 'k' }), 'c10@g3')).toBe(
      'c9c10',
    );
    const cit = positionFrom('tamerlane', { b9: 'K', e4: 'H', g9: 'k' }, 'w', '-', {
      rules: { 'citadel-claim-or-swap': 'on' },
    });
    expect(resolves(cit, 'Ka9<>H')).toBe('b9a9h');
    expect(resolves(cit, 'Ka9')).toBe('b9a9');
  });

  it('refuses garbage, wrong case and illegal moves with a message', () => {
    const pos = Position.start('chess').value!;
    const fast = pos.fastPosition();
    expect(parseSan(fast, 'Nf3$', pos.legalCodes())).toEqual({
      ok: false,
      error: "'Nf3$' is not a move in SAN",
    });
    expect(parseSan(fast, 'Nf4', pos.legalCodes())).toEqual({
      ok: false,
      error: "'Nf4' is not a legal move here",
    });
    expect(parseSan(fast, '', pos.legalCodes()).ok).toBe(false);
    expect(parseSan(fast, 'nf3', pos.legalCodes()).ok).toBe(false);
    expect(parseSan(fast, 'Ke2', pos.legalCodes()).ok).toBe(false);
  });

  it('makeSan leaves the fast position as it found it', () => {
    const pos = Position.start('tamerlane').value!;
    mustPlay(pos, 'c3c4');
    const fast = pos.fastPosition();
    const before = [fast.hashLo, fast.hashHi, pos.fen()];
    for (const code of pos.legalCodes()) makeSan(fast, code, pos.legalCodes());
    expect([fast.hashLo, fast.hashHi, pos.fen()]).toEqual(before);
  });
});

describe('parseSan: any disambiguation people write', () => {
  it('accepts Ngf3, N1f3, Ng1f3, N-f3 and e2-e4 for the plain moves, and rejects a wrong hint', () => {
    for (const [text, san] of [
      ['Ngf3', 'Nf3'],
      ['N1f3', 'Nf3'],
      ['Ng1f3', 'Nf3'],
      ['N-f3', 'Nf3'],
      ['e2-e4', 'e4'],
    ] as const) {
      const pos = Position.start('chess').value!;
      const played = pos.play(text);
      expect(played.ok && played.value.san, text).toBe(san);
    }
    const pos = Position.start('chess').value!;
    expect(pos.play('Nbf3').ok).toBe(false);
  });
});
