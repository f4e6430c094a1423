import { sampleSize } from '@citadel/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxWeightMatching, type WeightedEdge } from './max-weight-matching.ts';

/** The best [edges, weight] over every matching, by exhaustive search (small graphs only). */
function bestByExhaustion(n: number, edges: readonly WeightedEdge[]): [number, number] {
  const weight = new Map<string, number>();
  for (const e of edges) {
    const key = `${Math.min(e.a, e.b)}-${Math.max(e.a, e.b)}`;
    weight.set(key, Math.max(weight.get(key) ?? -Infinity, e.weight));
  }
  const used = new Array<boolean>(n).fill(false);
  const search = (v: number): [number, number] => {
    while (v < n && used[v]) v++;
    if (v >= n) return [0, 0];
    used[v] = true;
    let best = search(v + 1); // v stays single
    for (let u = v + 1; u < n; u++) {
      const w = weight.get(`${v}-${u}`);
      if (used[u] || w === undefined) continue;
      used[u] = true;
      const [count, total] = search(v + 1);
      if (count + 1 > best[0] || (count + 1 === best[0] && total + w > best[1]))
        best = [count + 1, total + w];
      used[u] = false;
    }
    used[v] = false;
    return best;
  };
  return search(0);
}

const arbGraph = fc.integer({ min: 0, max: 9 }).chain((n) =>
  fc.tuple(
    fc.constant(n),
    n < 2
      ? fc.constant<WeightedEdge[]>([])
      : fc.uniqueArray(
          fc
            .tuple(fc.nat(n - 1), fc.nat(n - 1), fc.integer({ min: 0, max: 1000 }))
            .filter(([a, b]) => a !== b)
            .map(([a, b, weight]) => ({ a: Math.min(a, b), b: Math.max(a, b), weight })),
          { selector: (e) => `${e.a}-${e.b}`, maxLength: 30 },
        ),
  ),
);

describe('maximum-weight matching (the blossom package)', () => {
  it('finds a matching with the most edges and, among those, the greatest weight', () => {
    fc.assert(
      fc.property(arbGraph, ([n, edges]) => {
        const mates = maxWeightMatching(n, edges);
        expect(mates).toHaveLength(n);
        const weightOf = new Map(edges.map((e) => [`${e.a}-${e.b}`, e.weight]));
        let count = 0;
        let total = 0;
        mates.forEach((mate, v) => {
          if (mate < 0) return;
          // A matching: symmetric, along edges of the graph.
          expect(mates[mate]).toBe(v);
          const w = weightOf.get(`${Math.min(v, mate)}-${Math.max(v, mate)}`);
          expect(w).toBeDefined();
          if (v < mate) {
            count++;
            total += w ?? 0;
          }
        });
        expect([count, total]).toEqual(bestByExhaustion(n, edges));
      }),
      { numRuns: sampleSize(500, 20000) },
    );
  });

  it('leaves every vertex single in a graph without edges', () => {
    expect(maxWeightMatching(3, [])).toEqual([-1, -1, -1]);
    expect(maxWeightMatching(0, [])).toEqual([]);
  });

  it('refuses an edge outside the graph, a loop and a weight that is not a safe integer', () => {
    expect(() => maxWeightMatching(2, [{ a: 0, b: 2, weight: 1 }])).toThrow(/no edge 0-2/);
    expect(() => maxWeightMatching(2, [{ a: 1, b: 1, weight: 1 }])).toThrow(/no edge 1-1/);
    expect(() => maxWeightMatching(2, [{ a: 0, b: 1, weight: 0.5 }])).toThrow(/safe integer/);
    expect(() => maxWeightMatching(-1, [])).toThrow(/whole number/);
  });
});
