/** Our position text (docs/formats.md): exact round trips and an error for every kind of mistake. */
import { sampleSize } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import { makeFen, parseFen, startSetup } from './fen.ts';
import { makeMoveText } from './move-text.ts';
import { Position } from './position.ts';
import { compileRuleset, type Ruleset, type RulesetOptions } from './ruleset.ts';
import { VARIANTS, VARIANT_IDS } from './variants/index.ts';
import { fenFrom } from '../test/helpers.ts';

const ruleset = (variant: string, options: RulesetOptions = {}): Ruleset => {
  const r = compileRuleset(variant, options);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

/** Every variant, Tamerlane's feminine array and every non-default rule switch. */
const CONFIGS: Array<{ variant: string; options: RulesetOptions }> = [
  ...VARIANT_IDS.map((variant) => ({ variant, options: {} })),
  { variant: 'tamerlane', options: { array: 'feminine' } },
  ...VARIANT_IDS.flatMap((variant) =>
    VARIANTS[variant].switches.flatMap((s) =>
      s.values.slice(1).map((value) => ({ variant, options: { rules: { [s.name]: value } } })),
    ),
  ),
];

/** A small deterministic generator (tests must be repeatable). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const parseOk = (rs: Ruleset, text: string): string => {
  const r = parseFen(rs, text);
  if (!r.ok) throw new Error(`${text}: ${r.error}`);
  return makeFen(rs, r.value);
};
const parseErr = (rs: Ruleset, text: string): string => {
  const r = parseFen(rs, text);
  if (r.ok) throw new Error(`${text} was accepted`);
  return r.error;
};

describe('FEN start positions', () => {
  it('chess and shatranj as everyone writes them', () => {
    expect(makeFen(ruleset('chess'), startSetup(ruleset('chess')))).toBe(
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    );
    expect(makeFen(ruleset('shatranj'), startSetup(ruleset('shatranj')))).toBe(
      'rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1',
    );
  });

  it('tamerlane (masculine) as docs/rules.md §2 lists it, pawn tags in brackets', () => {
    const rs = ruleset('tamerlane');
    expect(makeFen(rs, startSetup(rs))).toBe(
      '*e1c1d1d1c1e*/1rntgwkfgtnr*/*p[r]p[n]p[t]p[g]p[w]p[h]p[f]p[e]p[c]p[d]p[p]*/*11*/*11*/*11*/*11*/' +
        '*P[P]P[D]P[C]P[E]P[F]P[H]P[W]P[G]P[T]P[N]P[R]*/*RNTGFKWGTNR1/*E1C1D1D1C1E* w Ss - 0 1',
    );
  });

  it('tamerlane feminine: K on g1 between F f1 and W h1, the pawn of kings on g2, g3 empty', () => {
    const rs = ruleset('tamerlane', { array: 'feminine' });
    const fen = makeFen(rs, startSetup(rs));
    const ranks = fen.split(' ')[0]!.split('/');
    expect(ranks[9]).toBe('*E1C1FKW1C1E*');
    expect(ranks[8]).toBe('*RNTGDP[H]DGTNR1');
    expect(ranks[7]).toBe('*P[P]P[D]P[C]P[E]P[F]1P[W]P[G]P[T]P[N]P[R]*');
  });

  it('persian: citadels hold fortresses (wizards in omega); rights KQkq plus Vv where there is a rendezvous', () => {
    expect(Position.start('persian-celtic').value!.fen()).toBe(
      'f*********f/*rnbqkbsnr*/*ppppppppp*/*9*/*9*/*9*/*9*/*9*/*PPPPPPPPP*/*RNBQKBSNR*/F*********F w KQkq - 0 1',
    );
    expect(Position.start('persian-princess').value!.fen().split(' ').slice(0, 3).join(' ')).toBe(
      'f*********f/*rnbqksbnr*/*ppppppppp*/*9*/*9*/*9*/*9*/*9*/*PPPPPPPPP*/*RNBQKSBNR*/F*********F w KQkqVv',
    );
    expect(Position.start('persian-omega').value!.fen().split(' ')[0]).toBe(
      'w*********w/*rnbqkcbnr*/*ppppppppp*/*9*/*9*/*9*/*9*/*9*/*PPPPPPPPP*/*RNBQKCBNR*/W*********W',
    );
  });

  it('every configuration: start position round-trips and has six fields', () => {
    for (const { variant, options } of CONFIGS) {
      const rs = ruleset(variant, options);
      const fen = makeFen(rs, startSetup(rs));
      expect(fen.split(' '), variant).toHaveLength(6);
      expect(parseOk(rs, fen), variant).toBe(fen);
    }
  });
});

