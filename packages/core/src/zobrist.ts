/**
 * Zobrist keys as pairs of 32-bit integers (BigInt is ~9x slower; docs/design.md principle 8).
 * Fixed seed, so a position's hash is the same in every run and process.
 */
import { MAX_SIZE } from './geometry.ts';
import { MAX_CODE, KIND_COUNT, kindInfo } from './piece-kinds.ts';

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

/**
 * Pawn-structure key of code `c` on cell `sq` (index as PIECE_LO): the piece key for the pawn
 * kinds, 0 for every other kind, so XOR-ing it in for every piece keys the pawns alone.
 */
export const PAWN_STRUCTURE = PIECE_LO.map((key, i) => {
  const kind = Math.floor(i / MAX_SIZE) >> 1;
  return kind >= 1 && kind <= KIND_COUNT && kindInfo(kind).pawn ? key : 0;
});
/**
 * Material key of each code: summed (mod 2^32) over the pieces on the board, a hash of how many
 * of each code there are. Drawn after the keys above, which keep their values.
 */
export const MATERIAL = fill(MAX_CODE + 2);
