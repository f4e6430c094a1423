/**
 * The bench signature is pinned: `citadel bench` must print the total node counts that
 * docs/engine.md records. The bench is deterministic, so a change of a total is a change of the
 * search's behaviour, which must be deliberate and recorded there (with a changelog row) in the
 * same commit; a pure speed-up leaves both as they are.
 *
 * Both tiers check the quick signature (the same positions to depth QUICK_BENCH_DEPTH, deep
 * enough for every pruning and extension rule to act); the deep tier also runs the full bench
 * (default depth), whose signature is the one the changelog quotes.
 */
import { readFileSync } from 'node:fs';
import { DEEP } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.ts';

const ENGINE_DOC = new URL('../../../docs/engine.md', import.meta.url);
const QUICK_BENCH_DEPTH = 7;

/** The number docs/engine.md records on its `<label>: N` line. */
function documented(label: string): number {
  const match = new RegExp(`^${label}: (\\d+)$`, 'm').exec(readFileSync(ENGINE_DOC, 'utf8'));
  if (!match) throw new Error(`docs/engine.md has no "${label}: N" line`);
  return Number(match[1]);
}

/** The `Total nodes` that `citadel bench` with `args` prints. */
function benchTotal(args: readonly string[]): number {
  const r = runCli(['bench', ...args], '', 280_000);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const total = /^Total nodes: (\d+)$/m.exec(r.stdout);
  expect(total, r.stdout).not.toBeNull();
  return Number(total![1]);
}

describe('bench signature', () => {
  it(`citadel bench --depth ${QUICK_BENCH_DEPTH} prints the quick signature docs/engine.md records`, () => {
    const expected = documented(`Quick bench signature \\(depth ${QUICK_BENCH_DEPTH}\\)`);
    expect(benchTotal(['--depth', String(QUICK_BENCH_DEPTH)])).toBe(expected);
  });

  it.runIf(DEEP)(
    'citadel bench prints the signature docs/engine.md records',
    { timeout: 300_000 },
    () => {
      expect(benchTotal([])).toBe(documented('Bench signature'));
    },
  );
});