describe('FEN round trips after random legal play', () => {
  const games = sampleSize(1, 4);
  it(`every configuration, ${games} games of up to 70 plies: parse(make(x)) writes x again`, () => {
    const sorted = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);
    for (const { variant, options } of CONFIGS) {
      const rs = ruleset(variant, options);
      for (let game = 0; game < games; game++) {
        const rand = rng(game * 7919 + variant.length);
        const pos = Position.start(variant, options).value!;
        for (let ply = 0; ply < 70 && !pos.outcome(); ply++) {
          const moves = pos.legalCodes();
          const played = pos.play(makeMoveText(rs, moves[Math.floor(rand() * moves.length)]!));
          expect(played.ok).toBe(true);
          const fen = pos.fen();
          expect(parseOk(rs, fen), `${variant} ${fen}`).toBe(fen);
          // the position reloaded from the text has the same legal moves
          const again = Position.fromFen(variant, fen, options).value!;
          expect(sorted(again.legalCodes()), fen).toEqual(sorted(pos.legalCodes()));
        }
      }
    }
  });
});

describe('FEN defaults', () => {
  it('missing fields: rights implied from the board, ep -, counters 0 and 1', () => {
    const rs = ruleset('chess');
    expect(parseOk(rs, '4k3/8/8/8/8/8/8/4K3 w')).toBe('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
    expect(parseOk(rs, 'r3k2r/8/8/8/8/8/8/R3K3 b')).toBe('r3k2r/8/8/8/8/8/8/R3K3 b Qkq - 0 1');
    expect(parseOk(rs, '4k3/8/8/8/8/8/8/4K3 w - - 12')).toBe('4k3/8/8/8/8/8/8/4K3 w - - 12 1');
    const tam = ruleset('tamerlane');
    const start = makeFen(tam, startSetup(tam));
    expect(parseOk(tam, start.split(' ').slice(0, 2).join(' '))).toBe(start);
  });

  it('extra whitespace around the text is tolerated, and the writer normalises it', () => {
    expect(parseOk(ruleset('chess'), '  4k3/8/8/8/8/8/8/4K3   w  -  -  3  9 ')).toBe(
      '4k3/8/8/8/8/8/8/4K3 w - - 3 9',
    );
  });

  it('two-digit empty runs and two-digit ranks', () => {
    const rs = ruleset('tamerlane');
    const fen = fenFrom('tamerlane', { g2: 'K', g9: 'k', l10: 'R' });
    expect(fen.split('/')[0]).toBe('*10R*');
    expect(fen.split('/')[4]).toBe('*11*');
    expect(parseOk(rs, fen)).toBe(fen);
  });
});

describe('FEN errors say what and where', () => {
  const chess = ruleset('chess');
  const persian = ruleset('persian-celtic');
  const tam = ruleset('tamerlane');
  const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

  it('field count', () => {
    expect(parseErr(chess, '')).toMatch(/2 to 6 fields.*got 0/);
    expect(parseErr(chess, START)).toMatch(/2 to 6 fields.*got 1/);
    expect(parseErr(chess, `${START} w KQkq - 0 1 x`)).toMatch(/got 7/);
  });

  it('wrong rank count', () => {
    expect(parseErr(chess, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w')).toBe(
      'board has 7 ranks, chess has 8',
    );
    expect(parseErr(persian, `${START} w`)).toBe('board has 8 ranks, persian-celtic has 11');
  });

  it('wrong cell count in a rank', () => {
    expect(parseErr(chess, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w')).toBe(
      'rank 1 has 7 cells, the board is 8 wide',
    );
    expect(parseErr(chess, 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w')).toBe(
      'rank 6 has more than 8 cells',
    );
    expect(parseErr(chess, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w')).toBe(
      'rank 1 has more than 8 cells',
    );
    expect(parseErr(chess, '4k3/8/8/8/8/8/08/4K3 w')).toBe("rank 2: bad empty-cell count '08'");
  });

  it('a piece or an empty run on a hole, a * on an existing cell', () => {
    const start = makeFen(persian, startSetup(persian));
    const board = start.split(' ')[0]!;
    // b1 is a hole of the Persian board
    expect(parseErr(persian, board.replace(/F\*{9}F$/, 'FR********F') + ' w')).toBe(
      "rank 1: 'R' on b1, which does not exist (write '*')",
    );
    expect(parseErr(persian, board.replace(/F\*{9}F$/, 'F1********F') + ' w')).toBe(
      "rank 1: empty cell on b1, which does not exist (write '*')",
    );
    expect(parseErr(persian, board.replace('*RNBQKBSNR*', '*RNBQKBSN**') + ' w')).toBe(
      "rank 2: '*' on j2, which is a cell of the board",
    );
    expect(parseErr(chess, '4k3/8/8/8/8/8/8/4K2* w')).toBe(
      "rank 1: '*' on h1, which is a cell of the board",
    );
  });

  it('a piece on a cell it may not stand on (Tamerlane citadels hold only royals)', () => {
    const fen = fenFrom('tamerlane', { g2: 'K', g9: 'k', a9: 'R' });
    expect(parseErr(tam, fen)).toBe(
      'rank 9: Rook cannot stand on a9 (only King, Prince, Adventitious King may stand on a citadel)',
    );
    // White's own King may not enter White's citadel m2.
    expect(parseErr(tam, fenFrom('tamerlane', { g2: 'K', g9: 'k', m2: 'K' }))).toBe(
      'rank 2: King cannot stand on m2 (a King may not enter its own citadel)',
    );
  });

  it('unknown piece, untagged or wrongly tagged pawn in tamerlane, tag in another variant', () => {
    expect(parseErr(chess, '4k3/8/8/8/8/8/8/4K2X w')).toBe("rank 1: unknown piece 'X' in chess");
    expect(parseErr(chess, '4k3/8/8/8/8/8/8/4K2S w')).toBe("rank 1: unknown piece 'S' in chess");
    const start = makeFen(tam, startSetup(tam));
    expect(parseErr(tam, start.replace('P[R]', 'P'))).toBe(
      "rank 3: unknown piece 'P' in tamerlane",
    );
    expect(parseErr(tam, start.replace('P[R]', 'P[Q]'))).toBe(
      "rank 3: unknown piece 'P[Q]' in tamerlane",
    );
    expect(parseErr(tam, start.replace('P[R]', 'P[R'))).toBe("rank 3: '[' without ']'");
    expect(parseErr(chess, '4k3/8/8/8/8/8/P[R]7/4K3 w')).toBe(
      "rank 2: unknown piece 'P[R]' in chess",
    );
    expect(parseErr(chess, '4k3/8/8/8/8/8/8/4K3! w')).toBe("rank 1: unexpected character '!'");
  });

  it('bad side, rights, en passant, counters', () => {
    expect(parseErr(chess, `${START} x`)).toBe("side to move must be 'w' or 'b', not 'x'");
    expect(parseErr(chess, `${START} W`)).toBe("side to move must be 'w' or 'b', not 'W'");
    expect(parseErr(chess, `${START} w KX`)).toBe("rights field: 'X' is not a right of chess");
    expect(parseErr(chess, `${START} w KK`)).toBe("rights field: 'K' twice");
    expect(parseErr(chess, `${START} w S`)).toBe("rights field: 'S' is not a right of chess");
    expect(
      parseErr(
        ruleset('husun'),
        makeFen(ruleset('husun'), startSetup(ruleset('husun'))).replace(' - ', ' K '),
      ),
    ).toBe("rights field: 'K' is not a right of husun");
    expect(parseErr(chess, `${START} w KQkq e9`)).toBe(
      "en-passant field: 'e9' is not a cell of the board",
    );
    expect(parseErr(chess, `${START} w KQkq e6`)).toBe(
      'en-passant field: no Black pawn just passed over e6',
    );
    expect(parseErr(chess, `${START} b KQkq e3`)).toBe(
      'en-passant field: no White pawn just passed over e3',
    );
    const shatranj = ruleset('shatranj');
    expect(parseErr(shatranj, '3k4/8/8/3pP3/8/8/8/3K4 w - d6')).toBe(
      'en-passant field: shatranj has no en passant',
    );
    expect(parseErr(chess, `${START} w KQkq - x 1`)).toBe(
      "halfmove clock must be a number, not 'x'",
    );
    expect(parseErr(chess, `${START} w KQkq - -1 1`)).toBe(
      "halfmove clock must be a number, not '-1'",
    );
    expect(parseErr(chess, `${START} w KQkq - 0 0`)).toBe(
      "fullmove number must be a number >= 1, not '0'",
    );
    expect(parseErr(chess, `${START} w KQkq - 0 y`)).toBe(
      "fullmove number must be a number >= 1, not 'y'",
    );
  });

  it('a right whose king or rook is not at home', () => {
    expect(parseErr(chess, '4k3/8/8/8/8/8/8/4K3 w K')).toBe('castling right without a rook on h1');
    expect(parseErr(chess, '4k3/8/8/8/8/8/8/R2K4 w Q')).toBe(
      'castling right without the king on e1',
    );
  });

  it('kings: two, none, and the side not to move in check', () => {
    expect(parseErr(chess, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w -')).toBe(
      'White has 2 kings',
    );
    expect(parseErr(chess, 'rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -')).toBe(
      'Black has no king',
    );
    expect(parseErr(chess, '4k3/8/8/8/8/8/8/4R1K1 w -')).toBe(
      'the side not to move (Black) is in check',
    );
    expect(parseErr(chess, '4k3/8/8/8/8/8/8/4r1K1 b -')).toBe(
      'the side not to move (White) is in check',
    );
    expect(parseErr(chess, '4k3/8/8/8/8/7n/8/6K1 b -')).toBe(
      'the side not to move (White) is in check',
    );
    // The side to move may be in check.
    expect(parseOk(chess, '4k3/8/8/8/8/8/8/4R1K1 b -')).toBe('4k3/8/8/8/8/8/8/4R1K1 b - - 0 1');
  });

  it('tamerlane royalty: two princes; a prince alone is a king; King+Prince is never in check', () => {
    expect(parseErr(tam, fenFrom('tamerlane', { g2: 'K', c5: 'H', d5: 'H', g9: 'k' }))).toBe(
      'White has 2 princes',
    );
    expect(parseOk(tam, fenFrom('tamerlane', { g2: 'H', g9: 'k' }))).toBe(
      fenFrom('tamerlane', { g2: 'H', g9: 'k' }),
    );
    expect(parseErr(tam, fenFrom('tamerlane', { g2: 'K', g9: 'k', g5: 'R' }, 'w'))).toBe(
      'the side not to move (Black) is in check',
    );
    const pool = fenFrom('tamerlane', { g2: 'K', g9: 'k', b10: 'h', g5: 'R' }, 'w');
    expect(parseOk(tam, pool)).toBe(pool);
  });

  it('a pawn that should have promoted; a waiting pawn of pawns off its last rank', () => {
    expect(parseErr(chess, 'P3k3/8/8/8/8/8/8/4K3 w -')).toBe(
      'White pawn on a8 should have promoted',
    );
    expect(parseErr(chess, '4k3/8/8/8/8/8/8/p3K3 w -')).toBe(
      'Black pawn on a1 should have promoted',
    );
    expect(parseErr(persian, fenFrom('persian-celtic', { f2: 'K', f10: 'k', c10: 'P' }))).toBe(
      'White pawn on c10 should have promoted',
    );
    expect(parseErr(tam, fenFrom('tamerlane', { g2: 'K', c5: 'P[P=]', g9: 'k' }))).toBe(
      "White's waiting pawn of pawns on c5 must stand on its last rank",
    );
    // A tagged pawn too, unless its side's king swap is used (the swap may have put it there).
    expect(parseErr(tam, fenFrom('tamerlane', { g2: 'K', c10: 'P[R]', g9: 'k' }, 'w', 'Ss'))).toBe(
      'White pawn of rooks on c10 should have promoted',
    );
    const swapped = fenFrom('tamerlane', { g2: 'K', c10: 'P[R]', g9: 'k' }, 'w', 's');
    expect(parseOk(tam, swapped)).toBe(swapped);
    const waiting = fenFrom('tamerlane', { g2: 'K', c10: 'P[P=]', g9: 'k' });
    expect(parseOk(tam, waiting)).toBe(waiting);
  });

  it('errors never leak through Position.fromFen as exceptions', () => {
    const r = Position.fromFen('chess', 'garbage');
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).toMatch(/^bad position: /);
    expect(Position.fromFen('nope', START + ' w')).toEqual({
      ok: false,
      error: "unknown variant 'nope'",
    });
  });
});
