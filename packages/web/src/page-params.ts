/**
 * What a page's address asks for: the start array (`?array=`), the rule switches
 * (`?rules=name=value,...`, the PGN `Rules` tag's pairs) and a position (`?fen=`). Bad values fall
 * back to the defaults; a bad FEN or switch is reported, never thrown.
 */
import { Position, type VariantDef } from '@citadel/core';

/** Rule switches set away from their defaults (the core's `RulesetOptions.rules`). */
export type RuleChoice = Readonly<Record<string, string>> | undefined;

export interface UrlRules {
  /** The known switches the URL sets away from their default; undefined when none. */
  readonly rules: RuleChoice;
  /** Why part of `?rules=` was ignored ('' when all of it was used, or there was none). */
  readonly error: string;
}

/** Reads `?rules=name=value,...`: unknown switches and values are reported and left out. */
export function rulesFromUrl(def: VariantDef, params: URLSearchParams): UrlRules {
  const text = params.get('rules');
  if (!text) return { rules: undefined, error: '' };
  const rules: Record<string, string> = {};
  const problems: string[] = [];
  for (const part of text.split(',').filter(Boolean)) {
    const [name = '', value = ''] = part.split('=');
    const known = def.switches.find((s) => s.name === name);
    if (!known) problems.push(`${def.name} has no rule switch "${name}"`);
    else if (!known.values.includes(value))
      problems.push(`the switch "${name}" takes ${known.values.join(' or ')}, not "${value}"`);
    else if (value !== known.values[0]) rules[name] = value;
  }
  return {
    rules: Object.keys(rules).length > 0 ? rules : undefined,
    error: problems.length ? `Rules in the address ignored: ${problems.join('; ')}.` : '',
  };
}

/** The `rules=...` query part for these switches, or '' when none is set. */
export function rulesQuery(rules: RuleChoice): string {
  const pairs = Object.entries(rules ?? {}).map(([k, v]) => `${k}=${v}`);
  return pairs.length ? `rules=${pairs.join(',')}` : '';
}

/** The query parts joined as `?a&b`, leaving out empty ones ('' when all are empty). */
export function query(...parts: string[]): string {
  const used = parts.filter(Boolean);
  return used.length ? `?${used.join('&')}` : '';
}

/** The array the URL names, or the variant's first array when it names none or an unknown one. */
export function arrayFromUrl(def: VariantDef, params: URLSearchParams): string {
  const wanted = params.get('array');
  return wanted && def.arrays.some((a) => a.id === wanted) ? wanted : def.arrays[0]!.id;
}

/**
 * What the page says when the URL names an array the variant does not have ('' when it names a
 * known one or none): which array was not found, the ones there are, and the one shown instead.
 */
export function arrayProblem(def: VariantDef, params: URLSearchParams): string {
  const wanted = params.get('array');
  if (wanted === null || def.arrays.some((a) => a.id === wanted)) return '';
  const known = def.arrays.map((a) => `"${a.id}"`).join(', ');
  return `${def.name} has no array "${wanted}" (its arrays: ${known}); showing the ${def.arrays[0]!.name} instead.`;
}

export interface UrlPosition {
  readonly arrayId: string;
  readonly rules: RuleChoice;
  /** The start position of that array. */
  readonly start: Position;
  /** The position the URL gives, or the start position when it gives none or a bad one. */
  readonly position: Position;
  /** Why the URL's FEN or part of its rules was not used ('' when all of it was). */
  readonly error: string;
}

export function positionFromUrl(def: VariantDef, params: URLSearchParams): UrlPosition {
  const arrayId = arrayFromUrl(def, params);
  const { rules, error: rulesError } = rulesFromUrl(def, params);
  const options = { array: arrayId, rules };
  const start = Position.start(def.id, options);
  if (!start.ok) throw new Error(start.error);
  const fen = params.get('fen');
  const base = { arrayId, rules, start: start.value };
  if (!fen) return { ...base, position: start.value, error: rulesError };
  const p = Position.fromFen(def.id, fen, options);
  const fenError = p.ok ? '' : `The FEN in the address was not loaded: ${p.error}`;
  return {
    ...base,
    position: p.ok ? p.value : start.value,
    error: [rulesError, fenError].filter(Boolean).join(' '),
  };
}
