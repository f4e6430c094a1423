/**
 * Zobrist keys as pairs of 32-bit integers (BigInt is ~9x slower; DESIGN.md principle 8).
 * Fixed seed, so a position's hash is the same in every run and process.
 */
import { MAX_SIZE } from './geometry.ts';
import { MAX_CODE } from './piece-kinds.ts';

function splitMix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
}

const next = splitMix32(0x5eed_c17a);
const fill = (n: number): Int32Array => {
  const a = new Int32Array(n);
  for (let i = 0; i < n; i++) a[i] = next();
  return a;
};

/** Key of piece code `c` on cell `sq`: index `c * MAX_SIZE + sq`. Code 0's row keys the en-passant cell. */
export const PIECE_LO = fill((MAX_CODE + 2) * MAX_SIZE);
export const PIECE_HI = fill((MAX_CODE + 2) * MAX_SIZE);
/** One key per rights bit (castling, king swap, rendezvous). */
export const RIGHTS_LO = fill(8);
export const RIGHTS_HI = fill(8);
export const SIDE_LO = next();
export const SIDE_HI = next();
