/**
 * The check-evasion shortcut (check-evasions.ts) rejects evasions without a board test; it must
 * never reject a legal one. In random games that seek checks, every position in check has its
 * ordinary pseudo-legal moves tried on the board: exactly those that leave no royal attacked
 * are among the generated legal moves.
 */
import { sampleSize } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import {
  DOUBLE_STEP,
  EN_PASSANT,
  FastPosition,
  NORMAL,
  PAWN_OF_PAWNS_RETURN,
  PROMOTE,
  STAND_INS,
  VARIANT_IDS,
  compileRuleset,
  generateLegal,
  generatePseudo,
  inCheck,
  isAttacked,
  mulberry32,
  moveFlag,
  royalSquare,
  startSetup,
} from '../src/index.ts';

const ORDINARY = new Set([NORMAL, DOUBLE_STEP, PROMOTE, EN_PASSANT, PAWN_OF_PAWNS_RETURN]);
const GAMES = sampleSize(6, 12);
const PLIES = 120;

describe('check evasions', () => {
  for (const variant of [...VARIANT_IDS, ...Object.keys(STAND_INS)]) {
    it(`${variant}: every ordinary move that ends the check is generated`, () => {
      const rs = compileRuleset(variant);
      if (!rs.ok) throw new Error(rs.error);
      const pos = new FastPosition(rs.value);
      const random = mulberry32(7);
      let checkedPositions = 0;
      for (let game = 0; game < GAMES; game++) {
        pos.load(startSetup(rs.value));
        for (let ply = 0; ply < PLIES; ply++) {
          const end = generateLegal(pos, 0);
          if (end === 0) break;
          const legal = new Set(pos.moves.subarray(0, end));
          if (inCheck(pos)) {
            checkedPositions++;
            const us = pos.side;
            const pseudoEnd = generatePseudo(pos, end);
            for (const m of Array.from(pos.moves.subarray(end, pseudoEnd))) {
              if (!ORDINARY.has(moveFlag(m))) continue;
              pos.make(m);
              const royal = royalSquare(pos, us);
              const safe = royal < 0 || !isAttacked(pos, royal, us ^ 1);
              pos.unmake(m);
              expect(legal.has(m)).toBe(safe);
            }
          }
          // Seek checks: play a checking move when there is one, half the time.
          const moves = Array.from(pos.moves.subarray(0, end));
          const checks = moves.filter((m) => {
            pos.make(m);
            const check = inCheck(pos);
            pos.unmake(m);
            return check;
          });
          const pool = checks.length > 0 && random() < 0.5 ? checks : moves;
          pos.make(pool[Math.floor(random() * pool.length)]!);
        }
      }
      expect(checkedPositions).toBeGreaterThan(20);
    });
  }
});
