/**
 * Evaluation tables of a ruleset, built once from its data, piece-square terms generated from
 * the geometry: material values from mobility (piece-values.ts), and for every
 * piece code and cell a middlegame and an endgame bonus:
 *   - pieces: CENTRALITY per move they have from that cell on an empty board, against their average;
 *   - pawns: advancement, more in the endgame and for pawns that promote to strong pieces;
 *   - royals: stay back in the middlegame, centralise in the endgame.
 */
import {
  EMPTY,
  FastPosition,
  OFF,
  STRIDE,
  generatePseudo,
  kindKey,
  moveFrom,
  pieceCode,
  startSetup,
  type Ruleset,
} from '@citadel/core';
import { deriveValues } from './piece-values.ts';
import { mobilityOf, weightsFor, type EvalWeights } from './eval-weights.ts';
import { learnedIndex, mainBoard } from './learned-psq.ts';
import { checkReach } from './safe-checks.ts';

export interface EvalTables {
  readonly rs: Ruleset;
  /** Material by piece code (middlegame / endgame). */
  readonly valueMg: Int32Array;
  readonly valueEg: Int32Array;
  /** Material + piece-square bonus by code * size + cell. */
  readonly psqMg: Int32Array;
  readonly psqEg: Int32Array;
  /**
   * The same two tables interleaved, middlegame at 2 * (code * size + cell) and endgame next to
   * it, so the evaluation reads one cache line per piece; 16-bit, half the memory (entries are
   * within ±1100; building tables with one beyond 16 bits throws).
   */
  readonly psqPairs: Int16Array;
  /**
   * Per-move mobility by piece code in tenths of a centipawn, middlegame / endgame (0 for pawns
   * and royals): integers, so both sides' sums are exact and the evaluation stays symmetric.
   */
  readonly mobilityMg: Int32Array;
  readonly mobilityEg: Int32Array;
  /** Phase weight of each code (non-pawn, non-royal material). */
  readonly phaseWeight: Int32Array;
  /** Sum of phase weights in the start position (phase 1 = opening). */
  readonly phaseTotal: number;
  /** 1 for codes that are royal pieces (King, Prince in the pool) or the Adventitious King. */
  readonly kingLike: Uint8Array;
  /** 1 for codes of pieces (not pawns or royals) that slide along files: rooks and the like. */
  readonly fileSlider: Uint8Array;
  /** 1 where a cell lies in the enemy half for a colour: index colour * size + cell. */
  readonly enemyHalf: Uint8Array;
  /** Cells of each colour's enemy citadels that its royals may enter (draw by entering). */
  readonly enemyCitadels: readonly [readonly number[], readonly number[]];
  readonly weights: EvalWeights;
  /** Material value by kind id (for SEE and move ordering). */
  readonly kindValue: Int32Array;
  /** Chebyshev distance between two cells: index a * size + b. */
  readonly distance: Uint8Array;
  /**
   * Per cell: steps to the nearest file edge plus steps to the nearest rank edge (0 in a corner),
   * for driving a lone royal to the edge (evaluate.ts, mop-up).
   */
  readonly centreness: Uint8Array;
  /** Half the largest centreness of the board, rounded down. */
  readonly centreMid: number;
  /**
   * Whether mop-up applies: only on boards without citadels (elsewhere the edge is the losing
   * royal's refuge).
   */
  readonly mopUp: boolean;
  /**
   * Per piece code, how far its attacks reach, for the search's cheap "can this move give check?"
   * test (`checkReach` in safe-checks.ts); null in variants where that test takes no shortcut.
   */
  readonly checkReach: Int8Array | null;
}

const CACHE = new WeakMap<Ruleset, EvalTables>();

/** The tables of a ruleset with the given weights (default: the tuned weights of its variant). */
export function evalTables(rs: Ruleset, weights?: EvalWeights): EvalTables {
  if (weights) return build(rs, weights);
  const cached = CACHE.get(rs);
  if (cached) return cached;
  const tables = build(rs, weightsFor(rs.def.id));
  CACHE.set(rs, tables);
  return tables;
}

