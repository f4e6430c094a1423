/**
 * The evaluation is colour-blind, its royal-danger term costs the attacked side, and its
 * mop-up, rook-file and outpost terms reward what they name.
 */
import { sampleSize } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import { forEachRandomPosition } from '../test/random-positions.ts';
import { Engine } from './engine.ts';
import { DEFAULT_WEIGHTS, type EvalWeights } from './eval-weights.ts';

/** The same position with the colours exchanged: ranks reversed, letters' case swapped. */
function mirrorFen(fen: string): string {
  const [board, side, ...rest] = fen.split(' ');
  const swapCase = (ch: string): string =>
    ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase();
  const mirrored = board!
    .split('/')
    .reverse()
    .map((rank) => [...rank].map(swapCase).join(''));
  return [mirrored.join('/'), side === 'w' ? 'b' : 'w', ...rest].join(' ');
}

/** A term's share of the evaluation of `fen`: with the weights `on` less with `off`. */
function termShare(fen: string, on: EvalWeights, off: EvalWeights, variant = 'chess'): number {
  const a = new Engine({ weights: on }).evaluate({ variant, fen });
  const b = new Engine({ weights: off }).evaluate({ variant, fen });
  if (!a.ok || !b.ok) throw new Error(`${fen}: not evaluated`);
  return a.value - b.value;
}

