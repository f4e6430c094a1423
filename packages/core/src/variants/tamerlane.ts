/**
 * Tamerlane chess (Shatranj al-Kabir) and Full Tamerlane. RULES.md §2-§3; sources: Ludii
 * `Shatranj al-Kabir.lud`, H. G. Muller's Interactive Diagram, Wikipedia, J.-L. Cazaux, Forbes.
 */
import { REPETITION_SWITCH, type RuleSwitchSpec, type VariantDef } from './variant.ts';

const TAMERLANE_SWITCHES: readonly RuleSwitchSpec[] = [
  REPETITION_SWITCH,
  {
    name: 'pawn-of-pawns-occupied',
    values: ['off', 'on'],
    description:
      'the relocating pawn of pawns may land on an occupied cell, removing the occupant (never a king)',
  },
  {
    name: 'citadel-claim-or-swap',
    values: ['off', 'on'],
    description:
      'entering the enemy citadel lets the player claim the draw or swap the king with his Prince / Adventitious King',
  },
];

export const TAMERLANE: VariantDef = {
  id: 'tamerlane',
  name: 'Tamerlane chess (Shatranj al-Kabir)',
  family: 'tamerlane',
  sources: [
    'RULES.md §2',
    'seeds 002/003',
    "Ludii 'Shatranj al-Kabir.lud'",
    "H. G. Muller's Interactive Diagram (chessvariants.com)",
    'Wikipedia "Tamerlane chess"; J.-L. Cazaux; D. Forbes, History of Chess (1860)',
  ],
  geometry: {
    files: 13,
    ranks: 10,
    holes: ['a1:a8', 'a10', 'm1', 'm3:m10'],
    citadels: [
      { square: 'm2', owner: 0 },
      { square: 'a9', owner: 1 },
    ],
  },
  letters: {
    king: 'K',
    prince: 'H',
    adventitiousKing: 'A',
    general: 'F',
    vizier: 'W',
    giraffe: 'G',
    picket: 'T',
    knight: 'N',
    rook: 'R',
    warEngine: 'D',
    camel: 'C',
    elephant: 'E',
    pawnOfRooks: 'P',
    pawnOfKnights: 'P',
    pawnOfPickets: 'P',
    pawnOfGiraffes: 'P',
    pawnOfGenerals: 'P',
    pawnOfKings: 'P',
    pawnOfViziers: 'P',
    pawnOfElephants: 'P',
    pawnOfCamels: 'P',
    pawnOfWarEngines: 'P',
    pawnOfPawns: 'P',
    pawnOfPawnsWaiting: 'P',
    pawnOfPawns2: 'P',
    pawnOfPawns3: 'P',
  },
  arrays: [
    {
      id: 'masculine',
      name: 'Masculine array',
      board:
        '*e1c1d1d1c1e*/1rntgwkfgtnr*/*p[r]p[n]p[t]p[g]p[w]p[h]p[f]p[e]p[c]p[d]p[p]*/*11*/*11*/*11*/*11*/' +
        '*P[P]P[D]P[C]P[E]P[F]P[H]P[W]P[G]P[T]P[N]P[R]*/*RNTGFKWGTNR1/*E1C1D1D1C1E*',
      kingsPawnStart: ['g3', 'g8'],
    },
    {
      id: 'feminine',
      name: 'Feminine array (reconstructed)',
      reconstructed: true,
      board:
        '*e1c1wkf1c1e*/1rntgdp[h]dgtnr*/*p[r]p[n]p[t]p[g]p[w]1p[f]p[e]p[c]p[d]p[p]*/*11*/*11*/*11*/*11*/' +
        '*P[P]P[D]P[C]P[E]P[F]1P[W]P[G]P[T]P[N]P[R]*/*RNTGDP[H]DGTNR1/*E1C1FKW1C1E*',
      kingsPawnStart: ['g2', 'g9'],
    },
  ],
  rules: {
    royalty: 'pool',
    stalemate: 'loss',
    pawn: { doubleStepRank: null, enPassant: false, promotion: 'tag', promotionRank: 9 },
    citadels: {
      mayStand: ['king', 'prince', 'adventitiousKing'],
      ownBarred: ['king', 'prince'],
      drawBy: ['king', 'prince'],
    },
    castling: null,
    kingSwap: true,
    pawnOfPawns: true,
    rendezvous: null,
    centre: null,
    allSeeingEye: null,
    bareKing: false,
    moveRulePlies: null,
    repetition: 'switch',
    insufficientMaterial: false,
  },
  switches: TAMERLANE_SWITCHES,
  decisions: [
    'Citadels: m2 belongs to White, a9 to Black (the seeds disagree; RULES.md §2).',
    'King swap allowed when the King is in check (with King and Prince on the board neither is in check) or no other move exists.',
    'House rule: a pawn of pawns arriving a second time on an occupied royal cell goes to the nearest empty cell of that rank, ties towards file a.',
    'A waiting pawn of pawns cannot be captured, so it is never an attacked target for the relocation test.',
    "Feminine array reconstructed from a diagram of Black's half; the Paris (1451) array is not yet available.",
    'House rule: threefold repetition draws only with the `repetition` switch (off by default).',
  ],
};

/** Full Tamerlane (manuscript 7322); the new pieces follow J.-L. Cazaux's proposal (RULES.md §3). */
export const TAMERLANE_FULL: VariantDef = {
  ...TAMERLANE,
  id: 'tamerlane-full',
  name: 'Full Tamerlane chess',
  sources: [
    ...TAMERLANE.sources,
    'RULES.md §3',
    'British Museum manuscript 7322',
    'J.-L. Cazaux (new pieces)',
  ],
  letters: {
    ...TAMERLANE.letters,
    lion: 'L',
    bull: 'B',
    sentinel: 'S',
    crocodile: 'X',
    pawnOfLions: 'P',
    pawnOfBulls: 'P',
    pawnOfSentinels: 'P',
    pawnOfCrocodiles: 'P',
  },
  arrays: [
    {
      id: 'standard',
      name: 'Manuscript 7322 array',
      board:
        '*elcbdsdbnle*/1rntgxkfgtnr*/*p[r]p[l]p[t]p[g]p[x]p[h]p[f]p[d]p[c]p[n]p[p]*/*2p[e]2p[s]2p[b]2*/*11*/*11*/' +
        '*2P[E]2P[S]2P[B]2*/*P[P]P[N]P[C]P[D]P[F]P[H]P[X]P[G]P[T]P[L]P[R]*/*RNTGFKXGTNR1/*ELNBDSDBCLE*',
      kingsPawnStart: ['g3', 'g8'],
    },
  ],
  decisions: [
    ...TAMERLANE.decisions,
    'Lion, Bull and Sentinel leap (3,0), (3,2), (3,3) as J.-L. Cazaux proposes.',
    'House rule: the Crocodile moves like a rook of at least 2 cells whose first cell must be empty.',
  ],
};
