/**
 * Maximum-weight matching in a general graph (Edmonds' blossom algorithm with Galil's primal-dual
 * method, O(n³)), from the npm package `edmonds-blossom-fixed` (MIT, no dependencies, no install
 * scripts): Matt Krick's JavaScript port of Joris van Rantwijk's reference implementation, the one
 * NetworkX also derives from, republished with three undeclared variables declared (the original
 * `edmonds-blossom` leaks them as globals). It is small and no longer developed, so it is loaded in
 * this file alone, pinned to its version, and `max-weight-matching.test.ts` holds it to an
 * exhaustive search on thousands of small graphs; swapping it for another is a change here only.
 * Loaded through `require` (it is CommonJS without types), as `accounts/glicko2.ts` loads its
 * package.
 */
import { createRequire } from 'node:module';

/** An edge between vertices `a` and `b` (0 to n - 1) worth `weight`, a safe integer. */
export interface WeightedEdge {
  readonly a: number;
  readonly b: number;
  readonly weight: number;
}

/** The package: edges as [a, b, weight]; returns each vertex's mate or -1 (an empty array for no edges). */
type Blossom = (edges: number[][], maxCardinality?: boolean) => number[];

const blossom = createRequire(import.meta.url)('edmonds-blossom-fixed') as Blossom;

/**
 * A matching of the graph on `vertexCount` vertices with the most edges and, among those, the
 * greatest total weight: `mates[v]` is v's partner, or -1 when v is left single. Integer weights
 * keep the algorithm's arithmetic exact. Throws on an edge outside the vertices, a loop or a
 * weight that is not a safe integer.
 */
export function maxWeightMatching(vertexCount: number, edges: readonly WeightedEdge[]): number[] {
  if (!Number.isInteger(vertexCount) || vertexCount < 0)
    throw new RangeError(`a graph has a whole number of vertices, not ${vertexCount}`);
  for (const { a, b, weight } of edges) {
    const inside = (v: number) => Number.isInteger(v) && v >= 0 && v < vertexCount;
    if (!inside(a) || !inside(b) || a === b)
      throw new RangeError(`no edge ${a}-${b} in a graph of ${vertexCount} vertices`);
    if (!Number.isSafeInteger(weight))
      throw new RangeError(`edge ${a}-${b}: weight ${weight} is not a safe integer`);
  }
  const mates = new Array<number>(vertexCount).fill(-1);
  if (edges.length === 0) return mates;
  const found = blossom(
    edges.map((e) => [e.a, e.b, e.weight]),
    true,
  );
  // The package sizes its answer by the highest vertex that has an edge.
  found.forEach((mate, v) => (mates[v] = mate));
  return mates;
}
