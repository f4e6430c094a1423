/**
 * Shared option handling for commands that start from a position: variant, `--array`,
 * `--rule name=value` (repeatable), `--fen` and `--moves m1,m2,...` played first.
 */
import { Position, type Result, err, ok } from '@citadel/core';
import { clipMessage, quoteInput } from './input-text.ts';
import { checkVariant } from './variant-names.ts';

export interface PositionOptions {
  readonly array?: string;
  readonly rule?: readonly string[];
  readonly fen?: string;
  readonly moves?: string;
}

/** Collects repeated `--rule` values. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function parseRuleOptions(rules: readonly string[] = []): Result<Record<string, string>> {
  // No prototype: every name given is an own entry, checked by the rules core like any other.
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const r of rules) {
    const m = /^([a-z-]+)=([a-z]+)$/.exec(r);
    if (!m)
      return err(
        `--rule takes name=value, e.g. --rule omega-rendezvous=off (got ${quoteInput(r)})`,
      );
    out[m[1]!] = m[2]!;
  }
  return ok(out);
}

export function setupPosition(variant: string, opts: PositionOptions): Result<Position> {
  const known = checkVariant(variant);
  if (!known.ok) return known;
  const rules = parseRuleOptions(opts.rule);
  if (!rules.ok) return rules;
  if (opts.fen !== undefined && opts.fen.trim() === '')
    return err('--fen needs a FEN (leave the option out for the start position)');
  const options = { array: opts.array, rules: rules.value };
  const start =
    opts.fen !== undefined
      ? Position.fromFen(variant, opts.fen, options)
      : Position.start(variant, options);
  if (!start.ok) return start;
  const pos = start.value;
  for (const mv of (opts.moves ?? '').split(/[,\s]+/).filter(Boolean)) {
    const r = pos.play(mv);
    if (!r.ok) return err(r.error);
  }
  return ok(pos);
}

/** Prints an error (one line, quoted input shortened) and exits with status 2 (bad input). */
export function fail(message: string): never {
  process.stderr.write(`citadel: ${clipMessage(message)}\n`);
  process.exit(2);
}