describe('evaluate', () => {
  // Rectangular variants without castling or en passant, so mirroring the FEN is the whole job.
  it.each(['shatranj', 'husun10', 'tamerlane11'])(
    '%s: a position and its colour mirror score the same for the side to move',
    (variant) => {
      const engine = new Engine();
      forEachRandomPosition(variant, { seed: 7, games: sampleSize(1, 4), plies: 40 }, (pos) => {
        const fen = pos.fen();
        const here = engine.evaluate({ variant, fen });
        const there = engine.evaluate({ variant, fen: mirrorFen(fen) });
        if (!here.ok || !there.ok) throw new Error(`${fen}: not evaluated`);
        expect(there.value, fen).toBe(here.value);
      });
    },
  );

  it('royal danger: a king whose neighbours a queen and knight attack loses by it', () => {
    // White king g1; the black queen h3 and knight e3 attack f1, g2, h1 and h2 around it.
    const fen = 'r5k1/5ppp/8/8/8/4n2q/8/R5K1 w - - 0 1';
    const withDanger = new Engine({ weights: DEFAULT_WEIGHTS }).evaluate({ variant: 'chess', fen });
    const without = new Engine({ weights: { ...DEFAULT_WEIGHTS, royalDanger: 0 } }).evaluate({
      variant: 'chess',
      fen,
    });
    if (!withDanger.ok || !without.ok) throw new Error('not evaluated');
    expect(withDanger.value).toBeLessThan(without.value - 5);
    // Nothing attacks either king at the start: the term is silent.
    const start = { variant: 'chess' };
    expect(new Engine({ weights: DEFAULT_WEIGHTS }).evaluate(start)).toEqual(
      new Engine({ weights: { ...DEFAULT_WEIGHTS, royalDanger: 0 } }).evaluate(start),
    );
  });

  it('rooks: a file without own pawns earns its bonus, more when enemy pawns are gone too', () => {
    const noRookTerms = {
      ...DEFAULT_WEIGHTS,
      rookOpenFileMg: 0,
      rookOpenFileEg: 0,
      rookHalfOpenFileMg: 0,
      rookHalfOpenFileEg: 0,
    };
    const rookTerm = (fen: string, variant = 'chess'): number =>
      termShare(fen, DEFAULT_WEIGHTS, noRookTerms, variant);
    // White rook a1; the a-file has both pawns, only Black's, or none.
    const closed = rookTerm('6k1/ppp2ppp/8/8/8/8/PPP2PPP/R5K1 w - - 0 1');
    const halfOpen = rookTerm('6k1/ppp2ppp/8/8/8/8/1PP2PPP/R5K1 w - - 0 1');
    const open = rookTerm('6k1/1pp2ppp/8/8/8/8/1PP2PPP/R5K1 w - - 0 1');
    expect(closed).toBe(0);
    expect(halfOpen).toBeGreaterThan(0);
    expect(open).toBeGreaterThan(halfOpen);
    // From Black's side the same rook is a minus.
    expect(rookTerm('6k1/1pp2ppp/8/8/8/8/1PP2PPP/R5K1 b - - 0 1')).toBe(-open);
    // Persian Chess: a rook in the citadel a1 stands on no file of the main board; on b2 it does.
    const persian = (fen: string): number => rookTerm(fen, 'persian-celtic');
    expect(
      persian('1*********1/*4k4*/*9*/*9*/*9*/*9*/*9*/*9*/*9*/*4K4*/R*********1 w - - 0 1'),
    ).toBe(0);
    expect(
      persian('1*********1/*4k4*/*9*/*9*/*9*/*9*/*9*/*9*/*9*/*R3K4*/1*********1 w - - 0 1'),
    ).toBeGreaterThan(0);
  });

  it('outposts: a pawn-defended piece in the enemy half that no enemy pawn can attack earns a bonus', () => {
    // The term is off by default (on in husun10 and husun): switched on here.
    const withOutposts = { ...DEFAULT_WEIGHTS, outpostMg: 30, outpostEg: 20 };
    const noOutposts = { ...DEFAULT_WEIGHTS, outpostMg: 0, outpostEg: 0 };
    const outpostTerm = (fen: string): number => termShare(fen, withOutposts, noOutposts);
    // White knight e5, defended by d4; Black has no d- or f-pawn left to drive it away.
    const outpost = outpostTerm('r3k3/pp4pp/8/4N3/3P4/8/PP4PP/4K3 w - - 0 1');
    expect(outpost).toBeGreaterThan(0);
    expect(outpostTerm('r3k3/pp4pp/8/4N3/3P4/8/PP4PP/4K3 b - - 0 1')).toBe(-outpost);
    // An f7 pawn can still drive it away (by f6): no outpost; nor without the d4 pawn.
    expect(outpostTerm('r3k3/pp3ppp/8/4N3/3P4/8/PP4PP/4K3 w - - 0 1')).toBe(0);
    expect(outpostTerm('r3k3/pp4pp/8/4N3/8/8/PP4PP/4K3 w - - 0 1')).toBe(0);
    // Black's knight d4 (its enemy half), defended by e5, no white c- or e-pawn: the same for Black.
    expect(outpostTerm('4k3/pp4pp/8/4p3/3n4/8/PP4PP/R3K3 b - - 0 1')).toBeGreaterThan(0);
  });

  it('mop-up: ahead against a lone royal, the enemy royal in a corner and ours near it score more', () => {
    const evalWith = (fen: string, mopUp: boolean, variant = 'chess'): number => {
      const weights = mopUp ? DEFAULT_WEIGHTS : { ...DEFAULT_WEIGHTS, mopUpEdge: 0, mopUpClose: 0 };
      const r = new Engine({ weights }).evaluate({ variant, fen });
      if (!r.ok) throw new Error(r.error);
      return r.value;
    };
    // White king f6 and rook a1 against the black king: in the corner (h8) or in the centre (d4),
    // 2 steps from the white king either way.
    const corner = '7k/8/5K2/8/8/8/8/R7 w - - 0 1';
    const centre = '8/8/5K2/8/3k4/8/8/R7 w - - 0 1';
    const gain = (fen: string): number => evalWith(fen, true) - evalWith(fen, false);
    // h8 is a corner (centreness 0), d4 is 3 + 3 steps from the edges; the term is an endgame
    // one, so the rook's bit of middlegame phase scales it down a little (to 85-100%).
    const inEndgame = (diff: number, full: number): void => {
      expect(diff).toBeGreaterThanOrEqual(Math.floor(0.85 * full));
      expect(diff).toBeLessThanOrEqual(full);
    };
    inEndgame(gain(corner) - gain(centre), 6 * DEFAULT_WEIGHTS.mopUpEdge);
    // Our king 2 steps from theirs (f6) scores mopUpClose more than 3 steps away (e5).
    inEndgame(gain(corner) - gain('7k/8/8/4K3/8/8/8/R7 w - - 0 1'), DEFAULT_WEIGHTS.mopUpClose);
    expect(gain(corner)).toBeGreaterThan(0);
    // Not against an enemy with pawns, and not where citadels make the edge a refuge (tamerlane).
    const pawn = '7k/7p/5K2/8/8/8/8/R7 w - - 0 1';
    expect(evalWith(pawn, true)).toBe(evalWith(pawn, false));
    const lone = '*11*/12*/*11*/*11*/*4k6*/*11*/*11*/*11*/*4K7/*R10* w - - 0 1';
    expect(evalWith(lone, true, 'tamerlane')).toBe(evalWith(lone, false, 'tamerlane'));
  });

  it('trapped piece: a bishop in the enemy half with no safe move loses part of its value', () => {
    const evalWith = (fen: string, trappedPiece: number): number => {
      const r = new Engine({ weights: { ...DEFAULT_WEIGHTS, trappedPiece } }).evaluate({
        variant: 'chess',
        fen,
      });
      if (!r.ok) throw new Error(r.error);
      return r.value;
    };
    // The bishop took on a7: b6 (defended by c7) shuts it in and the rook on d8 watches b8.
    const trapped = '3rk3/B1p5/1p6/8/8/8/8/4K3 w - - 0 1';
    expect(evalWith(trapped, 40)).toBeLessThan(evalWith(trapped, 0) - 100);
    // Without the b6 pawn the bishop has the long diagonal: no penalty.
    const free = '3rk3/B1p5/8/8/8/8/8/4K3 w - - 0 1';
    expect(evalWith(free, 40)).toBe(evalWith(free, 0));
    // Shut in at home (a2 behind b3, defended by c4; only b1 is safe) is not the term's case.
    const home = '3rk3/8/8/8/2p5/1p6/B7/4K3 w - - 0 1';
    expect(evalWith(home, 40)).toBe(evalWith(home, 0));
  });
});
