/** Geometry as a value: cells, holes, citadels and square names with two-digit ranks. */
import { describe, expect, it } from 'vitest';
import { Geometry } from './geometry.ts';
import { compileRuleset } from './ruleset.ts';

const geometryOf = (variant: string): Geometry => {
  const rs = compileRuleset(variant);
  if (!rs.ok) throw new Error(rs.error);
  return rs.value.geo;
};
const names = (geo: Geometry, cells: readonly number[]): string[] => cells.map((s) => geo.name(s));

describe('geometry', () => {
  it('husun: 10x10 main board plus four corner citadels in a 12x12 box', () => {
    const geo = geometryOf('husun');
    expect([geo.files, geo.ranks]).toEqual([12, 12]);
    expect(geo.cells.length).toBe(104);
    expect(names(geo, geo.regions.get('citadels:white')!)).toEqual(['a1', 'l1']);
    expect(names(geo, geo.regions.get('citadels:black')!)).toEqual(['a12', 'l12']);
    expect(geo.exists[geo.parseSquare('b1')]).toBe(0);
    expect(geo.exists[geo.parseSquare('k11')]).toBe(1);
  });

  it('tamerlane: 11x10 plus m2 (White) and a9 (Black) in a 13x10 box', () => {
    const geo = geometryOf('tamerlane');
    expect(geo.cells.length).toBe(112);
    expect(geo.regions.get('main')!.length).toBe(110);
    expect(geo.citadelOwner[geo.parseSquare('m2')]).toBe(0);
    expect(geo.citadelOwner[geo.parseSquare('a9')]).toBe(1);
    expect(geo.exists[geo.parseSquare('a10')]).toBe(0);
    expect(geo.exists[geo.parseSquare('m1')]).toBe(0);
  });

  it('persian: 9x9 plus four corners in an 11x11 box; chess is a plain 8x8', () => {
    expect(geometryOf('persian-celtic').cells.length).toBe(85);
    expect(geometryOf('chess').cells.length).toBe(64);
    expect(geometryOf('chess').citadels).toEqual([]);
  });

  it('square names use bounding-box coordinates with multi-digit ranks', () => {
    const geo = geometryOf('husun');
    for (const s of geo.cells) expect(geo.parseSquare(geo.name(s))).toBe(s);
    expect(geo.name(geo.sq(0, 11))).toBe('a12');
    expect(geo.parseSquare('m1')).toBe(-1);
    expect(geo.parseSquare('a13')).toBe(-1);
    expect(geo.parseSquare('a0')).toBe(-1);
  });

  it('rejects boards the mailbox cannot hold', () => {
    expect(() => new Geometry({ files: 14, ranks: 8, holes: [], citadels: [] })).toThrow(
      /unsupported/,
    );
  });
});
