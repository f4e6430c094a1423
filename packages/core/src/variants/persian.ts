/**
 * Persian Chess (9x9 citadel chess) and its four sub-variants. docs/rules.md §4; sources: seed 004
 * (the designer's home page) and the designer's open-source engine (acceptance perft numbers).
 */
import type { VariantDef } from './variant.ts';

const FILE = { b: 1, d: 3, e: 4, f: 5, g: 6, h: 7, i: 8, j: 9 } as const;

const PERSIAN_BASE: VariantDef = {
  id: 'persian-celtic',
  name: 'Persian Chess: Celtic Citadel',
  family: 'persian',
  sources: [
    'Persian Chess – An ancient game for today: the website of its designer, Anooshiravan Ahmadi, with the rules and a Play! page',
    'Persian Chess on The Chess Variant Pages, by its designer',
    "The designer's open-source engine (its move counts check our rules)",
  ],
  geometry: {
    files: 11,
    ranks: 11,
    holes: ['b1:j1', 'b11:j11', 'a2:a10', 'k2:k10'],
    citadels: [
      { square: 'a1', owner: 0 },
      { square: 'k1', owner: 0 },
      { square: 'a11', owner: 1 },
      { square: 'k11', owner: 1 },
    ],
  },
  letters: {
    king: 'K',
    queen: 'Q',
    rook: 'R',
    bishop: 'B',
    knight: 'N',
    pawn: 'P',
    princess: 'S',
    fortress: 'F',
    champion: 'C',
    wizard: 'W',
  },
  arrays: [
    {
      id: 'standard',
      name: 'Celtic Citadel',
      board:
        'f*********f/*rnbqkbsnr*/*ppppppppp*/*9*/*9*/*9*/*9*/*9*/*PPPPPPPPP*/*RNBQKBSNR*/F*********F',
    },
  ],
  rules: {
    royalty: 'king',
    stalemate: 'draw',
    pawn: {
      doubleStepRank: 2,
      enPassant: true,
      promotion: ['queen', 'rook', 'bishop', 'knight'],
      promotionRank: 9,
    },
    citadels: { mayStand: 'any', ownBarred: [], drawBy: ['king'] },
    castling: {
      kingFile: FILE.f,
      rank: [1, 9],
      rookFiles: [FILE.b, FILE.j],
      kingTargets: [FILE.d, FILE.i],
    },
    kingSwap: false,
    pawnOfPawns: false,
    rendezvous: null,
    centre: null,
    allSeeingEye: null,
    bareKing: false,
    moveRulePlies: 100,
    repetition: 'always',
    insufficientMaterial: true,
  },
  switches: [],
  decisions: [
    "Castling as the designer's rules give it: towards the Princess the King goes f2–i2 and the Rook j2–h2; towards the Queen the King goes f2–d2 and the Rook b2–e2 (Black the same on rank 10).",
    'The 50-move rule, threefold repetition and insufficient material (K v K, K+B v K, K+N v K) draw automatically.',
  ],
};

const RENDEZVOUS_DECISION =
  'Rendezvous: once per game the piece on g2 (g10) swaps with a friendly Bishop on h2 (h10); the right is lost only by using it.';

export const PERSIAN_CELTIC: VariantDef = PERSIAN_BASE;

export const PERSIAN_PRINCESS: VariantDef = {
  ...PERSIAN_BASE,
  id: 'persian-princess',
  name: 'Persian Chess: Persian Princess',
  arrays: [
    {
      id: 'standard',
      name: 'Persian Princess',
      board:
        'f*********f/*rnbqksbnr*/*ppppppppp*/*9*/*9*/*9*/*9*/*9*/*PPPPPPPPP*/*RNBQKSBNR*/F*********F',
    },
  ],
  rules: {
    ...PERSIAN_BASE.rules,
    rendezvous: {
      piece: 'princess',
      partner: 'bishop',
      fromFile: FILE.g,
      toFile: FILE.h,
      rank: [1, 9],
    },
    centre: { square: 'f6', allowed: ['pawn', 'princess'] },
  },
  decisions: [
    ...PERSIAN_BASE.decisions,
    RENDEZVOUS_DECISION,
    'Centre cell f6: only pawns and the Princess may stop there; sliders pass through.',
  ],
};

export const PERSIAN_EYE: VariantDef = {
  ...PERSIAN_PRINCESS,
  id: 'persian-eye',
  name: 'Persian Chess: Egyptian Eye',
  arrays: [{ ...PERSIAN_PRINCESS.arrays[0]!, name: 'Egyptian Eye' }],
  rules: { ...PERSIAN_PRINCESS.rules, centre: null, allSeeingEye: { square: 'f6' } },
  decisions: [
    ...PERSIAN_BASE.decisions,
    RENDEZVOUS_DECISION,
    'All-Seeing Eye on f6: nobody stops there (sliders pass through); both long diagonals count as attacked for both sides.',
  ],
};

export const PERSIAN_OMEGA: VariantDef = {
  ...PERSIAN_BASE,
  id: 'persian-omega',
  name: 'Persian Chess: Oriental Omega',
  arrays: [
    {
      id: 'standard',
      name: 'Oriental Omega',
      board:
        'w*********w/*rnbqkcbnr*/*ppppppppp*/*9*/*9*/*9*/*9*/*9*/*PPPPPPPPP*/*RNBQKCBNR*/W*********W',
    },
  ],
  rules: {
    ...PERSIAN_BASE.rules,
    rendezvous: {
      piece: 'champion',
      partner: 'bishop',
      fromFile: FILE.g,
      toFile: FILE.h,
      rank: [1, 9],
      switch: 'omega-rendezvous',
    },
  },
  switches: [
    {
      name: 'omega-rendezvous',
      values: ['on', 'off'],
      description: "the Champion may make the rendezvous (off: as the designer's engine plays)",
    },
  ],
  decisions: [
    ...PERSIAN_BASE.decisions,
    'The designer\'s written rules let the Champion make the rendezvous, his engine does not: we follow the written rules, and the "omega-rendezvous" switch turned off plays as the engine does.',
    "The Wizard steps one cell diagonally or leaps like a Knight (Omega Chess's Wizard leaps three and one instead).",
  ],
};
