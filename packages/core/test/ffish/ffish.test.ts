/**
 * Fairy-Stockfish (ffish / wasm UCI engine) as an independent checker: baselines, the stand-in
 * variants, FSF's shatranj end rules, and the perft table in standin-perft.ts.
 */
import { sampleSize } from '@citadel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FairyStockfish } from 'ffish';
import { closeFsf, fsfPerft } from '@citadel/fsf/wasm-perft';
import { ffishDivide, ffishPerft, ffishPlay, loadFfish, withBoard } from './ffish-loader.ts';
import { STANDIN_LINES } from './standin-lines.ts';
import { STANDIN_PERFT } from './standin-perft.ts';
import { FSF_START_FENS, STANDIN_VARIANTS } from './standins.ts';

let ff: FairyStockfish;

beforeAll(async () => {
  ff = await loadFfish();
});

afterAll(async () => {
  await closeFsf();
});

const perftSeries = (variant: string, fen: string, maxDepth: number): number[] =>
  Array.from({ length: maxDepth }, (_, i) => ffishPerft(variant, fen, i + 1));

describe('ffish loader and baselines', () => {
  it('loads once and knows the built-ins and the stand-ins', async () => {
    expect(await loadFfish()).toBe(ff);
    const variants = ff.variants().split(' ');
    for (const v of ['chess', 'shatranj', ...STANDIN_VARIANTS]) expect(variants).toContain(v);
  });

  it('start FENs are FSF’s own', () => {
    for (const [variant, fen] of Object.entries(FSF_START_FENS)) {
      expect(ff.startingFen(variant)).toBe(fen);
      expect(withBoard(variant, undefined, (b) => b.fen())).toBe(fen);
    }
  });

  it('chess start perft 1..4 = 20, 400, 8902, 197281', () => {
    expect(perftSeries('chess', FSF_START_FENS.chess, 4)).toEqual([20, 400, 8902, 197281]);
  });

  it('shatranj start perft 1..4 = 16, 256, 4176, 68122', () => {
    expect(perftSeries('shatranj', FSF_START_FENS.shatranj, 4)).toEqual([16, 256, 4176, 68122]);
  });

  it('divide sums to perft and names FSF UCI moves', () => {
    const d = ffishDivide('chess', FSF_START_FENS.chess, 3);
    expect(Object.keys(d)).toHaveLength(20);
    expect(d['e2e4']).toBe(600);
    expect(Object.values(d).reduce((a, b) => a + b, 0)).toBe(8902);
  });
});

describe('stand-in variants', () => {
  it('husun10 and tamerlane11 start perft (recorded)', () => {
    const husun = perftSeries('husun10', FSF_START_FENS.husun10, 3);
    const tamerlane = perftSeries('tamerlane11', FSF_START_FENS.tamerlane11, 3);
    console.log(`husun10 start perft 1..3: ${husun.join(', ')}`);
    console.log(`tamerlane11 start perft 1..3: ${tamerlane.join(', ')}`);
    // husun (with citadels) has 20 / 400 / 8300: its knights c2, j2 may also jump into a1 / l1.
    expect(husun).toEqual([18, 324, 6210]);
    // tamerlane (with giraffes and pickets) has 24 / 576 / 14518.
    expect(tamerlane).toEqual([25, 625, 16500]);
  });

  it('pawns promote to the general only, with the letter f', () => {
    const promo = (label: string): string[] => {
      const line = STANDIN_LINES.find((l) => l.label === label);
      if (!line) throw new Error(label);
      return withBoard(line.variant, ffishPlay(line.variant, line.moves), (b) =>
        b.legalMoves().split(' '),
      ).filter((m) => /[a-z]$/.test(m));
    };
    expect(promo('husun10-promo').sort()).toEqual(['c9b10f', 'c9d10f']);
    expect(promo('tamerlane11-promo').sort()).toEqual(['d9c10f', 'd9d10f', 'd9e10f']);
  });

  it('stalemate loses for the stalemated side', () => {
    for (const [variant, fen] of [
      ['husun10', '9k/7K1p/9P/10/10/10/10/10/10/10 b - - 0 1'],
      ['tamerlane11', '10k/8K1p/10P/11/11/11/11/11/11/11 b - - 0 1'],
      ['shatranj', '7k/5K1p/7P/8/8/8/8/8 b - - 0 1'],
    ] as const) {
      withBoard(variant, fen, (b) => {
        expect(b.numberLegalMoves()).toBe(0);
        expect(b.isCheck()).toBe(false);
        expect(b.result()).toBe('1-0');
      });
    }
  });

  it('this FSF build cannot express the picket (yafF) or the giraffe (afsafyafF)', () => {
    ff.loadVariantConfig(
      '[betzaprobe]\nmaxFile = 11\nmaxRank = 10\nking = k\ncustomPiece1 = t:yafF\n' +
        'customPiece2 = g:afsafyafF\ncastling = false\n',
    );
    const movesOf = (piece: string): string[] =>
      withBoard('betzaprobe', `10k/11/11/11/11/5${piece}5/11/11/11/K10 w - - 0 1`, (b) =>
        b.legalMoves().split(' '),
      )
        .filter((m) => m.startsWith('f5'))
        .sort();
    // both degrade to fF: the multi-leg modifiers a / y are ignored
    expect(movesOf('T')).toEqual(['f5e6', 'f5g6']);
    expect(movesOf('G')).toEqual(['f5e6', 'f5g6']);
  });
});

