/**
 * The pawn table changes no evaluation: an evaluator whose table holds the pawn structures of
 * earlier positions scores each position as a new evaluator (empty table) does, in every variant.
 */
import { sampleSize } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import { VARIANT_IDS } from '@citadel/core';
import { forEachRandomPosition } from '../test/random-positions.ts';
import { evalTables } from './eval-tables.ts';
import { Evaluator } from './evaluate.ts';

describe('PawnTable', () => {
  it.each([...VARIANT_IDS, 'husun10', 'tamerlane11'])(
    '%s: a filled pawn table gives the evaluation of an empty one',
    (variant) => {
      let used: Evaluator | undefined;
      forEachRandomPosition(variant, { seed: 5, games: sampleSize(1, 2), plies: 80 }, (pos) => {
        const tables = evalTables(pos.rs);
        used ??= new Evaluator(tables);
        const fast = pos.fastPosition();
        expect(used.evaluate(fast), pos.fen()).toBe(new Evaluator(tables).evaluate(fast));
      });
    },
  );
});
