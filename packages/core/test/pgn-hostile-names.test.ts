/** PGN tags that name JavaScript's own object properties are unknown names, never a crash. */
import { describe, expect, it } from 'vitest';
import { findVariant, parsePgn } from '@citadel/core';

const NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'prototype', 'length'];

describe('hostile names in PGN tags', () => {
  it.each(NAMES)('%s as Variant, Array or rule switch gives an error', (name) => {
    expect(findVariant(name)).toBeUndefined();
    const variant = parsePgn(`[Variant "${name}"]\n1. e4 *`);
    expect(variant.ok).toBe(false);
    if (!variant.ok) expect(variant.error).toMatch(/unknown Variant tag/);
    const array = parsePgn(`[Variant "tamerlane"]\n[Array "${name}"]\n*`);
    expect(array.ok).toBe(false);
    if (!array.ok) expect(array.error).toMatch(/unknown array/);
    const rule = parsePgn(`[Variant "husun"]\n[Rules "${name}=on"]\n*`);
    expect(rule.ok).toBe(false);
    if (!rule.ok) expect(rule.error).toMatch(/unknown rule switch/);
  });
});
