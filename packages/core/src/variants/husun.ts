/**
 * Shatranj al-Husun (Citadel chess). docs/rules.md §1; setup corrected as in Ludii's
 * `Shatranj al-Husun.lud` and the older diagram of the Chess Variant Pages article (seeds 000/001).
 */
import { REPETITION_DECISION, REPETITION_SWITCH, type VariantDef } from './variant.ts';

export const HUSUN: VariantDef = {
  id: 'husun',
  name: 'Shatranj al-Husun (Citadel chess)',
  family: 'husun',
  sources: [
    'Citadel chess – Shatranj al-husun, The Chess Variant Pages (after J. Gollon, Chess Variations: Ancient, Regional, and Modern)',
    'Shatranj al-Husun in the Ludii game database (Digital Ludeme Project)',
    'H. J. R. Murray, A History of Chess (Oxford, 1913)',
    'D. B. Pritchard, The Encyclopedia of Chess Variants (1994)',
  ],
  geometry: {
    files: 12,
    ranks: 12,
    holes: ['b1:k1', 'b12:k12', 'a2:a11', 'l2:l11'],
    citadels: [
      { square: 'a1', owner: 0 },
      { square: 'l1', owner: 0 },
      { square: 'a12', owner: 1 },
      { square: 'l12', owner: 1 },
    ],
  },
  letters: {
    king: 'K',
    general: 'F',
    rook: 'R',
    knight: 'N',
    elephant: 'E',
    warMachine: 'D',
    pawn: 'P',
  },
  arrays: [
    {
      id: 'standard',
      name: 'Standard',
      board:
        '1**********1/*rnedkfdenr*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*RNEDKFDENR*/1**********1',
    },
  ],
  rules: {
    royalty: 'king',
    stalemate: 'loss',
    pawn: { doubleStepRank: null, enPassant: false, promotion: ['general'], promotionRank: 10 },
    citadels: { mayStand: 'any', ownBarred: [], drawBy: ['king'] },
    castling: null,
    kingSwap: false,
    pawnOfPawns: false,
    rendezvous: null,
    centre: null,
    allSeeingEye: null,
    bareKing: false,
    moveRulePlies: null,
    repetition: 'switch',
    insufficientMaterial: false,
  },
  switches: [REPETITION_SWITCH],
  decisions: [
    "The setup: the Chess Variant Pages article's list of squares has typos (two pieces each on c2 and d2, Black's pieces on ranks the board does not have). We use the setup of the same article's older diagram and of the Ludii version: Kings face each other on the f-file.",
    'A pawn that captures into one of the far citadels is promoted to General, as on the last rank.',
    REPETITION_DECISION,
  ],
};