describe('FSF shatranj end rules (what the core must copy)', () => {
  it('a bare king loses at once when the opponent keeps two or more pieces', () => {
    withBoard('shatranj', '8/8/8/3k4/8/8/8/R2K3N b - - 0 1', (b) => {
      expect(b.legalMoves()).toBe('');
      expect(b.isGameOver()).toBe(true);
      expect(b.result()).toBe('1-0');
    });
  });

  it('the bared side gets one move to bare the opponent too (K+R v K)', () => {
    const fen = '8/8/8/8/8/4R3/4k3/K7 b - - 0 1';
    // only after Kxe3 (two bare kings: play goes on) does White have moves
    expect(ffishDivide('shatranj', fen, 2)).toEqual({
      e2d1: 0,
      e2e3: 3,
      e2f1: 0,
      e2d2: 0,
      e2f2: 0,
    });
    expect(ffishPerft('shatranj', fen, 3)).toBe(24);
    expect(ffishPerft('shatranj', '8/8/8/8/8/8/4k3/K7 w - - 0 1', 2)).toBe(24);
  });
});

describe('standin-perft.ts table', () => {
  it('each line is legal and reaches the table FEN', () => {
    for (const line of STANDIN_LINES) {
      const fen = ffishPlay(line.variant, line.moves);
      const rows = STANDIN_PERFT.filter((r) => r.label === line.label);
      expect(rows.length, line.label).toBeGreaterThan(0);
      for (const r of rows) expect(r.fen, line.label).toBe(fen);
    }
    for (const v of STANDIN_VARIANTS) {
      const rows = STANDIN_PERFT.filter((r) => r.label === `${v}-start`);
      expect(rows.map((r) => r.fen)).toEqual(rows.map(() => FSF_START_FENS[v]));
    }
  });

  it('ffish reproduces every entry (depth 1..4)', () => {
    for (const r of STANDIN_PERFT) {
      expect(ffishPerft(r.variant, r.fen, r.depth), `${r.label} d${r.depth}`).toBe(r.nodes);
    }
  });

  const uciDepth = sampleSize(2, 3);
  it(`the wasm UCI engine agrees (depth <= ${uciDepth}, plus the shatranj end rules)`, async () => {
    for (const r of STANDIN_PERFT.filter((e) => e.depth <= uciDepth)) {
      const got = await fsfPerft({ variant: r.variant, fen: r.fen, depth: r.depth });
      expect(got.nodes, `${r.label} d${r.depth}`).toBe(r.nodes);
    }
    expect((await fsfPerft({ variant: 'shatranj', depth: 4 })).nodes).toBe(68122);
    const kr = await fsfPerft({
      variant: 'shatranj',
      fen: '8/8/8/8/8/4R3/4k3/K7 b - - 0 1',
      depth: 2,
    });
    expect(kr.nodes).toBe(3);
    expect(kr.divide).toEqual({ e2d1: 0, e2e3: 3, e2f1: 0, e2d2: 0, e2f2: 0 });
  });
});
