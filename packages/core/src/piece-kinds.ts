/**
 * The catalogue of piece kinds of every variant, with their movement as data. A variant names
 * which kinds it uses and the letters it writes them with (`variants/*.ts`); letters are not
 * global because the sources reuse them (Tamerlane `D` leaps, Husun `D` slides).
 *
 * Sources: docs/rules.md §1-§5b (which cites the seeds, Ludii, H. G. Muller's diagram and
 * J.-L. Cazaux for Full Tamerlane).
 */

/** How a kind moves. Betza for the simple part, plus the multi-leg and minimum-distance moves. */
export interface MovementSpec {
  readonly betza: string;
  /** Slides that must travel at least 2 cells and whose first cell must be empty (picket, crocodile). */
  readonly longSlides?: 'diagonal' | 'orthogonal';
  /** The giraffe's bent move: diagonal step to an empty cell, then >= 3 orthogonally outward. */
  readonly giraffe?: boolean;
}

export interface KindInfo {
  readonly name: string;
  readonly movement: MovementSpec;
  /** Moves as a pawn (forward step, diagonal capture) and is subject to the variant's pawn rules. */
  readonly pawn?: boolean;
  /** For a Tamerlane tagged pawn: the kind it becomes on the last rank. */
  readonly promotesTo?: string;
}

const PAWN_MOVES: MovementSpec = { betza: 'fmWfcF' };

/** Kind keys in a fixed order; a kind's numeric id is its index + 1 (0 means "no piece"). */
export const KIND_INFO = {
  king: { name: 'King', movement: { betza: 'K' } },
  prince: { name: 'Prince', movement: { betza: 'K' } },
  adventitiousKing: { name: 'Adventitious King', movement: { betza: 'K' } },
  general: { name: 'General', movement: { betza: 'F' } },
  vizier: { name: 'Vizier', movement: { betza: 'W' } },
  giraffe: { name: 'Giraffe', movement: { betza: '', giraffe: true } },
  picket: { name: 'Picket', movement: { betza: '', longSlides: 'diagonal' } },
  knight: { name: 'Knight', movement: { betza: 'N' } },
  rook: { name: 'Rook', movement: { betza: 'R' } },
  warEngine: { name: 'War engine', movement: { betza: 'D' } },
  camel: { name: 'Camel', movement: { betza: 'C' } },
  elephant: { name: 'Elephant', movement: { betza: 'A' } },
  lion: { name: 'Lion', movement: { betza: 'H' } },
  bull: { name: 'Bull', movement: { betza: 'Z' } },
  sentinel: { name: 'Sentinel', movement: { betza: 'G' } },
  crocodile: { name: 'Crocodile', movement: { betza: '', longSlides: 'orthogonal' } },
  warMachine: { name: 'War machine', movement: { betza: 'B' } },
  bishop: { name: 'Bishop', movement: { betza: 'B' } },
  queen: { name: 'Queen', movement: { betza: 'Q' } },
  princess: { name: 'Princess', movement: { betza: 'BN' } },
  fortress: { name: 'Fortress', movement: { betza: 'RN' } },
  champion: { name: 'Champion', movement: { betza: 'WAD' } },
  wizard: { name: 'Wizard', movement: { betza: 'FN' } },
  pawn: { name: 'Pawn', movement: PAWN_MOVES, pawn: true },
  pawnOfRooks: { name: 'Pawn of rooks', movement: PAWN_MOVES, pawn: true, promotesTo: 'rook' },
  pawnOfKnights: {
    name: 'Pawn of knights',
    movement: PAWN_MOVES,
    pawn: true,
    promotesTo: 'knight',
  },
  pawnOfPickets: {
    name: 'Pawn of pickets',
    movement: PAWN_MOVES,
    pawn: true,
    promotesTo: 'picket',
  },
  pawnOfGiraffes: {
    name: 'Pawn of giraffes',
    movement: PAWN_MOVES,
    pawn: true,
    promotesTo: 'giraffe',
  },
  pawnOfGenerals: {
    name: 'Pawn of generals',
    movement: PAWN_MOVES,
    pawn: true,
    promotesTo: 'general',
  },
  pawnOfKings: { name: 'Pawn of kings', movement: PAWN_MOVES, pawn: true, promotesTo: 'prince' },
  pawnOfViziers: {
    name: 'Pawn of viziers',
    movement: PAWN_MOVES,
    pawn: true,
    promotesTo: 'vizier',
  },
  pawnOfElephants: {
    name: 'Pawn of elephants',
    movement: PAWN_MOVES,
    pawn: true,
    promotesTo: 'elephant',
  },
  pawnOfCamels: { name: 'Pawn of camels', movement: PAWN_MOVES, pawn: true, promotesTo: 'camel' },
  pawnOfWarEngines: {
    name: 'Pawn of war engines',
    movement: PAWN_MOVES,
    pawn: true,
    promotesTo: 'warEngine',
  },
  pawnOfLions: { name: 'Pawn of lions', movement: PAWN_MOVES, pawn: true, promotesTo: 'lion' },
  pawnOfBulls: { name: 'Pawn of bulls', movement: PAWN_MOVES, pawn: true, promotesTo: 'bull' },
  pawnOfSentinels: {
    name: 'Pawn of sentinels',
    movement: PAWN_MOVES,
    pawn: true,
    promotesTo: 'sentinel',
  },
  pawnOfCrocodiles: {
    name: 'Pawn of crocodiles',
    movement: PAWN_MOVES,
    pawn: true,
    promotesTo: 'crocodile',
  },
  /** Pawn of pawns, first life (docs/rules.md §2 stage 1 before its first arrival). */
  pawnOfPawns: {
    name: 'Pawn of pawns',
    movement: PAWN_MOVES,
    pawn: true,
    promotesTo: 'pawnOfPawnsWaiting',
  },
  /** Arrived once: immobile on the last rank, cannot be captured, waits to be relocated. */
  pawnOfPawnsWaiting: { name: 'Pawn of pawns (waiting)', movement: { betza: '' } },
  /** Second life, after the relocation; its next arrival sends it to the pawn of kings' cell. */
  pawnOfPawns2: {
    name: 'Pawn of pawns (second life)',
    movement: PAWN_MOVES,
    pawn: true,
    promotesTo: 'pawnOfPawns3',
  },
  /** Third life; its next arrival makes it the Adventitious King. */
  pawnOfPawns3: {
    name: 'Pawn of pawns (third life)',
    movement: PAWN_MOVES,
    pawn: true,
    promotesTo: 'adventitiousKing',
  },
} as const satisfies Record<string, KindInfo>;

export type KindKey = keyof typeof KIND_INFO;
export const KIND_KEYS = Object.keys(KIND_INFO) as KindKey[];
/** Numeric kind ids (1-based) by key. */
export const KIND: { readonly [K in KindKey]: number } = Object.fromEntries(
  KIND_KEYS.map((k, i) => [k, i + 1]),
) as { [K in KindKey]: number };
export const kindKey = (id: number): KindKey => KIND_KEYS[id - 1]!;
export const kindInfo = (id: number): KindInfo => KIND_INFO[kindKey(id)];
export const KIND_COUNT = KIND_KEYS.length;

/** Piece code in the fast layer: kind id * 2 + colour. 0 = empty cell, OFF = no cell. */
export const EMPTY = 0;
export const OFF = 255;
export const pieceCode = (kind: number, color: number): number => (kind << 1) | color;
export const codeKind = (code: number): number => code >> 1;
export const codeColor = (code: number): number => code & 1;
export const MAX_CODE = (KIND_COUNT + 1) * 2;
