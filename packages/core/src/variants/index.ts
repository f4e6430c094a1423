/** The registry of variants by the names of docs/rules.md §6 (plus the test stand-ins). */
import { CHESS, SHATRANJ } from './baselines.ts';
import { HUSUN } from './husun.ts';
import { PERSIAN_CELTIC, PERSIAN_EYE, PERSIAN_OMEGA, PERSIAN_PRINCESS } from './persian.ts';
import {
  HUSUN10,
  PERSIAN_RECT,
  TAMERLANE11,
  TAMERLANE_FULL_RECT,
  TAMERLANE_RECT,
} from './standins.ts';
import { TAMERLANE, TAMERLANE_FULL } from './tamerlane.ts';
import type { VariantDef, VariantId } from './variant.ts';

export const VARIANTS: Readonly<Record<VariantId, VariantDef>> = {
  husun: HUSUN,
  tamerlane: TAMERLANE,
  'tamerlane-full': TAMERLANE_FULL,
  'persian-celtic': PERSIAN_CELTIC,
  'persian-princess': PERSIAN_PRINCESS,
  'persian-eye': PERSIAN_EYE,
  'persian-omega': PERSIAN_OMEGA,
  chess: CHESS,
  shatranj: SHATRANJ,
};

export const STAND_INS: Readonly<Record<string, VariantDef>> = {
  husun10: HUSUN10,
  tamerlane11: TAMERLANE11,
  'tamerlane-rect': TAMERLANE_RECT,
  'tamerlane-full-rect': TAMERLANE_FULL_RECT,
  'persian-rect': PERSIAN_RECT,
};

/**
 * Looks a variant up by id (our variants first, then the stand-ins); undefined when unknown. Only
 * the registries' own entries count, so a name such as `constructor` or `__proto__` is unknown.
 */
export function findVariant(id: string): VariantDef | undefined {
  if (Object.hasOwn(VARIANTS, id)) return (VARIANTS as Record<string, VariantDef>)[id];
  if (Object.hasOwn(STAND_INS, id)) return STAND_INS[id];
  return undefined;
}

export { VARIANT_IDS } from './variant.ts';
export type { VariantDef, VariantId } from './variant.ts';