/** Moves of a lone piece from each cell on an empty board. */
function loneMobility(rs: Ruleset, code: number): Map<number, number> {
  const pos = new FastPosition(rs);
  const board = new Uint8Array(rs.size).fill(OFF);
  const out = new Map<number, number>();
  for (const s of rs.geo.cells) {
    if (rs.stop[code * rs.size + s] !== 1) continue;
    for (const c of rs.geo.cells) board[c] = EMPTY;
    board[s] = code;
    pos.load({ board, side: code & 1, rights: 0, ep: -1, halfmove: 0, fullmove: 1 });
    const end = generatePseudo(pos, 0);
    let n = 0;
    for (let i = 0; i < end; i++) if (moveFrom(pos.moves[i]!) === s) n++;
    out.set(s, n);
  }
  return out;
}

function build(rs: Ruleset, w: EvalWeights): EvalTables {
  const size = rs.size;
  const geo = rs.geo;
  const values = deriveValues(rs);
  const kindValue = new Int32Array(64);
  const valueMg = new Int32Array(256);
  const valueEg = new Int32Array(256);
  const psqMg = new Int32Array(256 * size);
  const psqEg = new Int32Array(256 * size);
  const phaseWeight = new Int32Array(256);
  const mobilityMg = new Int32Array(256);
  const mobilityEg = new Int32Array(256);
  const kingLike = new Uint8Array(256);
  const fileSlider = new Uint8Array(256);
  const lastRank = geo.ranks - 1;
  // Learned tables apply where the main board has the size they were learned on.
  const box = mainBoard(rs);
  const psq = w.psq && w.psq.files === box.files && w.psq.ranks === box.ranks ? w.psq : null;
  for (const kind of rs.kinds) {
    const key = kindKey(kind);
    const base = Math.round((values.get(kind) ?? 0) * (w.valueScale[key] ?? 1));
    const isPawn = rs.isPawn[pieceCode(kind, 0)] === 1 || key === 'pawnOfPawnsWaiting';
    const royal = key === 'king' || (rs.royalPool && key === 'prince');
    const target = rs.arrivalKind[pieceCode(kind, 0)]!;
    // A pawn is worth more the stronger the piece it becomes (Tamerlane tags, pawn of pawns).
    const promotionValue = isPawn ? (target ? (values.get(target) ?? 300) : 300) : 0;
    let mg = base;
    let eg = base;
    if (key === 'pawnOfPawnsWaiting') mg = eg = w.pawnOfPawnsWaiting;
    else if (key === 'pawnOfPawns2' || key === 'pawnOfPawns3') mg = eg = w.pawnOfPawnsLater;
    else if (key === 'prince' && rs.royalPool) mg = eg = base + w.princeBonus;
    if (isPawn) eg = Math.round(eg * w.pawnEndgameFactor);
    const learned = psq?.kinds[key];
    // The phase keeps the generated values, so learned tables do not move the middlegame/endgame blend.
    const phase = isPawn || royal ? 0 : mg;
    if (learned) [mg, eg] = learned.value;
    kindValue[kind] = mg;
    const [perMoveMg, perMoveEg] = mobilityOf(w, key);
    for (const color of [0, 1] as const) {
      const code = pieceCode(kind, color);
      valueMg[code] = mg;
      valueEg[code] = eg;
      kingLike[code] = royal || key === 'adventitiousKing' ? 1 : 0;
      fileSlider[code] = !isPawn && !kingLike[code] && slidesAlongFiles(rs, code) ? 1 : 0;
      phaseWeight[code] = phase;
      mobilityMg[code] = phase > 0 ? Math.round(perMoveMg * 10) : 0;
      mobilityEg[code] = phase > 0 ? Math.round(perMoveEg * 10) : 0;
      const mobility = isPawn ? null : loneMobility(rs, code);
      const avg =
        mobility && mobility.size
          ? [...mobility.values()].reduce((a, b) => a + b, 0) / mobility.size
          : 0;
      for (const s of geo.cells) {
        let bonusMg = 0;
        let bonusEg = 0;
        const relRank = rs.relativeRank(color, geo.rankOf(s));
        if (isPawn) {
          const progress = Math.max(0, relRank - 2) / Math.max(1, lastRank - 3);
          const potential = Math.max(0, promotionValue - 100) / 400;
          bonusMg = Math.round(w.pawnAdvanceMg * progress * (1 + potential));
          bonusEg = Math.round(w.pawnAdvanceEg * progress * progress * (1 + potential));
          const fileFromCentre = Math.abs(geo.fileOf(s) - (geo.files - 1) / 2);
          bonusMg += Math.round(w.pawnCentreMg * Math.max(0, 2 - fileFromCentre));
        } else if (royal) {
          const m = mobility!.get(s) ?? 0;
          bonusMg = -w.royalAdvanceMg * Math.max(0, relRank - 1);
          bonusEg = Math.round(w.royalCentralityEg * (m - avg));
        } else if (mobility) {
          const m = mobility.get(s) ?? 0;
          bonusMg = Math.round(w.centralityMg * (m - avg));
          bonusEg = Math.round(w.centralityEg * (m - avg));
        }
        psqMg[code * size + s] = mg + bonusMg;
        psqEg[code * size + s] = eg + bonusEg;
        const i = learned ? learnedIndex(rs, box, s, color) : -1;
        if (i >= 0) {
          psqMg[code * size + s] = learned!.mg[i]!;
          psqEg[code * size + s] = learned!.eg[i]!;
        }
      }
    }
  }
  const phaseTotal = startPhase(rs, phaseWeight);
  const centreness = centrenessTable(rs);
  const enemyCitadels: [number[], number[]] = [[], []];
  for (const c of geo.citadels) {
    const owner = geo.citadelOwner[c]!;
    enemyCitadels[owner ^ 1]!.push(c);
  }
  return {
    rs,
    valueMg,
    valueEg,
    psqMg,
    psqEg,
    psqPairs: interleave(psqMg, psqEg),
    mobilityMg,
    mobilityEg,
    phaseWeight,
    phaseTotal,
    kingLike,
    fileSlider,
    enemyHalf: enemyHalfTable(rs),
    enemyCitadels,
    weights: w,
    kindValue,
    distance: distanceTable(rs),
    checkReach: checkReach(rs),
    centreness,
    centreMid: Math.max(...rs.geo.cells.map((c) => centreness[c]!)) >> 1,
    mopUp: geo.citadels.length === 0,
  };
}

