import { describe, expect, it } from 'vitest';
import { readDeep, sampleOf, sampleSize } from './sample-size.ts';

describe('readDeep', () => {
  it('reads unset, empty and 0 as the default tier and 1 as the deep tier', () => {
    expect([undefined, '', '0'].map(readDeep)).toEqual([false, false, false]);
    expect(readDeep('1')).toBe(true);
  });

  it('rejects any other value with a message naming the variable', () => {
    for (const value of ['yes', 'true', '2', ' 1'])
      expect(() => readDeep(value)).toThrow(/CITADEL_DEEP must be 1/);
  });
});

describe('sampleSize', () => {
  it('picks the quick size in the default tier and the deep size in the deep tier', () => {
    expect(sampleSize(3, 40, false)).toBe(3);
    expect(sampleSize(3, 40, true)).toBe(40);
  });

  it('rejects sizes that are not positive whole numbers, or a deep size below the quick one', () => {
    expect(() => sampleSize(0, 4, false)).toThrow(/quick size/);
    expect(() => sampleSize(2, 2.5, false)).toThrow(/deep size/);
    expect(() => sampleSize(5, 4, true)).toThrow(/smaller than the quick/);
  });
});

describe('sampleOf', () => {
  const all = ['a', 'b', 'c', 'd'] as const;

  it('visits the quick picks in the default tier and every item in the deep tier, in order', () => {
    expect(sampleOf(all, ['d', 'b'], false)).toEqual(['b', 'd']);
    expect(sampleOf(all, ['b', 'd'], true)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('rejects an empty quick sample and picks that are not items', () => {
    expect(() => sampleOf(all, [], false)).toThrow(/empty/);
    expect(() => sampleOf<string>(all, ['b', 'e'], true)).toThrow(/e is not one of the items/);
  });
});
