/** FIDE chess and Shatranj as Fairy-Stockfish plays it (docs/rules.md §5b): baselines for cross-checks. */
import type { VariantDef } from './variant.ts';

export const CHESS: VariantDef = {
  id: 'chess',
  name: 'Chess (FIDE)',
  family: 'baseline',
  sources: ['FIDE Laws of Chess'],
  geometry: { files: 8, ranks: 8, holes: [], citadels: [] },
  letters: { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: 'P' },
  arrays: [
    { id: 'standard', name: 'Standard', board: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR' },
  ],
  rules: {
    royalty: 'king',
    stalemate: 'draw',
    pawn: {
      doubleStepRank: 1,
      enPassant: true,
      promotion: ['queen', 'rook', 'bishop', 'knight'],
      promotionRank: 7,
    },
    citadels: null,
    castling: { kingFile: 4, rank: [0, 7], rookFiles: [0, 7], kingTargets: [2, 6] },
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
    'The 50-move rule, threefold repetition and insufficient material draw automatically.',
  ],
};

export const SHATRANJ: VariantDef = {
  ...CHESS,
  id: 'shatranj',
  name: 'Shatranj',
  sources: [
    'Shatranj as the Fairy-Stockfish engine plays it',
    'H. J. R. Murray, A History of Chess (Oxford, 1913)',
  ],
  letters: { king: 'K', general: 'Q', rook: 'R', elephant: 'B', knight: 'N', pawn: 'P' },
  arrays: [
    { id: 'standard', name: 'Standard', board: 'rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR' },
  ],
  rules: {
    ...CHESS.rules,
    stalemate: 'loss',
    pawn: { doubleStepRank: null, enPassant: false, promotion: ['general'], promotionRank: 7 },
    castling: null,
    bareKing: true,
    moveRulePlies: 140,
    insufficientMaterial: false,
  },
  decisions: [
    'Letters as Fairy-Stockfish: Q is the fers (general), B the alfil (elephant).',
    'Stalemate and a bare king lose; a bared king that can bare the other at once draws (Fairy-Stockfish).',
    'Draw after 70 moves without capture or pawn move; threefold repetition draws.',
  ],
};
