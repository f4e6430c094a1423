/**
 * Cross-check against Fairy-Stockfish (ffish) on the games it can play: FIDE chess, shatranj
 * and the rectangular stand-ins. Seeded random games; at every ply the sets of legal moves must
 * be equal, and a game our core ends must be ended (no moves) for Fairy-Stockfish too.
 */
import { sampleSize } from '@citadel/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { Position, mulberry32 as rng } from '../../src/index.ts';
import { loadFfish, withBoard } from './ffish-loader.ts';

beforeAll(async () => {
  await loadFfish();
});

const GAMES = sampleSize(3, 12);
const PLIES = 90;

for (const variant of ['chess', 'shatranj', 'husun10', 'tamerlane11']) {
  describe(`${variant} against Fairy-Stockfish`, () => {
    it(`agrees on the legal moves of every position in ${GAMES} random games`, () => {
      let positions = 0;
      for (let g = 0; g < GAMES; g++) {
        const random = rng(1000 * g + variant.length);
        const pos = Position.start(variant).value!;
        withBoard(variant, pos.fen(), (board) => {
          for (let ply = 0; ply < PLIES; ply++) {
            const ours = pos.legalMoves().map((m) => m.text);
            // Fairy-Stockfish names the piece of a forced promotion (a7a8q); we do not: compare without it.
            const theirs = board.legalMoves() === '' ? [] : board.legalMoves().split(' ');
            const normal = (m: string): string =>
              ours.includes(m) ? m : m.replace(/^([a-z]\d+[a-z]\d+)[a-z]$/, '$1');
            const context = `${variant} game ${g} ply ${ply}: ${pos.fen()}`;
            expect(theirs.map(normal).sort(), context).toEqual([...ours].sort());
            positions++;
            if (ours.length === 0) break;
            const pick = ours[Math.floor(random() * ours.length)]!;
            const fsfMove = theirs.find((m) => normal(m) === pick)!;
            pos.play(pick);
            board.push(fsfMove);
          }
        });
      }
      expect(positions).toBeGreaterThan(GAMES * 20);
    });
  });
}