/** Whether piece `code` has a slide straight forward or backward (a rook's). */
function slidesAlongFiles(rs: Ruleset, code: number): boolean {
  for (let j = rs.slideStart[code]!; j < rs.slideEnd[code]!; j++)
    if (Math.abs(rs.slideOff[j]!) === STRIDE) return true;
  return false;
}

function enemyHalfTable(rs: Ruleset): Uint8Array {
  const geo = rs.geo;
  const out = new Uint8Array(2 * rs.size);
  for (const color of [0, 1] as const)
    for (const c of geo.cells)
      out[color * rs.size + c] = 2 * rs.relativeRank(color, geo.rankOf(c)) >= geo.ranks ? 1 : 0;
  return out;
}

function centrenessTable(rs: Ruleset): Uint8Array {
  const geo = rs.geo;
  const out = new Uint8Array(rs.size);
  for (const c of geo.cells) {
    const f = geo.fileOf(c);
    const r = geo.rankOf(c);
    out[c] = Math.min(f, geo.files - 1 - f) + Math.min(r, geo.ranks - 1 - r);
  }
  return out;
}

function distanceTable(rs: Ruleset): Uint8Array {
  const geo = rs.geo;
  const out = new Uint8Array(rs.size * rs.size).fill(255);
  for (const a of geo.cells)
    for (const b of geo.cells)
      out[a * rs.size + b] = Math.max(
        Math.abs(geo.fileOf(a) - geo.fileOf(b)),
        Math.abs(geo.rankOf(a) - geo.rankOf(b)),
      );
  return out;
}

/** Phase weight of the start array (phase 1 = opening, 0 = no pieces but pawns and royals). */
function startPhase(rs: Ruleset, phaseWeight: Int32Array): number {
  const board = startSetup(rs).board;
  let total = 0;
  for (const s of rs.geo.cells) total += phaseWeight[board[s]!] ?? 0;
  return Math.max(1, total);
}

/** Two tables of one length as one of pairs: a[i] at 2i, b[i] at 2i + 1. */
function interleave(a: Int32Array, b: Int32Array): Int16Array {
  const out = new Int16Array(2 * a.length);
  for (let i = 0; i < a.length; i++) {
    if (Math.abs(a[i]!) > 0x7fff || Math.abs(b[i]!) > 0x7fff)
      throw new Error(`piece-square entry ${a[i]} / ${b[i]} does not fit 16 bits`);
    out[2 * i] = a[i]!;
    out[2 * i + 1] = b[i]!;
  }
  return out;
}
