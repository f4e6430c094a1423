/**
 * `citadel bench [--depth D] [--hash MB]`: searches a fixed set of positions of every variant to a
 * fixed depth, each with an empty table, and prints the nodes per position, `Total nodes: N` (the
 * search signature: it changes only when the search's behaviour does) and `Nodes/second: N`.
 */
import { Engine } from '@citadel/engine';
import { BENCH_POSITIONS } from '../bench-positions.ts';
import { fail } from '../setup-position.ts';

/** Depth that makes the whole bench take roughly 10-30 s on a small machine. */
export const BENCH_DEPTH = 10;
export const BENCH_HASH_MB = 16;

export interface BenchOptions {
  readonly depth?: string;
  readonly hash?: string;
}

function wholeNumber(
  text: string | undefined,
  fallback: number,
  what: string,
  max: number,
): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max)
    fail(`${what} must be a whole number from 1 to ${max}, not '${text}'`);
  return Number(text);
}

export function benchCommand(opts: BenchOptions): void {
  const depth = wholeNumber(opts.depth, BENCH_DEPTH, '--depth', 40);
  const hashMb = wholeNumber(opts.hash, BENCH_HASH_MB, '--hash', 1024);
  const engine = new Engine({ hashMb, multiPv: 1, level: 10 });
  const out = (line: string): boolean => process.stdout.write(`${line}\n`);
  let total = 0;
  let totalMs = 0;
  BENCH_POSITIONS.forEach((game, i) => {
    engine.newGame();
    const t0 = performance.now();
    const r = engine.go(game, { depth }, { now: () => performance.now() });
    totalMs += performance.now() - t0;
    if (!r.ok) fail(`bench position ${i + 1} (${game.variant}): ${r.error}`);
    total += r.value.nodes;
    const label =
      `${game.variant}${game.array ? ` (${game.array})` : ''}` +
      ` ${game.moves?.length ? game.moves.join(' ') : 'start'}`;
    out(
      `Position ${String(i + 1).padStart(2)}/${BENCH_POSITIONS.length}: ${label.padEnd(44)}` +
        ` nodes ${String(r.value.nodes).padStart(9)}  bestmove ${r.value.bestMove ?? '(none)'}`,
    );
  });
  out('');
  out(`Depth: ${depth}`);
  out(`Total time (ms): ${Math.round(totalMs)}`);
  out(`Total nodes: ${total}`);
  out(`Nodes/second: ${Math.round((total * 1000) / Math.max(1, totalMs))}`);
}
