/** `citadel perft <variant> <depth>`: counts leaf nodes; `--divide` lists them per root move. */
import { divide, makeMoveText, perft } from '@citadel/core';
import { fail, setupPosition, type PositionOptions } from '../setup-position.ts';

export interface PerftOptions extends PositionOptions {
  readonly divide?: boolean;
}

export function perftCommand(variant: string, depthText: string, opts: PerftOptions): void {
  if (!/^\d+$/.test(depthText) || Number(depthText) < 1 || Number(depthText) > 20)
    fail(`depth must be a whole number from 1 to 20, not '${depthText}'`);
  const depth = Number(depthText);
  const pos = setupPosition(variant, opts);
  if (!pos.ok) fail(pos.error);
  const fast = pos.value.fastPosition();
  const t0 = performance.now();
  let nodes: number;
  if (opts.divide) {
    const rows = divide(fast, depth).map((r) => ({
      text: makeMoveText(fast.rs, r.move),
      nodes: r.nodes,
    }));
    rows.sort((a, b) => a.text.localeCompare(b.text));
    for (const r of rows) process.stdout.write(`${r.text}: ${r.nodes}\n`);
    process.stdout.write('\n');
    nodes = rows.reduce((a, r) => a + r.nodes, 0);
  } else nodes = perft(fast, depth);
  const ms = performance.now() - t0;
  process.stdout.write(`Nodes searched: ${nodes}\n`);
  process.stderr.write(
    `time ${ms.toFixed(0)} ms, ${Math.round((nodes / Math.max(ms, 1e-3)) * 1000)} nodes/s\n`,
  );
}
