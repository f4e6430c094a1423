import { DEEP } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import {
  referenceDivide,
  referenceIsGameOver,
  referenceLegalMoves,
  referenceNormalize,
  referencePerft,
  referencePlay,
  referenceStart,
} from './reference.ts';
import type { ReferenceOptions } from './reference.ts';

// The Persian depth-4 runs take several seconds each: they run in the deep tier (CITADEL_DEEP=1).

/** Geometry of the bounding boxes, written out independently of the module under test. */
const GEOMETRY: Record<
  string,
  { files: number; ranks: number; exists: (f: number, r: number) => boolean }
> = {
  husun: {
    files: 12,
    ranks: 12,
    exists: (f, r) =>
      (f >= 1 && f <= 10 && r >= 1 && r <= 10) || ((f === 0 || f === 11) && (r === 0 || r === 11)),
  },
  tamerlane: {
    files: 13,
    ranks: 10,
    exists: (f, r) => (f >= 1 && f <= 11) || (f === 12 && r === 1) || (f === 0 && r === 8),
  },
  persian: {
    files: 11,
    ranks: 11,
    exists: (f, r) =>
      (f >= 1 && f <= 9 && r >= 1 && r <= 9) || ((f === 0 || f === 10) && (r === 0 || r === 10)),
  },
  chess: { files: 8, ranks: 8, exists: () => true },
};

