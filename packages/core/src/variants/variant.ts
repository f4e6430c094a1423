/**
 * What a variant is, as data (docs/design.md principle 4): its board, the kinds it uses with their
 * letters, its start arrays, and its rules. The few rules that are not plain movement are named
 * hooks (`citadels`, `kingSwap`, `pawnOfPawns`, `rendezvous`, `centre`, `allSeeingEye`,
 * `bareKing`) that the move generator reads after compilation. A variant is built by spreading a
 * parent and changing what differs.
 */
import type { GeometrySpec } from '../geometry.ts';
import type { KindKey } from '../piece-kinds.ts';

export const VARIANT_IDS = [
  'husun',
  'tamerlane',
  'tamerlane-full',
  'persian-celtic',
  'persian-princess',
  'persian-eye',
  'persian-omega',
  'chess',
  'shatranj',
] as const;
export type VariantId = (typeof VARIANT_IDS)[number];

export interface StartArray {
  readonly id: string;
  readonly name: string;
  /** Board field of the start position in our FEN (docs/formats.md). */
  readonly board: string;
  /** True where the array is reconstructed from incomplete sources (shown in the UI). */
  readonly reconstructed?: boolean;
  /** Cells where each side's pawn of kings starts (pawn of pawns' second arrival), by array. */
  readonly kingsPawnStart?: readonly [string, string];
}

export interface CastlingRule {
  /** 0-based file of the king and its rank per colour (0-based). */
  readonly kingFile: number;
  readonly rank: readonly [number, number];
  /** Files of the castling rooks and of the king's target: [queen side, king (or princess) side]. */
  readonly rookFiles: readonly [number, number];
  readonly kingTargets: readonly [number, number];
}

export interface RendezvousRule {
  /** The piece that makes the rendezvous from `from` onto a friendly bishop on `to` (files; rank 2 / 10). */
  readonly piece: KindKey;
  readonly partner: KindKey;
  readonly fromFile: number;
  readonly toFile: number;
  readonly rank: readonly [number, number];
  /** Rule switch that turns it off, if any. */
  readonly switch?: string;
}

export interface RuleSwitchSpec {
  readonly name: string;
  readonly values: readonly string[];
  /** The first value is the default. */
  readonly description: string;
}

export interface VariantRules {
  /** `king`: the King alone is royal; `pool`: King and Prince form Tamerlane's royal pool. */
  readonly royalty: 'king' | 'pool';
  /** What happens to the side that has no legal move and is not in check. */
  readonly stalemate: 'loss' | 'draw';
  readonly pawn: {
    /** 0-based rank from which White's pawns may double-step (Black's is mirrored), or null. */
    readonly doubleStepRank: number | null;
    readonly enPassant: boolean;
    /** Kinds a pawn may promote to (the player chooses), or `tag` for Tamerlane's tagged pawns. */
    readonly promotion: readonly KindKey[] | 'tag';
    /** 0-based rank from which White's pawns promote (Black's is mirrored). */
    readonly promotionRank: number;
  };
  readonly citadels: {
    /** `any`: every piece that can reach a citadel may stand there; `royals`: only these kinds. */
    readonly mayStand: 'any' | readonly KindKey[];
    /** Kinds that may not enter their own side's citadel. */
    readonly ownBarred: readonly KindKey[];
    /** Kinds whose entering the opponent's citadel draws the game at once. */
    readonly drawBy: readonly KindKey[];
  } | null;
  readonly castling: CastlingRule | null;
  readonly kingSwap: boolean;
  readonly pawnOfPawns: boolean;
  readonly rendezvous: RendezvousRule | null;
  /** A cell only some kinds may stop on (Persian Princess' f6); sliders pass through it. */
  readonly centre: { readonly square: string; readonly allowed: readonly KindKey[] } | null;
  /** The All-Seeing Eye: nobody stops on `square`; its long diagonals count as attacked. */
  readonly allSeeingEye: { readonly square: string } | null;
  /** Shatranj's bare-king rule as Fairy-Stockfish plays it. */
  readonly bareKing: boolean;
  /** Plies without capture or pawn move after which the game is drawn, or null. */
  readonly moveRulePlies: number | null;
  /** `always`: threefold repetition draws; `switch`: only when the `repetition` switch is on. */
  readonly repetition: 'always' | 'switch';
  readonly insufficientMaterial: boolean;
}

export interface VariantDef {
  readonly id: string;
  readonly name: string;
  readonly family: 'husun' | 'tamerlane' | 'persian' | 'baseline' | 'stand-in';
  readonly sources: readonly string[];
  readonly geometry: GeometrySpec;
  /** Kinds used, with their FEN/SAN letters (upper case). */
  readonly letters: Partial<Record<KindKey, string>>;
  readonly arrays: readonly StartArray[];
  readonly rules: VariantRules;
  readonly switches: readonly RuleSwitchSpec[];
  /** Our departures from a source, one line each (README and rules page). */
  readonly decisions: readonly string[];
}

/** The repetition house rule in plain words, for the variants that have the switch. */
export const REPETITION_DECISION =
  'House rule: threefold repetition is a draw only when the "repetition" rule switch is on (off by default); the historical sources do not mention repetition.';

export const REPETITION_SWITCH: RuleSwitchSpec = {
  name: 'repetition',
  values: ['off', 'on'],
  description: 'house rule: threefold repetition draws',
};
