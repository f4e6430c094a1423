/**
 * Rectangular stand-ins that Fairy-Stockfish can play too, for cross-checks and the perft
 * benchmark (issue: "husun without corners = 10x10, tamerlane without citadels = 11x10").
 * They are not games we offer; they exist so two independent engines can be compared.
 */
import { HUSUN } from './husun.ts';
import { PERSIAN_CELTIC } from './persian.ts';
import { TAMERLANE, TAMERLANE_FULL } from './tamerlane.ts';
import type { VariantDef } from './variant.ts';

/** Husun's inner 10x10 without the four corner citadels. */
export const HUSUN10: VariantDef = {
  ...HUSUN,
  id: 'husun10',
  name: 'Stand-in: Husun 10x10 without citadels',
  family: 'stand-in',
  geometry: { files: 10, ranks: 10, holes: [], citadels: [] },
  arrays: [
    {
      id: 'standard',
      name: 'Standard',
      board: 'rnedkfdenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEDKFDENR',
    },
  ],
  rules: {
    ...HUSUN.rules,
    pawn: { ...HUSUN.rules.pawn, promotionRank: 9 },
    citadels: null,
  },
  switches: [],
  decisions: [],
};

/**
 * Tamerlane's 11x10 main board without citadels, without giraffes and pickets (Fairy-Stockfish's
 * Betza reader cannot express them), every pawn an ordinary pawn promoting to the General, the
 * King alone royal, no king swap. Stalemate still loses.
 */
export const TAMERLANE11: VariantDef = {
  ...TAMERLANE,
  id: 'tamerlane11',
  name: 'Stand-in: Tamerlane 11x10 without citadels',
  family: 'stand-in',
  geometry: { files: 11, ranks: 10, holes: [], citadels: [] },
  letters: {
    king: 'K',
    general: 'F',
    vizier: 'W',
    knight: 'N',
    rook: 'R',
    warEngine: 'D',
    camel: 'C',
    elephant: 'E',
    pawn: 'P',
  },
  arrays: [
    {
      id: 'standard',
      name: 'Standard',
      board: 'e1c1d1d1c1e/rn2wkf2nr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RN2FKW2NR/E1C1D1D1C1E',
    },
  ],
  rules: {
    ...TAMERLANE.rules,
    royalty: 'king',
    pawn: { ...TAMERLANE.rules.pawn, promotion: ['general'] },
    citadels: null,
    kingSwap: false,
    pawnOfPawns: false,
  },
  switches: [],
  decisions: [],
};

/**
 * Tamerlane on its bare 11x10 rectangle: the same pieces, tags and rules, only the two citadels
 * taken away. Not playable by Fairy-Stockfish; the perft benchmark compares Tamerlane with it to
 * measure what the citadels and the non-rectangular board cost.
 */
export const TAMERLANE_RECT: VariantDef = {
  ...TAMERLANE,
  id: 'tamerlane-rect',
  name: 'Stand-in: Tamerlane on 11x10 without citadels',
  family: 'stand-in',
  geometry: { files: 11, ranks: 10, holes: [], citadels: [] },
  arrays: [
    {
      id: 'masculine',
      name: 'Masculine array',
      board:
        'e1c1d1d1c1e/rntgwkfgtnr/p[r]p[n]p[t]p[g]p[w]p[h]p[f]p[e]p[c]p[d]p[p]/11/11/11/11/' +
        'P[P]P[D]P[C]P[E]P[F]P[H]P[W]P[G]P[T]P[N]P[R]/RNTGFKWGTNR/E1C1D1D1C1E',
      kingsPawnStart: ['f3', 'f8'],
    },
  ],
  rules: { ...TAMERLANE.rules, citadels: null },
  switches: [],
  decisions: [],
};

/** Full Tamerlane on the bare 11x10, likewise (the perft benchmark's stand-in for it). */
export const TAMERLANE_FULL_RECT: VariantDef = {
  ...TAMERLANE_FULL,
  id: 'tamerlane-full-rect',
  name: 'Stand-in: Full Tamerlane on 11x10 without citadels',
  family: 'stand-in',
  geometry: { files: 11, ranks: 10, holes: [], citadels: [] },
  arrays: [
    {
      id: 'standard',
      name: 'Manuscript 7322 array',
      board:
        'elcbdsdbnle/rntgxkfgtnr/p[r]p[l]p[t]p[g]p[x]p[h]p[f]p[d]p[c]p[n]p[p]/2p[e]2p[s]2p[b]2/11/11/' +
        '2P[E]2P[S]2P[B]2/P[P]P[N]P[C]P[D]P[F]P[H]P[X]P[G]P[T]P[L]P[R]/RNTGFKXGTNR/ELNBDSDBCLE',
      kingsPawnStart: ['f3', 'f8'],
    },
  ],
  rules: { ...TAMERLANE_FULL.rules, citadels: null },
  switches: [],
  decisions: [],
};

/** Persian Chess (Celtic Citadel) on its bare 9x9: no citadels, no fortresses; for the benchmark. */
export const PERSIAN_RECT: VariantDef = {
  ...PERSIAN_CELTIC,
  id: 'persian-rect',
  name: 'Stand-in: Persian Chess on 9x9 without citadels',
  family: 'stand-in',
  geometry: { files: 9, ranks: 9, holes: [], citadels: [] },
  arrays: [
    {
      id: 'standard',
      name: 'Celtic Citadel without fortresses',
      board: 'rnbqkbsnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKBSNR',
    },
  ],
  rules: {
    ...PERSIAN_CELTIC.rules,
    pawn: { ...PERSIAN_CELTIC.rules.pawn, doubleStepRank: 1, promotionRank: 8 },
    citadels: null,
    castling: { kingFile: 4, rank: [0, 8], rookFiles: [0, 8], kingTargets: [2, 7] },
  },
  switches: [],
  decisions: [],
};
