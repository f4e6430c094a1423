/**
 * The bench signature is pinned: `citadel bench` (default depth and table) must print the total
 * node count that docs/engine.md records. The bench is deterministic, so a change of this total
 * is a change of the search's behaviour, which must be deliberate and recorded there (with a
 * changelog row) in the same commit; a pure speed-up leaves it as it is.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.ts';

const ENGINE_DOC = new URL('../../../docs/engine.md', import.meta.url);

/** The signature docs/engine.md records on its `Bench signature: N` line. */
function documentedSignature(): number {
  const match = /^Bench signature: (\d+)$/m.exec(readFileSync(ENGINE_DOC, 'utf8'));
  if (!match) throw new Error('docs/engine.md has no "Bench signature: N" line');
  return Number(match[1]);
}

describe('bench signature', () => {
  it('citadel bench prints the total nodes docs/engine.md records', { timeout: 300_000 }, () => {
    const expected = documentedSignature();
    const r = runCli(['bench'], '', 280_000);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const total = /^Total nodes: (\d+)$/m.exec(r.stdout);
    expect(total, r.stdout).not.toBeNull();
    expect(Number(total![1])).toBe(expected);
  });
});
