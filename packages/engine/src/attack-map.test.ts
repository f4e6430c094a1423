/**
 * The evaluation's attack map agrees with the rules core: a cell is attacked by a side in the map
 * exactly when `isAttacked` says so, and its cheapest attacker is worth what the core's least
 * valuable attacker is (on boards without giraffes, which the map leaves out).
 */
import { sampleSize } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import { EMPTY, isAttacked, leastValuableAttacker } from '@citadel/core';
import { forEachRandomPosition } from '../test/random-positions.ts';
import { AttackMap, ROYAL_ATTACKER } from './attack-map.ts';
import { evalTables } from './eval-tables.ts';

describe('AttackMap', () => {
  it.each(['husun10', 'tamerlane11', 'shatranj', 'chess'])(
    '%s: attacked cells match isAttacked over random playouts',
    (variant) => {
      let map: AttackMap | undefined;
      forEachRandomPosition(variant, { seed: 11, games: sampleSize(1, 3), plies: 60 }, (pos) => {
        const fast = pos.fastPosition();
        const t = evalTables(pos.rs);
        map ??= new AttackMap(t);
        map.reset();
        map.scan(fast, 1);
        map.scan(fast, 0);
        for (const cell of pos.rs.geo.cells)
          for (const side of [0, 1]) {
            const where = `${pos.fen()} ${cell} ${side}`;
            expect(map.attackers(side, cell) > 0, where).toBe(isAttacked(fast, cell, side));
            if (fast.board[cell] === EMPTY || map.attackers(side, cell) === 0) continue;
            const cheapest =
              fast.board[leastValuableAttacker(fast, cell, side, t.valueMg, t.kingLike)]!;
            expect(map.cheapestAttacker(side, cell), where).toBe(
              t.kingLike[cheapest] ? ROYAL_ATTACKER : t.valueMg[cheapest],
            );
          }
      });
    },
  );
});
