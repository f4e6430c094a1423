/**
 * Shatranj al-Husun (Citadel chess). RULES.md §1; setup corrected as in Ludii's
 * `Shatranj al-Husun.lud` and the older diagram of the Chess Variant Pages article (seeds 000/001).
 */
import { REPETITION_SWITCH, type VariantDef } from './variant.ts';

export const HUSUN: VariantDef = {
  id: 'husun',
  name: 'Shatranj al-Husun (Citadel chess)',
  family: 'husun',
  sources: ['RULES.md §1', 'seeds 000/001 (Chess Variant Pages)', "Ludii 'Shatranj al-Husun.lud'"],
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
    'Setup corrected from the seed text (double-occupied c2/d2, Black on missing ranks) as in Ludii.',
    'A pawn capturing into a far citadel promotes too.',
    'House rule: threefold repetition draws only with the `repetition` switch (off by default).',
  ],
};
