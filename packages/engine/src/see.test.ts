/**
 * Static exchange evaluation on simple exchanges, including a fairy leaper and an x-ray, and the
 * bound quiescence relies on to skip it: a capture of a piece worth at least its (non-royal)
 * capturer never loses.
 */
import { sampleSize } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import { Position, VARIANT_IDS, moveFrom, moveTo, mulberry32 } from '@citadel/core';
import { evalTables } from './eval-tables.ts';
import { see, seeAtLeast } from './see.ts';
import { fenFrom } from '@citadel/core/testing';

function seeOf(variant: string, fen: string, move: string): number {
  const pos = Position.fromFen(variant, fen).value!;
  const code = pos.resolve(move).value!;
  const t = evalTables(pos.rs);
  return see(pos.fastPosition(), code, t.valueMg, t.kingLike);
}

describe('see', () => {
  it('a pawn taking an undefended knight wins the knight', () => {
    const v = seeOf('chess', '4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1', 'e4d5');
    expect(v).toBeGreaterThan(250);
  });

  it('a queen taking a pawn defended by a pawn loses material', () => {
    const v = seeOf('chess', '4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1', 'd2d5');
    expect(v).toBeLessThan(-500);
  });

  it('counts x-ray recaptures: rook behind rook', () => {
    // White rooks d1, d2 against a knight on d5 defended by a black rook on d8: R x N, R x R, R x R.
    const v = seeOf('chess', '3rk3/8/8/3n4/8/8/3R4/3RK3 w - - 0 1', 'd2d5');
    expect(v).toBeGreaterThan(250);
  });

  it('works with fairy leapers: a Tamerlane camel recaptures', () => {
    // White rook takes a pawn on e6 that a black camel on f9 defends ((1,3) leap): bad for White.
    const fen = fenFrom('tamerlane', { g2: 'K', e2: 'R', e6: 'p[r]', f9: 'c', b9: 'k' }, 'w', '-');
    expect(seeOf('tamerlane', fen, 'e2e6')).toBeLessThan(-300);
    const undefended = fenFrom('tamerlane', { g2: 'K', e2: 'R', e6: 'p[r]', b9: 'k' }, 'w', '-');
    expect(seeOf('tamerlane', undefended, 'e2e6')).toBeGreaterThan(50);
  });

  it('never scores below zero a capture of a piece worth at least its non-royal capturer', () => {
    const games = sampleSize(2, 3);
    let checked = 0;
    for (const variant of ['husun10', 'tamerlane11', 'tamerlane', 'husun', 'persian-princess']) {
      const random = mulberry32(variant.length * 7919);
      for (let game = 0; game < games; game++) {
        const pos = Position.start(variant).value!;
        const t = evalTables(pos.rs);
        for (let ply = 0; ply < 160; ply++) {
          const legal = pos.legalMoves();
          if (legal.length === 0 || pos.outcome()) break;
          const board = pos.fastPosition().board;
          for (const m of legal) {
            if (!m.capture || m.kind !== 'normal') continue;
            const capturer = board[moveFrom(m.code)]!;
            const victim = board[moveTo(m.code)]!;
            if (t.kingLike[capturer] || t.valueMg[victim]! < t.valueMg[capturer]!) continue;
            expect(
              see(pos.fastPosition(), m.code, t.valueMg, t.kingLike),
              m.text,
            ).toBeGreaterThanOrEqual(0);
            checked++;
          }
          // Prefer captures, so that the playout reaches crowded exchanges.
          const captures = legal.filter((m) => m.capture);
          const pool = captures.length > 0 && random() < 0.5 ? captures : legal;
          pos.play(pool[Math.floor(random() * pool.length)]!.text);
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('seeAtLeast answers as the full balance does, for every threshold, in every variant', () => {
    const thresholds = [-300, -1, 0, 1, 100, 300];
    const plies = sampleSize(60, 140);
    let exchanges = 0;
    for (const variant of VARIANT_IDS) {
      const random = mulberry32(variant.length * 104729);
      const pos = Position.start(variant).value!;
      const t = evalTables(pos.rs);
      for (let ply = 0; ply < plies; ply++) {
        const legal = pos.legalMoves();
        if (legal.length === 0 || pos.outcome()) break;
        const fast = pos.fastPosition();
        const before = fast.board.slice();
        for (const m of legal) {
          const balance = see(fast, m.code, t.valueMg, t.kingLike);
          if (balance !== 0) exchanges++;
          for (const threshold of thresholds) {
            const answer = seeAtLeast(fast, m.code, threshold, t.valueMg, t.kingLike);
            expect(answer, `${variant} ${m.text} ${threshold} (balance ${balance})`).toBe(
              balance >= threshold,
            );
          }
        }
        expect(fast.board).toEqual(before);
        const captures = legal.filter((m) => m.capture);
        const pool = captures.length > 0 && random() < 0.5 ? captures : legal;
        pos.play(pool[Math.floor(random() * pool.length)]!.text);
      }
    }
    expect(exchanges).toBeGreaterThan(2000);
  });
});
