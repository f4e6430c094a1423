/**
 * The UCI options of `citadel uci`: their declarations (the `option name ...` lines), validation
 * of `setoption`, and the game spec (variant, array, rule switches) they select.
 */
import { findVariant, type Result, err, ok } from '@citadel/core';
import { quoteInput } from '../input-text.ts';
import { OFFERED_VARIANTS } from '../variant-names.ts';

/** Default variant: `chess`, as Fairy-Stockfish, so GUIs that never send UCI_Variant play chess. */
export const DEFAULT_VARIANT = 'chess';

/** Rule switches of docs/rules.md §6 with their defaults (on = true). */
export const RULE_SWITCHES: ReadonlyArray<{ name: string; default: boolean }> = [
  { name: 'repetition', default: false },
  { name: 'pawn-of-pawns-occupied', default: false },
  { name: 'citadel-claim-or-swap', default: false },
  { name: 'omega-rendezvous', default: true },
];

/**
 * Values of the `Array` option: `standard` is each variant's own start array (its first); the
 * others name an array of the variants that have it. Not `default`: that is a keyword of the
 * `option` line, and clients read `default default` as an empty default.
 */
export const ARRAY_CHOICES = ['standard', 'masculine', 'feminine'] as const;

/** Older spellings still accepted by `setoption`, with the value they stand for. */
const COMBO_ALIASES: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([
  ['Array', new Map([['default', 'standard']])],
]);

type OptionSpec =
  | { type: 'spin'; name: string; default: number; min: number; max: number }
  | { type: 'combo'; name: string; default: string; vars: readonly string[] }
  | { type: 'check'; name: string; default: boolean };

export const OPTION_SPECS: readonly OptionSpec[] = [
  // The stand-ins Fairy-Stockfish plays (husun10, tamerlane11) are offered too, for matches.
  { type: 'combo', name: 'UCI_Variant', default: DEFAULT_VARIANT, vars: OFFERED_VARIANTS },
  { type: 'combo', name: 'Array', default: 'standard', vars: ARRAY_CHOICES },
  ...RULE_SWITCHES.map((s): OptionSpec => ({ type: 'check', name: s.name, default: s.default })),
  { type: 'spin', name: 'Hash', default: 32, min: 1, max: 1024 },
  { type: 'spin', name: 'Threads', default: 1, min: 1, max: 16 },
  { type: 'spin', name: 'MultiPV', default: 1, min: 1, max: 64 },
  { type: 'spin', name: 'Skill Level', default: 10, min: 1, max: 10 },
  { type: 'spin', name: 'Move Overhead', default: 10, min: 0, max: 5000 },
  // Centipawns a draw is worth less than an even position to the engine (negative: more).
  { type: 'spin', name: 'Contempt', default: 0, min: -100, max: 100 },
];

/** The `option name ...` lines of the `uci` answer. */
export function optionLines(): string[] {
  return OPTION_SPECS.map((o) => {
    switch (o.type) {
      case 'spin':
        return `option name ${o.name} type spin default ${o.default} min ${o.min} max ${o.max}`;
      case 'combo':
        return `option name ${o.name} type combo default ${o.default} ${o.vars.map((v) => `var ${v}`).join(' ')}`;
      case 'check':
        return `option name ${o.name} type check default ${o.default}`;
    }
  });
}

export type OptionValue = number | string | boolean;

/** Current option values by canonical name. */
export class UciOptions {
  private readonly values = new Map<string, OptionValue>();

  constructor() {
    for (const o of OPTION_SPECS) this.values.set(o.name, o.default);
  }

  get variant(): string {
    return this.values.get('UCI_Variant') as string;
  }
  get array(): string {
    return this.values.get('Array') as string;
  }
  number(name: string): number {
    return this.values.get(name) as number;
  }

  /**
   * Validates and sets an option; answers the canonical name and parsed value, or why the
   * value (or the name) is wrong. Names are case-insensitive, as UCI says.
   */
  set(name: string, value: string): Result<{ name: string; value: OptionValue }> {
    const spec = OPTION_SPECS.find((o) => o.name.toLowerCase() === name.trim().toLowerCase());
    if (!spec) return err(`unknown option ${quoteInput(name)}`);
    const v = value.trim();
    let parsed: OptionValue;
    switch (spec.type) {
      case 'spin': {
        if (!/^[+-]?\d+$/.test(v))
          return err(`option ${spec.name} takes a whole number, not ${quoteInput(value)}`);
        const n = Number(v);
        if (n < spec.min || n > spec.max)
          return err(`option ${spec.name} takes ${spec.min} to ${spec.max}, not ${n}`);
        parsed = n;
        break;
      }
      case 'combo': {
        const alias = COMBO_ALIASES.get(spec.name)?.get(v.toLowerCase());
        const hit = alias ?? spec.vars.find((x) => x.toLowerCase() === v.toLowerCase());
        if (!hit)
          return err(
            `option ${spec.name} takes one of ${spec.vars.join(', ')}, not ${quoteInput(value)}`,
          );
        parsed = hit;
        break;
      }
      case 'check': {
        const l = v.toLowerCase();
        if (l === 'true' || l === 'on') parsed = true;
        else if (l === 'false' || l === 'off') parsed = false;
        else return err(`option ${spec.name} takes true or false, not ${quoteInput(value)}`);
        break;
      }
    }
    this.values.set(spec.name, parsed);
    return ok({ name: spec.name, value: parsed });
  }

  /**
   * The array and rule switches that apply to the current variant (switches and arrays of other
   * variants are ignored); `note` says when the chosen array does not exist in this variant.
   */
  ruleset(): { array: string | undefined; rules: Record<string, string>; note?: string } {
    const def = findVariant(this.variant)!;
    const rules: Record<string, string> = {};
    for (const s of def.switches) {
      const v = this.values.get(s.name);
      if (typeof v === 'boolean') rules[s.name] = v ? 'on' : 'off';
    }
    const a = this.array;
    if (a === 'standard') return { array: undefined, rules };
    if (def.arrays.some((x) => x.id === a)) return { array: a, rules };
    return {
      array: undefined,
      rules,
      note: `array ${a} does not exist in ${def.id} (it has ${def.arrays.map((x) => x.id).join(', ')}); using ${def.arrays[0]!.id}`,
    };
  }
}
