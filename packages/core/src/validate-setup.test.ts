/** Hand-made positions: every reason a setup is refused, and nothing a real game reaches refused. */
import { sampleSize } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import type { Setup } from './fast-position.ts';
import { makeFen, startSetup } from './fen.ts';
import { generateLegal } from './movegen.ts';
import { FastPosition } from './fast-position.ts';
import { Position } from './position.ts';
import { mulberry32 } from './random.ts';
import { compileRuleset, type Ruleset, type RulesetOptions } from './ruleset.ts';
import type { Color } from './types.ts';
import { setupFromPieces, validateSetup } from './validate-setup.ts';
import { VARIANT_IDS } from './variants/index.ts';

const ruleset = (variant: string, options: RulesetOptions = {}): Ruleset => {
  const r = compileRuleset(variant, options);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

/** The setup of a piece map (`{ e1: 'K', e8: 'k' }`), which must be writable. */
function setupOf(rs: Ruleset, pieces: Record<string, string>, side: Color = 'white'): Setup {
  const list = Object.entries(pieces).map(([square, text]) => ({ square, text }));
  const s = setupFromPieces(rs, list, side);
  if (!s.ok) throw new Error(s.error);
  return s.value;
}

/** The reason and text a piece map is refused with (null when accepted). */
function verdict(
  variant: string,
  pieces: Record<string, string>,
  side: Color = 'white',
): { reason: string; text: string } | null {
  const rs = ruleset(variant);
  return validateSetup(rs, setupOf(rs, pieces, side));
}

const CHESS_KINGS = { e1: 'K', e8: 'k' };
const TAM_KINGS = { g2: 'K', g9: 'k' };

describe('setupFromPieces', () => {
  it('writes every start position back exactly, rights implied', () => {
    for (const variant of [...VARIANT_IDS]) {
      const start = Position.start(variant);
      if (!start.ok) throw new Error(start.error);
      const rs = start.value.rs;
      const setup = setupOf(
        rs,
        Object.fromEntries(start.value.pieces().map((p) => [p.square, p.text])),
      );
      expect(makeFen(rs, setup), variant).toBe(start.value.fen());
      expect(validateSetup(rs, setup), variant).toBeNull();
    }
  });

  it('gives castling rights only where king and rook stand at home', () => {
    const rs = ruleset('chess');
    expect(makeFen(rs, setupOf(rs, { e1: 'K', h1: 'R', a1: 'R', e8: 'k', a8: 'r' }, 'black'))).toBe(
      'r3k3/8/8/8/8/8/8/R3K2R b KQq - 0 1',
    );
    expect(makeFen(rs, setupOf(rs, { e2: 'K', h1: 'R', e8: 'k' }))).toBe(
      '4k3/8/8/8/8/8/4K3/7R w - - 0 1',
    );
  });

  it('refuses what cannot be written: unknown piece, square outside the box, two on one cell', () => {
    const rs = ruleset('chess');
    expect(setupFromPieces(rs, [{ square: 'e1', text: 'X' }], 'white').error).toBe(
      "unknown piece 'X' in chess",
    );
    expect(setupFromPieces(rs, [{ square: 'i9', text: 'K' }], 'white').error).toBe(
      'i9 is not a square of the chess board',
    );
    expect(
      setupFromPieces(
        rs,
        [
          { square: 'e1', text: 'K' },
          { square: 'e1', text: 'Q' },
        ],
        'white',
      ).error,
    ).toBe('two pieces on e1');
  });
});

describe('validateSetup refuses, with a reason', () => {
  it('a piece on a hole', () => {
    // Shatranj al-Husun: b1..k1 are holes (only the citadels a1 and l1 exist on rank 1).
    expect(verdict('husun', { f2: 'K', f11: 'k', c1: 'R' })).toEqual({
      reason: 'hole',
      text: 'White Rook on c1: there is no such cell on this board',
    });
  });

  it('a piece in a citadel the variant forbids it', () => {
    expect(verdict('tamerlane', { ...TAM_KINGS, a9: 'R' })).toEqual({
      reason: 'cannot-stand',
      text: 'White Rook cannot stand on a9 (only King, Prince, Adventitious King may stand on a citadel)',
    });
    expect(verdict('tamerlane', { m2: 'K', g9: 'k' })?.text).toBe(
      'White King cannot stand on m2 (a King may not enter its own citadel)',
    );
    // Persian Princess: only pawns and the Princess stop on the centre f6; nobody on the eye.
    expect(verdict('persian-princess', { f2: 'K', f10: 'k', f6: 'N' })?.text).toBe(
      'White Knight cannot stand on f6 (only Pawn, Princess may stop there)',
    );
    expect(verdict('persian-eye', { f2: 'K', f10: 'k', f6: 'p' })?.text).toBe(
      'Black Pawn cannot stand on f6 (the All-Seeing Eye stands there)',
    );
  });

  it('a wrong number of royals', () => {
    expect(verdict('chess', { e1: 'K' })).toEqual({ reason: 'royals', text: 'Black has no king' });
    expect(verdict('chess', { e1: 'K', a1: 'K', e8: 'k' })?.text).toBe('White has 2 kings');
    expect(verdict('tamerlane', { ...TAM_KINGS, c5: 'h', d5: 'h' })?.text).toBe(
      'Black has 2 princes',
    );
    // A Prince alone is Tamerlane's royal piece.
    expect(verdict('tamerlane', { g2: 'H', g9: 'k' })).toBeNull();
  });

  it('a pawn on its promotion rank, tagged pawns included', () => {
    expect(verdict('chess', { ...CHESS_KINGS, a8: 'P' })).toEqual({
      reason: 'unpromoted-pawn',
      text: 'White pawn on a8 should have promoted',
    });
    expect(verdict('husun', { f2: 'K', f11: 'k', a12: 'P' })?.text).toBe(
      'White pawn on a12 should have promoted',
    );
    expect(verdict('tamerlane', { ...TAM_KINGS, c1: 'p[r]' })?.text).toBe(
      'Black pawn of rooks on c1 should have promoted',
    );
  });

  it('a waiting pawn of pawns off its last rank', () => {
    expect(verdict('tamerlane', { ...TAM_KINGS, c5: 'P[P=]' })).toEqual({
      reason: 'waiting-pawn',
      text: "White's waiting pawn of pawns on c5 must stand on its last rank",
    });
    expect(verdict('tamerlane', { ...TAM_KINGS, c10: 'P[P=]' })).toBeNull();
  });

  it('a pawn on its own back rank or behind it', () => {
    expect(verdict('chess', { ...CHESS_KINGS, a1: 'P' })).toEqual({
      reason: 'pawn-back-rank',
      text: 'White pawn on a1: a pawn never stands on its own back rank (rank 1) or behind it',
    });
    expect(verdict('chess', { ...CHESS_KINGS, h8: 'p' })?.reason).toBe('pawn-back-rank');
    // Husun's back rank is rank 2 (rank 1 holds only citadels, which are behind it).
    expect(verdict('husun', { f2: 'K', f11: 'k', c2: 'P' })?.reason).toBe('pawn-back-rank');
    expect(verdict('husun', { f2: 'K', f11: 'k', a1: 'P' })?.text).toBe(
      'White pawn on a1: a pawn never stands on its own back rank (rank 2) or behind it',
    );
    expect(verdict('husun', { f2: 'K', f11: 'k', c3: 'P', c10: 'p' })).toBeNull();
    expect(verdict('tamerlane', { ...TAM_KINGS, d10: 'p[n]' })?.reason).toBe('pawn-back-rank');
    // ... unless Black's king swap is used: it may have put the pawn there (or on its last rank).
    const tam = ruleset('tamerlane');
    const swapped = { ...setupOf(tam, { ...TAM_KINGS, d10: 'p[n]', e1: 'p[r]' }), rights: 16 };
    expect(validateSetup(tam, swapped)).toBeNull();
    // The feminine array's pawn of kings starts on g2: rank 2 is fine.
    const fem = ruleset('tamerlane', { array: 'feminine' });
    expect(validateSetup(fem, setupOf(fem, { g1: 'K', g10: 'k', g2: 'P[H]' }))).toBeNull();
  });

  it('too many pieces, pawns, or tagged pawns of one kind', () => {
    const ninePawns = Object.fromEntries('abcdefgh'.split('').map((f) => [`${f}2`, 'P']));
    expect(verdict('chess', { ...CHESS_KINGS, ...ninePawns, a3: 'P' })).toEqual({
      reason: 'too-many',
      text: 'White has 9 pawns; the start position has 8',
    });
    const many: Record<string, string> = { ...CHESS_KINGS };
    for (const f of 'abcdefgh') for (const r of [3, 4]) many[`${f}${r}`] = 'N';
    expect(verdict('chess', many)?.text).toBe(
      'White has 17 pieces; the start position has 16 and no move adds one',
    );
    expect(verdict('tamerlane', { ...TAM_KINGS, c4: 'P[R]', d4: 'P[R]' })?.text).toBe(
      'White has 2 × pawn of rooks; the start position has 1 and a pawn never changes its tag',
    );
    expect(verdict('tamerlane', { ...TAM_KINGS, c4: 'P[P2]', d3: 'A' })?.text).toBe(
      'White has 2 × pawn of pawns (counting its later stages and the Adventitious King); the start position has 1 and a pawn never changes its tag',
    );
    // Promoted pieces are fine while the totals hold: three queens, six pawns.
    expect(
      verdict('chess', { ...CHESS_KINGS, d1: 'Q', d4: 'Q', d5: 'Q', a2: 'P', b2: 'P', c2: 'P' }),
    ).toBeNull();
  });

  it('a right whose king or rook is not at home', () => {
    const rs = ruleset('chess');
    const setup = { ...setupOf(rs, { e2: 'K', e8: 'k' }), rights: 1 };
    expect(validateSetup(rs, setup)).toEqual({
      reason: 'rights',
      text: 'castling right without the king on e1',
    });
  });

  it('the side not to move in check', () => {
    expect(verdict('chess', { ...CHESS_KINGS, e4: 'R' })).toEqual({
      reason: 'not-to-move-in-check',
      text: 'the side not to move (Black) is in check',
    });
    expect(verdict('chess', { ...CHESS_KINGS, e4: 'R' }, 'black')).toBeNull();
    // Tamerlane: with King and Prince both on the board neither is in check.
    expect(verdict('tamerlane', { ...TAM_KINGS, g5: 'R' })?.reason).toBe('not-to-move-in-check');
    expect(verdict('tamerlane', { ...TAM_KINGS, b10: 'h', g5: 'R' })).toBeNull();
  });
});

describe('validateSetup accepts what games reach', () => {
  const GAMES = sampleSize(1, 4);
  it('every position of seeded random games in every variant', () => {
    const random = mulberry32(4242);
    const configs: Array<[string, RulesetOptions]> = [
      ...VARIANT_IDS.map((v): [string, RulesetOptions] => [v, {}]),
      ['tamerlane', { array: 'feminine' }],
    ];
    for (const [variant, options] of configs) {
      const rs = ruleset(variant, options);
      for (let game = 0; game < GAMES; game++) {
        const pos = new FastPosition(rs);
        pos.load(startSetup(rs));
        for (let ply = 0; ply < 160; ply++) {
          const end = generateLegal(pos, 0);
          if (end === 0 || pos.citadelDrawn) break;
          pos.make(pos.moves[Math.floor(random() * end)]!);
          const problem = validateSetup(rs, pos.toSetup());
          if (problem)
            throw new Error(`${variant}: ${makeFen(rs, pos.toSetup())}: ${problem.text}`);
        }
      }
    }
  });
});
