/**
 * The evaluation's attack map agrees with the rules core: a cell is attacked by a side in the map
 * exactly when `isAttacked` says so (on boards without giraffes, which the map leaves out).
 */
import { describe, expect, it } from 'vitest';
import { isAttacked, makeMoveText, mulberry32 } from '@citadel/core';
import { AttackMap } from './attack-map.ts';
import { Engine } from './engine.ts';
import { evalTables } from './eval-tables.ts';

describe('AttackMap', () => {
  it.each(['husun10', 'tamerlane11', 'shatranj', 'chess'])(
    '%s: attacked cells match isAttacked over random playouts',
    (variant) => {
      const random = mulberry32(11);
      for (let game = 0; game < 3; game++) {
        const start = Engine.setUp({ variant });
        if (!start.ok) throw new Error(start.error);
        const pos = start.value;
        const map = new AttackMap(evalTables(pos.rs));
        for (let ply = 0; ply < 60 && pos.outcome() === null; ply++) {
          const moves = pos.legalCodes();
          const played = pos.play(
            makeMoveText(pos.rs, moves[Math.floor(random() * moves.length)]!),
          );
          if (!played.ok) throw new Error(played.error);
          const fast = pos.fastPosition();
          map.reset();
          map.scan(fast, 1);
          map.scan(fast, 0);
          for (const cell of pos.rs.geo.cells)
            for (const side of [0, 1])
              expect(map.attackers(side, cell) > 0, `${pos.fen()} ${cell} ${side}`).toBe(
                isAttacked(fast, cell, side),
              );
        }
      }
    },
  );
});
