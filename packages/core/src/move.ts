/**
 * Integer moves for the fast layer: `from | to << 9 | flag << 18 | extra << 22`. `extra` is the
 * kind a pawn becomes (PROMOTE), the castling side (CASTLE: 0 queen side, 1 king side) or the
 * partner's kind (CITADEL_SWAP). Nothing is allocated per move.
 */

export const NORMAL = 0;
/** Pawn double step; sets the en-passant cell. */
export const DOUBLE_STEP = 1;
export const EN_PASSANT = 2;
export const CASTLE = 3;
/** A pawn arriving on the last rank and becoming `extra` (chosen, or its Tamerlane tag). */
export const PROMOTE = 4;
/** Tamerlane's once-per-game king swap: the King exchanges cells with the piece on `to`. */
export const KING_SWAP = 5;
/** Persian rendezvous: the Princess/Champion exchanges cells with the Bishop on `to`. */
export const RENDEZVOUS = 6;
/** The waiting pawn of pawns lifted from the last rank to `to` (docs/rules.md §2 stage 1). */
export const RELOCATE = 7;
/** The pawn of pawns' second arrival: it is then placed on the pawn of kings' start cell. */
export const PAWN_OF_PAWNS_RETURN = 8;
/** Option `citadel-claim-or-swap`: a royal enters the enemy citadel and swaps with its partner. */
export const CITADEL_SWAP = 9;

export const FLAG_NAMES = [
  'normal',
  'double step',
  'en passant',
  'castling',
  'promotion',
  'king swap',
  'rendezvous',
  'relocation',
  'pawn of pawns return',
  'citadel swap',
] as const;

export const encodeMove = (from: number, to: number, flag = NORMAL, extra = 0): number =>
  from | (to << 9) | (flag << 18) | (extra << 22);
export const moveFrom = (m: number): number => m & 511;
export const moveTo = (m: number): number => (m >> 9) & 511;
export const moveFlag = (m: number): number => (m >> 18) & 15;
export const moveExtra = (m: number): number => (m >> 22) & 63;
