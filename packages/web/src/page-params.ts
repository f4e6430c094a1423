/**
 * What a page's address asks for: the start array (`?array=`) and a position (`?fen=`). Bad
 * values fall back to the defaults; a bad FEN is reported, never thrown.
 */
import { Position, type VariantDef } from '@citadel/core';

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
  /** The start position of that array. */
  readonly start: Position;
  /** The position the URL gives, or the start position when it gives none or a bad one. */
  readonly position: Position;
  /** Why the URL's FEN was not loaded ('' when it was, or when there was none). */
  readonly error: string;
}

export function positionFromUrl(def: VariantDef, params: URLSearchParams): UrlPosition {
  const arrayId = arrayFromUrl(def, params);
  const start = Position.start(def.id, { array: arrayId });
  if (!start.ok) throw new Error(start.error);
  const fen = params.get('fen');
  if (!fen) return { arrayId, start: start.value, position: start.value, error: '' };
  const p = Position.fromFen(def.id, fen, { array: arrayId });
  return p.ok
    ? { arrayId, start: start.value, position: p.value, error: '' }
    : {
        arrayId,
        start: start.value,
        position: start.value,
        error: `The FEN in the address was not loaded: ${p.error}`,
      };
}