/** Builds a position text from a square -> token map ("K", "p[r]", ...). */
function fen(geometry: string, pieces: Record<string, string>, rest: string): string {
  const g = GEOMETRY[geometry]!;
  const rows: string[] = [];
  for (let r = g.ranks - 1; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < g.files; f++) {
      const name = String.fromCharCode(97 + f) + String(r + 1);
      const token = pieces[name];
      if (!g.exists(f, r)) {
        if (token) throw new Error(`piece on hole ${name}`);
        if (empty) row += String(empty);
        empty = 0;
        row += '*';
      } else if (token) {
        if (empty) row += String(empty);
        empty = 0;
        row += token;
      } else empty++;
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return `${rows.join('/')} ${rest}`;
}

const startPerft = (variant: string, depth: number, options?: ReferenceOptions): number =>
  referencePerft(variant, referenceStart(variant, options), depth, options);

describe('docs/rules.md §5 reference perft numbers (start positions)', () => {
  const table: Array<[string, ReferenceOptions | undefined, number[]]> = [
    ['husun', undefined, [20, 400, 8300]],
    ['tamerlane', undefined, [24, 576, 14518]],
    ['tamerlane', { array: 'masculine' }, [24, 576, 14518]],
    ['tamerlane', { array: 'feminine' }, [24, 576, 14494]],
    ['tamerlane-full', undefined, [19, 361, 7537]],
    ['persian-omega', undefined, [26, 676, 19314]],
  ];
  for (const [variant, options, counts] of table) {
    it(`${variant} ${JSON.stringify(options ?? {})}`, () => {
      counts.forEach((n, i) => expect(startPerft(variant, i + 1, options)).toBe(n));
    });
  }
});

describe('docs/rules.md §4 Persian acceptance numbers', () => {
  const table: Array<[string, ReferenceOptions | undefined, number[]]> = [
    ['persian-princess', undefined, [25, 625, 17842, 507907]],
    ['persian-eye', undefined, [25, 625, 17792, 505059]],
    ['persian-celtic', undefined, [24, 576, 15976, 440880]],
    ['persian-omega', { rules: { 'omega-rendezvous': 'off' } }, [25, 625, 17396, 483493]],
  ];
  for (const [variant, options, counts] of table) {
    it(`${variant} ${JSON.stringify(options ?? {})} to depth 3`, () => {
      counts.slice(0, 3).forEach((n, i) => expect(startPerft(variant, i + 1, options)).toBe(n));
    });
    it.runIf(DEEP)(`${variant} ${JSON.stringify(options ?? {})} depth 4`, () => {
      expect(startPerft(variant, 4, options)).toBe(counts[3]);
    });
  }
});

describe('docs/rules.md §5b baselines', () => {
  it('chess start to depth 3', () => {
    expect([1, 2, 3].map((d) => startPerft('chess', d))).toEqual([20, 400, 8902]);
  });
  it('Kiwipete to depth 2', () => {
    const kiwi = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
    expect(referencePerft('chess', kiwi, 1)).toBe(48);
    expect(referencePerft('chess', kiwi, 2)).toBe(2039);
  });
  it('chess position 3 (en passant, pins) to depth 3', () => {
    expect(referencePerft('chess', '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 3)).toBe(2812);
  });
  it('chess position 4 (promotions, castling) to depth 2', () => {
    const p4 = 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1';
    expect(referencePerft('chess', p4, 2)).toBe(264);
  });
  it('shatranj start (Fairy-Stockfish) to depth 3', () => {
    expect(referenceStart('shatranj')).toBe(
      'rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1',
    );
    expect([1, 2, 3].map((d) => startPerft('shatranj', d))).toEqual([16, 256, 4176]);
  });
  it('shatranj start depth 4', () => {
    expect(startPerft('shatranj', 4)).toBe(68122);
  });
  it('shatranj bare-king rule as Fairy-Stockfish (values taken from ffish 0.7.10)', () => {
    // Black bare, White K + 1: Black may still try to bare White.
    expect(referenceLegalMoves('shatranj', '3k4/8/8/8/8/8/3P4/3K4 b - - 0 1')).toEqual([
      'd8c7',
      'd8c8',
      'd8d7',
      'd8e7',
      'd8e8',
    ]);
    // Black bare, White K + 2: lost at once.
    expect(referenceLegalMoves('shatranj', '3k4/8/8/8/8/8/3PP3/3K4 b - - 0 1')).toEqual([]);
    expect(referenceIsGameOver('shatranj', '3k4/8/8/8/8/8/3PP3/3K4 b - - 0 1')).toBe(true);
    // Black bare after his move, White to move with K + 1: the game has ended.
    expect(referenceLegalMoves('shatranj', '3k4/8/8/8/8/8/3P4/3K4 w - - 0 1')).toEqual([]);
    // Both bare: play goes on.
    expect(referenceLegalMoves('shatranj', '3k4/8/8/8/8/8/8/3K4 w - - 0 1')).toHaveLength(5);
    expect(referenceLegalMoves('shatranj', '3k4/8/8/8/8/8/3p4/3K4 w - - 0 1')).toEqual([
      'd1c2',
      'd1d2',
      'd1e2',
    ]);
  });
  it('shatranj promotion to fers without a letter', () => {
    const after = referencePlay('shatranj', '3k3r/P7/8/8/8/8/8/3K4 w - - 0 1', 'a7a8');
    expect(after.split(' ')[0]).toBe('Q2k3r/8/8/8/8/8/8/3K4');
  });
});

describe('start positions and FEN round trip', () => {
  const variants: Array<[string, ReferenceOptions | undefined]> = [
    ['husun', undefined],
    ['tamerlane', undefined],
    ['tamerlane', { array: 'feminine' }],
    ['tamerlane-full', undefined],
    ['persian-celtic', undefined],
    ['persian-princess', undefined],
    ['persian-eye', undefined],
    ['persian-omega', undefined],
    ['chess', undefined],
    ['shatranj', undefined],
  ];
  it('husun start is the docs/rules.md text', () => {
    expect(referenceStart('husun')).toBe(
      '1**********1/*rnedkfdenr*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*RNEDKFDENR*/1**********1 w - - 0 1',
    );
  });
  it('tamerlane masculine start', () => {
    expect(referenceStart('tamerlane')).toBe(
      '*e1c1d1d1c1e*/1rntgwkfgtnr*/*p[r]p[n]p[t]p[g]p[w]p[h]p[f]p[e]p[c]p[d]p[p]*/*11*/*11*/*11*/*11*/' +
        '*P[P]P[D]P[C]P[E]P[F]P[H]P[W]P[G]P[T]P[N]P[R]*/*RNTGFKWGTNR1/*E1C1D1D1C1E* w Ss - 0 1',
    );
  });
  it('persian-celtic start', () => {
    expect(referenceStart('persian-celtic')).toBe(
      'f*********f/*rnbqkbsnr*/*ppppppppp*/*9*/*9*/*9*/*9*/*9*/*PPPPPPPPP*/*RNBQKBSNR*/F*********F w KQkq - 0 1',
    );
  });
  for (const [variant, options] of variants) {
    it(`${variant} ${JSON.stringify(options ?? {})}: every position two plies deep round-trips`, () => {
      const start = referenceStart(variant, options);
      expect(referenceNormalize(variant, start, options)).toBe(start);
      for (const m1 of referenceLegalMoves(variant, start, options).slice(0, 8)) {
        const p1 = referencePlay(variant, start, m1, options);
        for (const m2 of referenceLegalMoves(variant, p1, options).slice(0, 4)) {
          const p2 = referencePlay(variant, p1, m2, options);
          expect(referenceNormalize(variant, p2, options)).toBe(p2);
        }
      }
    });
  }
  it('missing fields take their defaults', () => {
    const short = referenceStart('tamerlane').split(' ').slice(0, 2).join(' ');
    expect(referenceLegalMoves('tamerlane', short)).toEqual(
      referenceLegalMoves('tamerlane', referenceStart('tamerlane')),
    );
    const e2e4 = referencePlay('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w', 'e2e4');
    expect(e2e4).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
  });
});

describe('Shatranj al-Husun', () => {
  it('a king entering an enemy citadel draws; its own citadel does not', () => {
    const pos = fen('husun', { b11: 'K', b2: 'k' }, 'w - - 0 1');
    expect(referenceLegalMoves('husun', pos)).toContain('b11a12');
    const drawn = referencePlay('husun', pos, 'b11a12');
    expect(referenceIsGameOver('husun', drawn)).toBe(true);
    expect(referenceLegalMoves('husun', drawn)).toEqual([]);
    // Black entering a1 (White's side) draws too; White entering a1 does not
    expect(
      referenceIsGameOver(
        'husun',
        referencePlay('husun', fen('husun', { k11: 'K', b2: 'k' }, 'b - - 0 1'), 'b2a1'),
      ),
    ).toBe(true);
    const own = fen('husun', { b2: 'K', k11: 'k' }, 'w - - 0 1');
    const inOwn = referencePlay('husun', own, 'b2a1');
    expect(referenceLegalMoves('husun', inOwn).length).toBeGreaterThan(0);
  });
  it('citadels are reached only diagonally; pawns promote to General', () => {
    const pos = fen('husun', { c3: 'D', k11: 'k', f4: 'K', e10: 'P' }, 'w - - 0 1');
    const moves = referenceLegalMoves('husun', pos);
    expect(moves).toContain('c3a1'); // war machine slides b2 -> a1
    expect(moves).toContain('e10e11');
    expect(referencePlay('husun', pos, 'e10e11').split('/')[1]).toBe('*3F5k*');
  });
});

describe('Tamerlane', () => {
  it('only royals stand on citadels; own King may not enter its own citadel; entering the enemy citadel draws', () => {
    const pos = fen('tamerlane', { b8: 'K', l2: 'A', k10: 'k', c4: 'R' }, 'w - - 0 1');
    const moves = referenceLegalMoves('tamerlane', pos);
    expect(moves).toContain('b8a9');
    expect(moves).toContain('l2m2'); // Adventitious King may enter its own citadel
    const own = fen('tamerlane', { l2: 'K', b9: 'k', l6: 'R' }, 'w - - 0 1');
    expect(referenceLegalMoves('tamerlane', own)).not.toContain('l2m2');
    // rook on b2 slides along rank 2 but never stops on m2
    const rook = fen('tamerlane', { b2: 'R', g5: 'K', g9: 'k' }, 'w - - 0 1');
    expect(referenceLegalMoves('tamerlane', rook)).toContain('b2l2');
    expect(referenceLegalMoves('tamerlane', rook)).not.toContain('b2m2');
    const drawn = referencePlay('tamerlane', pos, 'b8a9');
    expect(referenceIsGameOver('tamerlane', drawn)).toBe(true);
    expect(referenceLegalMoves('tamerlane', drawn)).toEqual([]);
  });
  it('an Adventitious King on its own citadel may be captured there by an enemy royal', () => {
    const pos = fen('tamerlane', { m2: 'A', g5: 'K', l3: 'k' }, 'b - - 0 1');
    expect(referenceLegalMoves('tamerlane', pos)).toContain('l3m2');
    expect(referenceIsGameOver('tamerlane', referencePlay('tamerlane', pos, 'l3m2'))).toBe(true);
  });
  it('with King and Prince on the board neither is in check; the lone King is', () => {
    const both = fen('tamerlane', { g2: 'K', c5: 'H', g10: 'r', l10: 'k' }, 'w Ss - 0 1');
    const moves = referenceLegalMoves('tamerlane', both);
    expect(moves).toContain('g2g3'); // stays on the attacked file
    expect(moves).not.toContain('g2c5'); // King not in check: no swap while other moves exist
    const alone = fen('tamerlane', { g2: 'K', c5: 'N', g10: 'r', l10: 'k' }, 'w Ss - 0 1');
    const moves2 = referenceLegalMoves('tamerlane', alone);
    expect(moves2).not.toContain('g2g3');
    expect(moves2).toContain('g2c5'); // in check: the King may swap
    const after = referencePlay('tamerlane', alone, 'g2c5');
    expect(after.split(' ')[0]).toBe(
      fen('tamerlane', { c5: 'K', g2: 'N', g10: 'r', l10: 'k' }, '').trim(),
    );
    expect(after.split(' ')[2]).toBe('s');
  });
  it('the King swaps when there is no other legal move (and only then), never with a waiting pawn', () => {
    const stuck = fen(
      'tamerlane',
      { b1: 'K', b2: 'P[R]', b3: 'p[n]', c10: 'r', h10: 'k' },
      'w Ss - 0 1',
    );
    expect(referenceLegalMoves('tamerlane', stuck)).toEqual(['b1b2']);
    const after = referencePlay('tamerlane', stuck, 'b1b2');
    expect(after.split(' ')[0]).toBe(
      fen('tamerlane', { b1: 'P[R]', b2: 'K', b3: 'p[n]', c10: 'r', h10: 'k' }, '').trim(),
    );
    const noRight = fen(
      'tamerlane',
      { b1: 'K', b2: 'P[R]', b3: 'p[n]', c10: 'r', h10: 'k' },
      'w s - 0 1',
    );
    expect(referenceLegalMoves('tamerlane', noRight)).toEqual([]); // stalemated (loses)
  });
  it('promotion follows the tag; a Prince may be made while the King is attacked', () => {
    const pos = fen(
      'tamerlane',
      { g2: 'K', g10: 'r', b9: 'P[H]', c9: 'P[G]', l10: 'k' },
      'w - - 0 1',
    );
    const moves = referenceLegalMoves('tamerlane', pos);
    expect(moves).toContain('b9b10');
    expect(moves).not.toContain('c9c10'); // does not answer the check
    expect(referencePlay('tamerlane', pos, 'b9b10').split('/')[0]).toBe('*H4r4k*');
  });
  it('pawn of pawns: first arrival waits, cannot be captured and blocks', () => {
    const pos = fen('tamerlane', { e9: 'P[P]', g2: 'K', l10: 'k' }, 'w - - 0 1');
    expect(referencePlay('tamerlane', pos, 'e9e10').split('/')[0]).toBe('*3P[P=]6k*');
    const waiting = fen('tamerlane', { e10: 'P[P=]', b10: 'r', g2: 'K', l1: 'k' }, 'b - - 0 1');
    const moves = referenceLegalMoves('tamerlane', waiting);
    expect(moves).toContain('b10d10');
    expect(moves).not.toContain('b10e10');
    expect(moves).not.toContain('b10f10');
  });
  it('pawn of pawns: relocation attacks two pieces, or one piece that cannot move', () => {
    const two = fen(
      'tamerlane',
      { b10: 'P[P=]', d6: 'n', f6: 'n', g2: 'K', l10: 'k' },
      'w - - 0 1',
    );
    expect(referenceLegalMoves('tamerlane', two).filter((m) => m.startsWith('b10'))).toEqual([
      'b10e5',
    ]);
    expect(referencePlay('tamerlane', two, 'b10e5').split('/')[5]).toBe('*3P[P2]7*');
    // black elephant on d6 boxed in by its own viziers: c5 and e5 attack it and it cannot move
    const boxed = fen(
      'tamerlane',
      { b10: 'P[P=]', d6: 'e', b4: 'w', f4: 'w', b8: 'w', f8: 'w', g2: 'K', l10: 'k' },
      'w - - 0 1',
    );
    expect(referenceLegalMoves('tamerlane', boxed).filter((m) => m.startsWith('b10'))).toEqual([
      'b10c5',
      'b10e5',
    ]);
    // option: the target may be occupied (never by a king)
    const occupied = fen(
      'tamerlane',
      { b10: 'P[P=]', d6: 'n', f6: 'n', e5: 'N', g2: 'K', l10: 'k' },
      'w - - 0 1',
    );
    expect(referenceLegalMoves('tamerlane', occupied)).not.toContain('b10e5');
    const opt = { rules: { 'pawn-of-pawns-occupied': 'on' } };
    expect(referenceLegalMoves('tamerlane', occupied, opt)).toContain('b10e5');
  });
  it('pawn of pawns: second arrival goes to the pawn of kings cell; third becomes the Adventitious King', () => {
    const base = { h9: 'P[P2]', b6: 'K', l10: 'k' };
    const empty = referencePlay('tamerlane', fen('tamerlane', base, 'w - - 0 1'), 'h9h10');
    expect(empty.split('/')[7]).toBe('*5P[P3]5*');
    const enemy = referencePlay(
      'tamerlane',
      fen('tamerlane', { ...base, g3: 'n' }, 'w - - 0 1'),
      'h9h10',
    );
    expect(enemy.split('/')[7]).toBe('*5P[P3]5*');
    const royal = referencePlay(
      'tamerlane',
      fen('tamerlane', { h9: 'P[P2]', g3: 'K', l10: 'k' }, 'w - - 0 1'),
      'h9h10',
    );
    expect(royal.split('/')[7]).toBe('*4P[P3]K5*'); // nearest empty, ties towards file a
    const fem = referencePlay('tamerlane', fen('tamerlane', base, 'w - - 0 1'), 'h9h10', {
      array: 'feminine',
    });
    expect(fem.split('/')[8]).toBe('*5P[P3]6'); // m2 is an (empty) citadel // feminine: g2
    const third = referencePlay(
      'tamerlane',
      fen('tamerlane', { h9: 'P[P3]', b6: 'K', l10: 'k' }, 'w - - 0 1'),
      'h9h10',
    );
    expect(third.split('/')[0]).toBe('*6A3k*');
  });
  it('citadel-claim-or-swap', () => {
    const pos = fen('tamerlane', { b8: 'K', e4: 'H', h4: 'A', l10: 'k' }, 'w - - 0 1');
    expect(referenceLegalMoves('tamerlane', pos).filter((m) => m.startsWith('b8a9'))).toEqual([
      'b8a9',
    ]);
    const opt = { rules: { 'citadel-claim-or-swap': 'on' } };
    expect(referenceLegalMoves('tamerlane', pos, opt).filter((m) => m.startsWith('b8a9'))).toEqual([
      'b8a9',
      'b8a9a',
      'b8a9h',
    ]);
    const swapped = referencePlay('tamerlane', pos, 'b8a9h', opt);
    expect(referenceIsGameOver('tamerlane', swapped, opt)).toBe(false);
    expect(swapped.split('/')[1]).toBe('H11*');
    expect(referenceLegalMoves('tamerlane', swapped, opt).length).toBeGreaterThan(0);
  });
  it('full Tamerlane leapers and the crocodile', () => {
    const pos = fen('tamerlane', { f5: 'X', f6: 'p[p]', b1: 'K', l10: 'k', e5: 'L' }, 'w - - 0 1');
    const moves = referenceLegalMoves('tamerlane-full', pos);
    expect(moves).not.toContain('f5f6'); // never at distance 1
    expect(moves).toContain('f5f3');
    expect(moves).not.toContain('f5d5'); // first cell e5 occupied
    expect(moves).toContain('e5h5'); // lion (3,0)
    expect(moves).toContain('e5e8');
  });
  it('giraffe and picket', () => {
    const pos = fen('tamerlane', { e5: 'G', h8: 'T', b1: 'K', l10: 'k' }, 'w - - 0 1');
    const giraffe = referenceLegalMoves('tamerlane', pos).filter((m) => m.startsWith('e5'));
    // from f6: up f9, f10 (f7, f8 passed); right i6..l6; and the same through d6, d4, f4
    expect(giraffe).toContain('e5f9');
    expect(giraffe).not.toContain('e5f8');
    expect(giraffe).toContain('e5i6');
    expect(giraffe).not.toContain('e5h6');
    const picket = referenceLegalMoves('tamerlane', pos).filter((m) => m.startsWith('h8'));
    expect(picket).not.toContain('h8g7');
    expect(picket).toContain('h8f6');
    expect(picket).toContain('h8j10');
  });
});

describe('Persian Chess', () => {
  it('castling princess side f2->i2 and queen side f2->d2', () => {
    const pos = fen('persian', { b2: 'R', f2: 'K', j2: 'R', f10: 'k' }, 'w KQ - 0 1');
    const moves = referenceLegalMoves('persian-celtic', pos);
    expect(moves).toContain('f2i2');
    expect(moves).toContain('f2d2');
    const k = referencePlay('persian-celtic', pos, 'f2i2');
    expect(k.split('/')[9]).toBe('*R5RK1*');
    expect(k.split(' ')[2]).toBe('-');
    const q = referencePlay('persian-celtic', pos, 'f2d2');
    expect(q.split('/')[9]).toBe('*2KR4R*');
    // a cell the king passes is attacked: no castling
    const attacked = fen('persian', { b2: 'R', f2: 'K', j2: 'R', f10: 'k', g9: 'r' }, 'w KQ - 0 1');
    expect(referenceLegalMoves('persian-celtic', attacked)).not.toContain('f2i2');
    expect(referenceLegalMoves('persian-celtic', attacked)).toContain('f2d2');
  });
  it('rendezvous', () => {
    const start = referenceStart('persian-princess');
    expect(referenceLegalMoves('persian-princess', start)).toContain('g2h2');
    const after = referencePlay('persian-princess', start, 'g2h2');
    expect(after.split('/')[9]).toBe('*RNBQKBSNR*');
    expect(after.split(' ')[2]).toBe('KQkqv');
    expect(referenceLegalMoves('persian-celtic', referenceStart('persian-celtic'))).not.toContain(
      'g2h2',
    );
    const omegaOff = { rules: { 'omega-rendezvous': 'off' } };
    expect(
      referenceLegalMoves('persian-omega', referenceStart('persian-omega', omegaOff), omegaOff),
    ).not.toContain('g2h2');
  });
  it('persian-princess centre f6: only pawns and the Princess stop there', () => {
    const pos = fen('persian', { e4: 'N', f3: 'R', d4: 'S', b2: 'K', j10: 'k' }, 'w - - 0 1');
    const moves = referenceLegalMoves('persian-princess', pos);
    expect(moves).not.toContain('e4f6');
    expect(moves).not.toContain('f3f6');
    expect(moves).toContain('f3f7'); // rook passes through
    expect(moves).toContain('d4f6');
  });
  it('persian-eye: nobody stops on f6, kings avoid the long diagonals', () => {
    const pos = fen('persian', { e4: 'K', f5: 'P', d6: 'B', j10: 'k' }, 'w - - 0 1');
    const moves = referenceLegalMoves('persian-eye', pos);
    expect(moves).not.toContain('e4d4');
    expect(moves).not.toContain('e4e5');
    expect(moves).toContain('e4f4');
    expect(moves).not.toContain('f5f6');
    expect(moves).toContain('d6e7');
  });
  it('double step and en passant', () => {
    const pos = fen('persian', { e7: 'P', d9: 'p', b2: 'K', j10: 'k' }, 'b - - 0 1');
    const after = referencePlay('persian-celtic', pos, 'd9d7');
    expect(after.split(' ')[3]).toBe('d8');
    expect(referenceLegalMoves('persian-celtic', after)).toContain('e7d8');
    const captured = referencePlay('persian-celtic', after, 'e7d8');
    expect(captured.split('/')[3]).toBe('*2P6*');
    expect(captured.split('/')[4]).toBe('*9*');
  });
  it('promotion to Q, R, B, N on rank 10', () => {
    const pos = fen('persian', { c9: 'P', b2: 'K', j2: 'k' }, 'w - - 0 1');
    expect(referenceLegalMoves('persian-celtic', pos).filter((m) => m.startsWith('c9'))).toEqual([
      'c9c10b',
      'c9c10n',
      'c9c10q',
      'c9c10r',
    ]);
  });
  it('a king entering an enemy citadel draws', () => {
    const pos = fen('persian', { b10: 'K', f2: 'k' }, 'w - - 0 1');
    const drawn = referencePlay('persian-celtic', pos, 'b10a11');
    expect(referenceLegalMoves('persian-celtic', drawn)).toEqual([]);
  });
  it('divide sums to perft', () => {
    const d = referenceDivide('persian-omega', referenceStart('persian-omega'), 2);
    expect(d.get('g2h2')).toBe(26);
    expect([...d.values()].reduce((a, b) => a + b, 0)).toBe(676);
  });
});

describe('special-rule positions (numbers computed by this reference, not from docs/rules.md)', () => {
  // For cross-checking the core; depth 3 values (slow here) are in the comments.
  const cases: Array<[string, string, ReferenceOptions | undefined, number[]]> = [
    // King swap as the only legal move (perft 3 = 30)
    [
      'tamerlane',
      '*1r4k4*/12*/*11*/*11*/*11*/*11*/*11*/*p[n]10*/*P[R]11/*K10* w Ss - 0 1',
      undefined,
      [1, 19],
    ],
    // King in check: swaps allowed (perft 3 = 1869)
    [
      'tamerlane',
      '*5r4k*/12*/*11*/*11*/*11*/*1N9*/*3P[P]7*/*11*/*5K6/*11* w Ss - 0 1',
      undefined,
      [8, 166],
    ],
    // King and Prince: no check (perft 3 = 6436)
    [
      'tamerlane',
      '*5r4k*/7h4*/*11*/*11*/*11*/*1H9*/*11*/*11*/*5K6/*11* w Ss - 0 1',
      undefined,
      [16, 438],
    ],
    // Pawn-of-pawns relocation, both sides waiting (perft 3 = 3760; with the option 3767)
    [
      'tamerlane',
      '*P[P=]9k*/12*/*w3w6*/*11*/*2e8*/*11*/*w3w6*/*3N7*/*5K6/*9p[p=]1* w Ss - 0 1',
      undefined,
      [16, 272],
    ],
    [
      'tamerlane',
      '*P[P=]9k*/12*/*w3w6*/*11*/*2e8*/*11*/*w3w6*/*3N7*/*5K6/*9p[p=]1* w Ss - 0 1',
      { rules: { 'pawn-of-pawns-occupied': 'on' } },
      [16, 273],
    ],
    // Pawn-of-pawns arrivals and Prince promotion (perft 3 = 695)
    [
      'tamerlane',
      '*10k*/2P[P3]1P[P]2P[P2]4*/*11*/*11*/*11*/*11*/*11*/*5K5*/*2p[p2]1p[h]3p[p3]3/*11* w Ss - 0 1',
      undefined,
      [11, 65],
    ],
    // Citadels: enemy A on White's citadel, King next to Black's citadel (perft 3 = 6997 / 8076)
    [
      'tamerlane',
      '*11*/12*/*K10*/*11*/*11*/*11*/*3H2A4*/*10k*/*1h9a/*11* w Ss - 0 1',
      undefined,
      [22, 315],
    ],
    [
      'tamerlane',
      '*11*/12*/*K10*/*11*/*11*/*11*/*3H2A4*/*10k*/*1h9a/*11* w Ss - 0 1',
      { rules: { 'citadel-claim-or-swap': 'on' } },
      [24, 345],
    ],
    // Persian castling both ways, both sides
    [
      'persian-celtic',
      'f*********f/*r3k3r*/*ppppppppp*/*9*/*9*/*9*/*9*/*9*/*PPPPPPPPP*/*R3K3R*/F*********F w KQkq - 0 1',
      undefined,
      [30, 900, 26490],
    ],
  ];
  for (const [variant, position, options, counts] of cases) {
    it(`${variant} ${position} ${JSON.stringify(options ?? {})}`, () => {
      expect(referenceNormalize(variant, position, options)).toBe(position);
      counts.forEach((n, i) => expect(referencePerft(variant, position, i + 1, options)).toBe(n));
    });
  }
});
