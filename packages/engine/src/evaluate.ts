/**
 * Static evaluation from the side to move's point of view, tapered between middlegame and
 * endgame by the non-pawn material left. Terms (weights in eval-weights.ts):
 *   1. material and piece-square bonuses (eval-tables.ts);
 *   2. pawn structure: doubled, isolated, passed pawns (kept per structure: pawn-table.ts);
 *      rooks (file sliders) on files without own pawns (open, or half open: enemy pawns only);
 *   3. royal safety: enemy pieces near our royal, own pawns in front of it;
 *   4. special rules: an unused king swap, being near an enemy citadel when behind (a royal that
 *      enters it draws), the pawn of pawns' stages and the Prince (in the tables); on boards
 *      without citadels, mop-up: the side well ahead drives a royal without pawns to the edge;
 *   5. mobility of the pieces, weighted per kind (eval-tables), and the move's tempo;
 *   6. threats (pieces attacked by cheaper ones, or attacked and undefended) and attacks on the
 *      cells around each royal, from the attack map (attack-map.ts); outposts (pieces but rooks
 *      in the enemy half that a pawn defends and no enemy pawn can drive away), from the board.
 */
import {
  EMPTY,
  OFF,
  PAD,
  RAY_OFFSETS,
  STRIDE,
  type FastPosition,
  type Ruleset,
} from '@citadel/core';
import type { EvalTables } from './eval-tables.ts';
import { AttackMap } from './attack-map.ts';
import { PAWN_FILES as FILES, PawnTable } from './pawn-table.ts';
/** Entries of the evaluation cache (a power of two). */
const CACHE_SIZE = 1 << 16;
/** Royal danger units per enemy attack on a cell next to the royal, and per such cell only the royal defends. */
const DANGER_PER_ATTACK = 8;
const DANGER_PER_WEAK_CELL = 12;
/**
 * Mop-up is centred on a middling royal distance (and, in the tables, a middling centreness), so
 * the term is about zero on average when it switches on and a capture is not worth more for it.
 */
const MOP_UP_MID_DISTANCE = 4;
/** Cap of the royal-danger penalty (centipawns, before its weight). */
const MAX_DANGER = 600;

/** Whether `p` (a board code) is a pawn of side `c`. */
function isPawnOf(rs: Ruleset, p: number, c: number): boolean {
  return p !== EMPTY && p !== OFF && (p & 1) === c && rs.isPawn[p] === 1;
}

export class Evaluator {
  /** What the pawns alone decide, per pawn structure (pawn-table.ts). */
  private readonly pawns: PawnTable;
  /** The pawn table's entry of the position being evaluated (set in step 2, read by later steps). */
  private pawnEntry = 0;
  /** Cells of each side's file sliders (rooks), up to 8 a side. */
  private readonly rookCells = new Int16Array(2 * 8);
  private readonly rookTotal = new Int32Array(2);
  private readonly material = new Int32Array(2);
  private readonly near = new Int32Array(2);

  /** Evaluation cache by position hash: both key halves and the score of each entry. */
  private readonly cacheLo = new Int32Array(CACHE_SIZE);
  private readonly cacheHi = new Int32Array(CACHE_SIZE).fill(-1);
  private readonly cacheScore = new Int32Array(CACHE_SIZE);

  private readonly attacks: AttackMap;

  constructor(readonly t: EvalTables) {
    this.attacks = new AttackMap(t);
    this.pawns = new PawnTable(t);
  }

  /** The evaluation of `pos`, from a cache when this position was evaluated recently. */
  evaluate(pos: FastPosition): number {
    const i = pos.hashLo & (CACHE_SIZE - 1);
    if (this.cacheLo[i] === pos.hashLo && this.cacheHi[i] === pos.hashHi)
      return this.cacheScore[i]!;
    const score = this.compute(pos);
    this.cacheLo[i] = pos.hashLo;
    this.cacheHi[i] = pos.hashHi;
    this.cacheScore[i] = score;
    return score;
  }

