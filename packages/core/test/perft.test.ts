/**
 * The perft contract (docs/design.md principle 12): every suite in test/perft must match exactly.
 * Depths whose expected count exceeds the budget run only in the deep tier (CITADEL_DEEP=1).
 */
import { DEEP } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import { FastPosition, compileRuleset, parseFen, perft, startSetup } from '../src/index.ts';
import { perftFiles, readPerftSuite } from './perft-suite.ts';

const NODE_BUDGET = DEEP ? Infinity : 600_000;

for (const file of perftFiles()) {
  describe(file, () => {
    for (const c of readPerftSuite(file)) {
      const label = `${c.variant}${c.array ? ` (${c.array})` : ''}${Object.keys(c.rules).length ? ` ${JSON.stringify(c.rules)}` : ''} line ${c.line}`;
      it(label, () => {
        const rs = compileRuleset(c.variant, { array: c.array, rules: c.rules });
        if (!rs.ok) throw new Error(rs.error);
        const setup =
          c.fen === null
            ? { ok: true as const, value: startSetup(rs.value) }
            : parseFen(rs.value, c.fen);
        if (!setup.ok) throw new Error(setup.error);
        const pos = new FastPosition(rs.value);
        pos.load(setup.value);
        const run = c.counts.filter(([, n], i) => i === 0 || n <= NODE_BUDGET);
        const got = run.map(([d]) => [d, perft(pos, d)] as const);
        expect(got).toEqual(run);
      });
    }
  });
}
