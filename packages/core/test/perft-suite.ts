/**
 * Reads the perft suites (`test/perft/*.perft`): `variant ID`, `array A`, `rules k=v,...` set the
 * context for the following lines; `startpos ;D1 n ;D2 n` or `fen FEN ;D1 n ...` give counts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface PerftCase {
  readonly file: string;
  readonly line: number;
  readonly variant: string;
  readonly array?: string;
  readonly rules: Record<string, string>;
  readonly fen: string | null;
  readonly counts: ReadonlyArray<readonly [depth: number, nodes: number]>;
}

export const PERFT_DIR = join(import.meta.dirname, 'perft');

export function readPerftSuite(file: string): PerftCase[] {
  const cases: PerftCase[] = [];
  let variant = '';
  let array: string | undefined;
  let rules: Record<string, string> = {};
  readFileSync(join(PERFT_DIR, file), 'utf8')
    .split('\n')
    .forEach((raw, i) => {
      const line = raw.trim();
      if (!line || line.startsWith('#')) return;
      const [head, ...rest] = line.split(/\s+/);
      if (head === 'variant') {
        variant = rest[0]!;
        array = undefined;
        rules = {};
      } else if (head === 'array') array = rest[0];
      else if (head === 'rules')
        rules = Object.fromEntries(
          rest
            .join('')
            .split(',')
            .map((kv) => kv.split('=') as [string, string]),
        );
      else if (head === 'startpos' || head === 'fen') {
        const [pos, ...depths] = line.split(';');
        const fen = head === 'fen' ? pos!.slice(4).trim() : null;
        const counts = depths.map((d) => {
          const m = /^\s*D(\d+)\s+(\d+)\s*$/.exec(d);
          if (!m) throw new Error(`${file}:${i + 1}: bad depth entry '${d}'`);
          return [Number(m[1]), Number(m[2])] as const;
        });
        cases.push({ file, line: i + 1, variant, ...(array ? { array } : {}), rules, fen, counts });
      } else throw new Error(`${file}:${i + 1}: unknown line '${line}'`);
    });
  return cases;
}

export const perftFiles = (): string[] =>
  readdirSync(PERFT_DIR).filter((f) => f.endsWith('.perft'));
