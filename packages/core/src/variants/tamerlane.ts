/**
 * Tamerlane chess (Shatranj al-Kabir) and Full Tamerlane. docs/rules.md §2-§3; sources: Ludii
 * `Shatranj al-Kabir.lud`, H. G. Muller's Interactive Diagram, Wikipedia, J.-L. Cazaux, Forbes.
 */
import {
  REPETITION_DECISION,
  REPETITION_SWITCH,
  type RuleSwitchSpec,
  type VariantDef,
} from './variant.ts';

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
    'Shatranj al-Kabir in the Ludii game database (Digital Ludeme Project), after H. J. R. Murray, A History of Chess (Oxford, 1913), pp. 344–346',
    'Tamerlane chess, Wikipedia',
    "H. G. Muller's interactive diagram of Tamerlane chess, The Chess Variant Pages",
    "Jean-Louis Cazaux's pages on the history of chess",
    'D. Forbes, The History of Chess (London, 1860)',
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
    "Citadels: the descriptions place them differently; we give each player the citadel beside its own second rank, on that player's right: m2 for White, a9 for Black.",
    'The king swap is allowed when the King is in check or when no other move exists. While a player also has a Prince, neither of the two counts as in check.',
    'House rule: a pawn of pawns arriving a second time on an occupied royal cell goes to the nearest empty cell of that rank, ties towards file a.',
    'A pawn of pawns waiting on the last rank cannot be captured, so when the other side relocates its own pawn of pawns to attack two pieces, the waiting pawn is not one of them.',
    "Feminine array reconstructed from a diagram of Black's half; the Paris (1451) array is not yet available.",
    REPETITION_DECISION,
  ],
};

/** Full Tamerlane (manuscript 7322); the new pieces follow J.-L. Cazaux's proposal (docs/rules.md §3). */
export const TAMERLANE_FULL: VariantDef = {
  ...TAMERLANE,
  id: 'tamerlane-full',
  name: 'Full Tamerlane chess',
  sources: [
    ...TAMERLANE.sources,
    'British Museum manuscript no. 7322 (the setup with the new pieces)',
    'J.-L. Cazaux and R. Knowlton, A World of Chess (McFarland): moves for the new pieces',
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
    'The manuscript does not say how the new pieces move. The Lion, Bull and Sentinel leap three cells straight, three and two, and three diagonally, as Jean-Louis Cazaux and Rick Knowlton propose.',
    'House rule: the Crocodile moves like a rook of at least 2 cells whose first cell must be empty.',
  ],
};