  private compute(pos: FastPosition): number {
    const t = this.t;
    const rs = t.rs;
    const w = t.weights;
    const geo = rs.geo;
    const size = rs.size;
    const board = pos.board;
    const dist = t.distance;
    const psq = t.psqPairs;
    let mg = 0;
    let eg = 0;
    let phase = 0;
    const material = this.material;
    const near = this.near;
    material[0] = material[1] = 0;
    near[0] = near[1] = 0;
    this.rookTotal[0] = this.rookTotal[1] = 0;
    const royal0 = pos.kingSq[0]! >= 0 ? pos.kingSq[0]! : pos.princeSq[0]!;
    const royal1 = pos.kingSq[1]! >= 0 ? pos.kingSq[1]! : pos.princeSq[1]!;

    // 1. Material and piece-square terms; pieces near the enemy royal and rooks on the way.
    for (let c = 0; c < 2; c++) {
      const sign = c === 0 ? 1 : -1;
      const enemyRoyal = c === 0 ? royal1 : royal0;
      const count = pos.pieceCount[c]!;
      for (let i = 0; i < count; i++) {
        const s = pos.pieceAt(c, i);
        const code = board[s]!;
        const at = 2 * (code * size + s);
        mg += sign * psq[at]!;
        eg += sign * psq[at + 1]!;
        phase += t.phaseWeight[code]!;
        material[c] = material[c]! + t.valueMg[code]!;
        if (rs.isPawn[code] === 1) continue;
        if (enemyRoyal >= 0 && dist[enemyRoyal * size + s]! <= 2) near[c]!++;
        // A rook in a citadel stands on no file of the main board: no file bonus.
        if (t.fileSlider[code] === 1 && geo.citadelOwner[s] === -1 && this.rookTotal[c]! < 8)
          this.rookCells[c * 8 + this.rookTotal[c]!++] = s;
      }
    }

    // 2. Pawn structure, from the pawn table.
    const pawns = this.pawns;
    const entry = pawns.entryOf(pos);
    this.pawnEntry = entry;
    mg += pawns.mg[entry]!;
    eg += pawns.eg[entry]!;
    const pawnCounts = entry * 2 * FILES;

    // 2b. Rooks on files without own pawns: open (no pawns at all) or half open (enemy pawns).
    for (let c = 0; c < 2; c++) {
      const sign = c === 0 ? 1 : -1;
      for (let i = 0; i < this.rookTotal[c]!; i++) {
        const f = this.rookCells[c * 8 + i]! & (STRIDE - 1);
        if (pawns.count[pawnCounts + c * FILES + f]! > 0) continue;
        const open = pawns.count[pawnCounts + (c ^ 1) * FILES + f] === 0;
        mg += sign * (open ? w.rookOpenFileMg : w.rookHalfOpenFileMg);
        eg += sign * (open ? w.rookOpenFileEg : w.rookHalfOpenFileEg);
      }
    }

    // 3. Royal safety (middlegame) and 4. special rules.
    const phase256 = Math.min(256, ((phase * 256) / t.phaseTotal) | 0);
    for (let c = 0; c < 2; c++) {
      const sign = c === 0 ? 1 : -1;
      const k = c === 0 ? royal0 : royal1;
      if (k < 0) continue;
      const them = c ^ 1;
      const fwd = c === 0 ? 16 : -16;
      let shield = 0;
      for (let d = -1; d <= 1; d++) {
        if (isPawnOf(rs, board[k + fwd + d]!, c)) shield++;
      }
      mg += sign * (w.pawnShield * shield - w.attackerNearRoyal * near[them]!);
      if (rs.kingSwap && (pos.rights & (c === 0 ? 16 : 32)) !== 0) {
        mg += sign * w.unusedKingSwap;
        eg += sign * w.unusedKingSwap;
      }
      const citadels = t.enemyCitadels[c]!;
      if (citadels.length > 0 && material[c]! + w.behindMargin < material[them]!) {
        let best = 99;
        for (let i = 0; i < citadels.length; i++) {
          const d = dist[citadels[i]! * size + k]!;
          if (d < best) best = d;
        }
        const run = w.citadelRun * Math.max(0, geo.ranks - best);
        mg += sign * run;
        eg += sign * run;
      }
      const enemy = c === 0 ? royal1 : royal0;
      if (
        t.mopUp &&
        enemy >= 0 &&
        pawns.total[2 * entry + them] === 0 &&
        material[c]! >= material[them]! + w.behindMargin
      ) {
        const mopUp =
          w.mopUpEdge * (t.centreMid - t.centreness[enemy]!) +
          w.mopUpClose * (MOP_UP_MID_DISTANCE - dist[k * size + enemy]!);
        eg += sign * mopUp;
      }
    }

    // 5. Mobility of the pieces (pawns and royals left out), both sides, filling the attack map.
    const map = this.attacks;
    map.reset();
    map.scan(pos, 0);
    const whiteMg = map.mobilityMg;
    const whiteEg = map.mobilityEg;
    map.scan(pos, 1);
    // Tenths of a centipawn, truncated toward zero so that the colours stay symmetric.
    mg += Math.trunc((whiteMg - map.mobilityMg) / 10);
    eg += Math.trunc((whiteEg - map.mobilityEg) / 10);

    // 6. Threats against each side's pieces, outposts, and attacks around its royal.
    const outpostsOn = w.outpostMg !== 0 || w.outpostEg !== 0;
    for (let c = 0; c < 2; c++) {
      const sign = c === 0 ? 1 : -1;
      const them = c ^ 1;
      const count = pos.pieceCount[c]!;
      let lesser = 0;
      let hanging = 0;
      let trapped = 0;
      let outposts = 0;
      for (let i = 0; i < count; i++) {
        const s = pos.pieceAt(c, i);
        const code = board[s]!;
        if (t.kingLike[code]) continue;
        const value = t.valueMg[code]!;
        const advancedPiece = rs.isPawn[code] !== 1 && t.enemyHalf[c * size + s] === 1;
        if (outpostsOn && advancedPiece && t.fileSlider[code] !== 1 && this.isOutpost(board, s, c))
          outposts++;
        // A piece in the enemy half with at most one safe move is nearly trapped (a war machine
        // that took a pawn behind the enemy's lines): the search would see it caught too late.
        if (w.trappedPiece !== 0 && advancedPiece) {
          const safe = map.safeMoves(pos, s, c, value, 1);
          if (safe <= 1) trapped += safe === 0 ? value : value >> 1;
        }
        if (map.attackers(them, s) === 0) continue;
        if (map.cheapestAttacker(them, s) < value) lesser++;
        else if (map.attackers(c, s) === 0) hanging++;
      }
      const trappedCost = ((trapped * w.trappedPiece) / 100) | 0;
      mg -= sign * (w.threatByLesserMg * lesser + w.hangingMg * hanging + trappedCost);
      eg -= sign * (w.threatByLesserEg * lesser + w.hangingEg * hanging + trappedCost);
      mg += sign * w.outpostMg * outposts;
      eg += sign * w.outpostEg * outposts;
      const k = c === 0 ? royal0 : royal1;
      if (k < 0) continue;
      // Attacks on the royal's 8 neighbours, and how many of them only the royal defends.
      let zone = 0;
      let weak = 0;
      for (let d = 0; d < 8; d++) {
        const cell = k + RAY_OFFSETS[d]!;
        const attacks = map.attackers(them, cell);
        if (attacks === 0) continue;
        zone += attacks;
        if (map.attackers(c, cell) <= 1) weak++;
      }
      // Danger grows with the square of the attack, so a lone attacker costs little and a
      // massed attack a lot (the shape of Stockfish's classical king danger).
      const units = DANGER_PER_ATTACK * zone + DANGER_PER_WEAK_CELL * weak;
      const danger = Math.min(MAX_DANGER, (units * units) >> 7);
      mg -= sign * ((w.royalZoneAttack * zone + (danger * w.royalDanger) / 100) | 0);
    }

    // Rounded toward zero, so that exchanging the colours only changes the sign.
    const score = Math.trunc((mg * phase256 + eg * (256 - phase256)) / 256);
    return (pos.side === 0 ? score : -score) + w.tempo;
  }

  /**
   * Whether side `c`'s piece on `s` stands on an outpost: an own pawn defends it (pawns capture
   * one step diagonally forward in every variant, docs/rules.md) and no enemy pawn on a
   * neighbouring file is still in front of it, so none can ever drive it away. Uses the pawn-table
   * entry.
   */
  private isOutpost(board: Uint8Array, s: number, c: number): boolean {
    const behind = s + (c === 0 ? -STRIDE : STRIDE);
    const rs = this.t.rs;
    if (!isPawnOf(rs, board[behind - 1]!, c) && !isPawnOf(rs, board[behind + 1]!, c)) return false;
    const f = s & (STRIDE - 1);
    const r = (s >> 4) - PAD;
    for (let g = f - 1; g <= f + 1; g += 2) {
      if (g < 0 || g >= rs.geo.files) continue;
      if (this.pawns.enemyPawnAhead(this.pawnEntry, g, r, c)) return false;
    }
    return true;
  }
}
