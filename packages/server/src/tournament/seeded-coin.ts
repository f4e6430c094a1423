/**
 * Deterministic coin flips for the pairings' last ties: the same seed and the same names give the
 * same side on every process and after every restart, and different names give unrelated sides.
 * Not for secrets: a hash (FNV-1a over UTF-16 code units, then a 32-bit avalanche), not a
 * cryptographic generator.
 */

/** A 32-bit hash of the seed and the parts, in their order. */
export function seededHash(seed: string, ...parts: readonly string[]): number {
  let h = 0x811c9dc5;
  const text = [seed, ...parts].join('\u0000');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // Avalanche (the finaliser of MurmurHash3), so that the low bit depends on every input bit.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A fair coin decided by the seed and the parts. */
export const seededCoin = (seed: string, ...parts: readonly string[]): boolean =>
  (seededHash(seed, ...parts) & 1) === 1;
