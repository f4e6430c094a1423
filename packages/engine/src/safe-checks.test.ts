/** Safe checks: discovered checks and checks whose piece survives are safe; a hanging checker is not. */
import { sampleSize } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import { Position, VARIANT_IDS, inCheck } from '@citadel/core';
import { forEachRandomPosition } from '../test/random-positions.ts';
import { evalTables } from './eval-tables.ts';
import { givesSafeCheck, mayGiveCheck, playedCheckIsSafe } from './safe-checks.ts';

/** Both tests' verdicts on `move`: before it is made, and after (when it checks). */
function verdicts(fen: string, move: string): { before: boolean; after: boolean } {
  const pos = Position.fromFen('chess', fen).value!;
  const m = pos.resolve(move).value!;
  const fast = pos.fastPosition();
  const t = evalTables(pos.rs);
  const hash = fast.hashLo;
  const before = givesSafeCheck(fast, m, t);
  expect(fast.hashLo).toBe(hash);
  fast.make(m);
  const after = playedCheckIsSafe(fast, m, t);
  fast.unmake(m);
  expect(fast.hashLo).toBe(hash);
  return { before, after };
}

describe('safe checks', () => {
  it('a rook check from a cell nothing attacks is safe', () => {
    expect(verdicts('4k3/8/8/8/8/8/R7/3K4 w - - 0 1', 'a2a8')).toEqual({
      before: true,
      after: true,
    });
  });

  it('a rook check next to the king, undefended, is not safe', () => {
    // The king takes the rook on e7.
    expect(verdicts('4k3/8/8/8/8/8/3R4/3K4 w - - 0 1', 'd2d7')).toEqual({
      before: false,
      after: false,
    });
  });

  it('a discovered check is safe even when the moved piece hangs', () => {
    // The bishop leaves the e-file for b7, where the rook on b8 takes it; the rook on e1 checks.
    expect(verdicts('1r2k3/8/8/8/4B3/8/8/3KR3 w - - 0 1', 'e4b7')).toEqual({
      before: true,
      after: true,
    });
  });

  it('a move that gives no check is not a safe check', () => {
    expect(verdicts('4k3/8/8/8/8/8/R7/3K4 w - - 0 1', 'd1c1').before).toBe(false);
  });

  // The cheap filter may say "maybe" for a move that does not check, never "no" for one that does.
  it.each([...VARIANT_IDS, 'husun10', 'tamerlane11'])(
    '%s: mayGiveCheck is true for every legal move that gives check',
    (variant) => {
      let checks = 0;
      let ruledOut = 0;
      forEachRandomPosition(variant, { seed: 11, games: sampleSize(2, 6), plies: 80 }, (pos) => {
        const fast = pos.fastPosition();
        const t = evalTables(pos.rs);
        for (const m of pos.legalCodes()) {
          fast.make(m);
          const gives = inCheck(fast);
          fast.unmake(m);
          const may = mayGiveCheck(fast, m, t);
          if (gives) {
            checks++;
            expect(may, `${pos.fen()} ${m}`).toBe(true);
          } else if (!may) ruledOut++;
        }
      });
      expect(checks).toBeGreaterThan(0);
      // Where no giraffe (bent slides) and no Eye stand, the filter rules moves out.
      const pos = Position.start(variant).value!;
      if (!pos.rs.hasGiraffe && pos.rs.eyeAttacked === null) expect(ruledOut).toBeGreaterThan(0);
    },
  );
});
