/**
 * The evaluation's attack map agrees with the rules core: a cell is attacked by a side in the map
 * exactly when `isAttacked` says so (on boards without giraffes, which the map leaves out).
 */
import { describe, expect, it } from 'vitest';
import { isAttacked } from '@citadel/core';
import { forEachRandomPosition } from '../test/random-positions.ts';
import { AttackMap } from './attack-map.ts';
import { evalTables } from './eval-tables.ts';

describe('AttackMap', () => {
  it.each(['husun10', 'tamerlane11', 'shatranj', 'chess'])(
    '%s: attacked cells match isAttacked over random playouts',
    (variant) => {
      let map: AttackMap | undefined;
      forEachRandomPosition(variant, { seed: 11, games: 3, plies: 60 }, (pos) => {
        const fast = pos.fastPosition();
        map ??= new AttackMap(evalTables(pos.rs));
        map.reset();
        map.scan(fast, 1);
        map.scan(fast, 0);
        for (const cell of pos.rs.geo.cells)
          for (const side of [0, 1])
            expect(map.attackers(side, cell) > 0, `${pos.fen()} ${cell} ${side}`).toBe(
              isAttacked(fast, cell, side),
            );
      });
    },
  );
});
