/** The variants offered by the app, in menu order, with short names for people. */
import { VARIANTS, type VariantDef } from '@citadel/core';

export const MENU: ReadonlyArray<{ id: string; short: string }> = [
  { id: 'tamerlane', short: 'Tamerlane' },
  { id: 'tamerlane-full', short: 'Full Tamerlane' },
  { id: 'husun', short: 'Shatranj al-Husun' },
  { id: 'persian-celtic', short: 'Persian: Celtic Citadel' },
  { id: 'persian-princess', short: 'Persian: Persian Princess' },
  { id: 'persian-eye', short: 'Persian: Egyptian Eye' },
  { id: 'persian-omega', short: 'Persian: Oriental Omega' },
  { id: 'chess', short: 'Chess' },
  { id: 'shatranj', short: 'Shatranj' },
];

/** The name of a variant in menus and titles (`Shatranj al-Husun`). */
export function shortName(id: string): string {
  return MENU.find((v) => v.id === id)?.short ?? variantDef(id)?.name ?? id;
}

/** The variant of that id; undefined for any other name (only the registry's own entries count). */
export function variantDef(id: string): VariantDef | undefined {
  return Object.hasOwn(VARIANTS, id) ? (VARIANTS as Record<string, VariantDef>)[id] : undefined;
}

export const DEFAULT_VARIANT = 'tamerlane';
