/** The evaluation is colour-blind, and its royal-danger term costs the attacked side. */
import { describe, expect, it } from 'vitest';
import { makeMoveText, mulberry32 } from '@citadel/core';
import { Engine } from './engine.ts';
import { DEFAULT_WEIGHTS } from './eval-weights.ts';

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

describe('evaluate', () => {
  // Rectangular variants without castling or en passant, so mirroring the FEN is the whole job.
  it.each(['shatranj', 'husun10', 'tamerlane11'])(
    '%s: a position and its colour mirror score the same for the side to move',
    (variant) => {
      const engine = new Engine();
      const random = mulberry32(7);
      for (let game = 0; game < 4; game++) {
        const start = Engine.setUp({ variant });
        if (!start.ok) throw new Error(start.error);
        const pos = start.value;
        for (let ply = 0; ply < 40 && pos.outcome() === null; ply++) {
          const moves = pos.legalCodes();
          const played = pos.play(
            makeMoveText(pos.rs, moves[Math.floor(random() * moves.length)]!),
          );
          if (!played.ok) throw new Error(played.error);
          const fen = pos.fen();
          const here = engine.evaluate({ variant, fen });
          const there = engine.evaluate({ variant, fen: mirrorFen(fen) });
          if (!here.ok || !there.ok) throw new Error(`${fen}: not evaluated`);
          expect(there.value, fen).toBe(here.value);
        }
      }
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
});
