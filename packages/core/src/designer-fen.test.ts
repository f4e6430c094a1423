/** The Persian designer's position format (docs/rules.md §0): every cell written, `1` for empty cells and holes. */
import { describe, expect, it } from 'vitest';
import { parseDesignerFen, makeDesignerFen } from './designer-fen.ts';
import { makeFen, parseFen, startSetup } from './fen.ts';
import { makeMoveText } from './move-text.ts';
import { Position } from './position.ts';
import { compileRuleset, type Ruleset, type RulesetOptions } from './ruleset.ts';

const ruleset = (variant: string, options: RulesetOptions = {}): Ruleset => {
  const r = compileRuleset(variant, options);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const PERSIAN = ['persian-celtic', 'persian-princess', 'persian-eye', 'persian-omega'] as const;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const CELTIC_START =
  'f111111111f/1rnbqkbsnr1/1ppppppppp1/11111111111/11111111111/11111111111/11111111111/11111111111/' +
  '1PPPPPPPPP1/1RNBQKBSNR1/F111111111F w KQkq - 0 1';

describe('designer format: export', () => {
  it('the Celtic start: 11 characters per rank, holes and empty cells as 1', () => {
    const rs = ruleset('persian-celtic');
    const out = makeDesignerFen(rs, startSetup(rs));
    expect(out).toEqual({ ok: true, value: CELTIC_START });
    for (const rank of CELTIC_START.split(' ')[0]!.split('/')) expect(rank).toHaveLength(11);
  });

  it('omega writes wizards in the citadels and its rendezvous right', () => {
    const rs = ruleset('persian-omega');
    const out = makeDesignerFen(rs, startSetup(rs));
    expect(out.ok && out.value.startsWith('w111111111w/1rnbqkcbnr1/')).toBe(true);
    expect(out.ok && out.value.split(' ')[2]).toBe('KQkqVv');
  });

  it('other variants are refused, with the reason', () => {
    for (const v of ['chess', 'husun', 'tamerlane']) {
      const rs = ruleset(v);
      expect(makeDesignerFen(rs, startSetup(rs))).toEqual({
        ok: false,
        error: `the designer's format is for Persian Chess, not ${v}`,
      });
      expect(parseDesignerFen(rs, CELTIC_START)).toEqual({
        ok: false,
        error: `the designer's format is for Persian Chess, not ${v}`,
      });
    }
  });
});

describe('designer format: import and round trips', () => {
  it('the Celtic start reads as our start position', () => {
    const rs = ruleset('persian-celtic');
    const setup = parseDesignerFen(rs, CELTIC_START);
    expect(setup.ok).toBe(true);
    expect(makeFen(rs, setup.ok ? setup.value : startSetup(rs))).toBe(makeFen(rs, startSetup(rs)));
  });

  it('fields after the side may be missing', () => {
    const rs = ruleset('persian-celtic');
    const short = CELTIC_START.split(' ').slice(0, 2).join(' ');
    const setup = parseDesignerFen(rs, short);
    expect(setup.ok && makeFen(rs, setup.value)).toBe(makeFen(rs, startSetup(rs)));
  });

  it('every Persian variant, random games: designer text and our FEN convert both ways exactly', () => {
    for (const variant of PERSIAN) {
      const rs = ruleset(variant);
      for (let game = 0; game < 3; game++) {
        const rand = rng(game * 31 + variant.length);
        const pos = Position.start(variant).value!;
        for (let ply = 0; ply < 60 && !pos.outcome(); ply++) {
          const moves = pos.legalCodes();
          pos.play(makeMoveText(rs, moves[Math.floor(rand() * moves.length)]!));
          const ours = pos.fen();
          const setup = parseFen(rs, ours);
          if (!setup.ok) throw new Error(setup.error);
          const designer = makeDesignerFen(rs, setup.value);
          if (!designer.ok) throw new Error(designer.error);
          expect(designer.value.split(' ').slice(1)).toEqual(ours.split(' ').slice(1));
          const back = parseDesignerFen(rs, designer.value);
          if (!back.ok) throw new Error(`${designer.value}: ${back.error}`);
          expect(makeFen(rs, back.value)).toBe(ours);
          expect(makeDesignerFen(rs, back.value)).toEqual(designer);
        }
      }
    }
  });
});

describe('designer format: errors say what and where', () => {
  const rs = ruleset('persian-celtic');
  const ranks = CELTIC_START.split(' ')[0]!.split('/');
  const withRank = (i: number, text: string): string =>
    [...ranks.slice(0, i), text, ...ranks.slice(i + 1)].join('/') + ' w KQkq - 0 1';
  const error = (text: string): string => {
    const r = parseDesignerFen(rs, text);
    return r.ok ? 'accepted' : r.error;
  };

  it('too few fields, wrong rank count, wrong cell count', () => {
    const fields =
      'a position needs 2 to 6 fields (board, side, rights, en passant, halfmove, fullmove)';
    expect(error('')).toBe(fields);
    expect(error(ranks.join('/'))).toBe(fields);
    expect(error(`${ranks.join('/')} w - - 0 1 extra`)).toBe(fields);
    expect(error('1 w')).toBe('board has 1 ranks, persian-celtic has 11');
    expect(error(withRank(3, '1111111111'))).toBe('rank 8 has 10 cells, the board is 11 wide');
    expect(error(withRank(3, '111111111111'))).toBe('rank 8 has more than 11 cells');
  });

  it("our FEN's run lengths and '*' are not part of this format", () => {
    expect(error(withRank(3, '1*9*1'))).toBe("rank 8: unexpected character '*'");
    expect(error(withRank(3, '191'))).toBe("rank 8: unexpected character '9'");
  });

  it('a piece on a hole, an unknown piece', () => {
    // The hint names this format's hole character, not our FEN's '*'.
    expect(error(withRank(10, 'FR11111111F'))).toBe(
      "rank 1: 'R' on b1, which does not exist (write '1')",
    );
    expect(error(withRank(10, 'FX11111111F'))).toBe("rank 1: unknown piece 'X' in persian-celtic");
  });

  it('the position checks of our FEN apply too', () => {
    expect(error(withRank(9, '1RNBQ1BSNR1'))).toBe('castling right without the king on f2');
    expect(error(CELTIC_START.replace(' w ', ' x '))).toBe(
      "side to move must be 'w' or 'b', not 'x'",
    );
    expect(error(withRank(1, '1rnbq1bsnr1'))).toBe('castling right without the king on f10');
  });
});
