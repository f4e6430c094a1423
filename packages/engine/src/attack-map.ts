/**
 * Mobility and an attack map for the evaluation, from one scan of each side's pieces.
 *
 * Mobility: how many cells each piece (not pawns, not royals) could move to — its leaps and
 * slides from the compiled tables, counted without writing moves. The giraffe's bent move is
 * counted roughly (two lines per free first step); legality (pins) is ignored, as usual.
 *
 * Attack map: for each side and cell, how many of its pieces (pawns and royals included) attack
 * the cell and the value of the cheapest of them. Occupied cells count too, so the map also says
 * which pieces are defended. The giraffe's attacks are left out (rare, and costly to trace).
 * The map is cleared before each position (a few hundred bytes). Both facts share one integer per
 * side and cell (`packCell`), updated without a branch: the scan marks every attacked cell.
 *
 * Leaps are read from lists per piece and cell, built once, that hold only the targets on the
 * board where the piece may stand (the scan is most of the evaluation's time, and leapers near
 * an edge would otherwise try many targets off the board).
 */
import {
  CODE_SPACE,
  EMPTY,
  MODE_CAPTURE,
  MODE_MOVE,
  OFF,
  STRIDE,
  type FastPosition,
  type Ruleset,
} from '@citadel/core';
import type { EvalTables } from './eval-tables.ts';

const DIAGONAL_STEPS = [STRIDE + 1, STRIDE - 1, -STRIDE + 1, -STRIDE - 1] as const;
/** The attack value of a royal: more than any piece, so a royal is never the "lesser" attacker. */
export const ROYAL_ATTACKER = 1 << 20;
/**
 * A map cell holds (CHEAPEST_CEILING - cheapest attacker's value) << 8 | attackers, so that an
 * empty cell is 0 (cleared by a fill) and a new attacker keeps the larger of the first parts
 * (the cheaper attacker) and adds one to the count (at most 255: there are fewer pieces).
 */
const CHEAPEST_CEILING = ROYAL_ATTACKER * 2;
const COUNT_MASK = 0xff;

/** A leap list entry is its target cell << LEAP_MODE_BITS | its mode (MODE_BOTH, MODE_MOVE, MODE_CAPTURE). */
const LEAP_MODE_BITS = 2;
const LEAP_MODE_MASK = (1 << LEAP_MODE_BITS) - 1;

/**
 * Each piece code's leaps from each cell: entries first[c * size + s] to first[c * size + s + 1]
 * of `leap` (target and mode packed, LEAP_MODE_BITS), only to cells on the board where the piece
 * may stand.
 */
function leapLists(rs: Ruleset): { first: Int32Array; leap: Int32Array } {
  const first = new Int32Array(CODE_SPACE * rs.size + 1);
  const leap: number[] = [];
  for (let code = 0; code < CODE_SPACE; code++) {
    for (let from = 0; from < rs.size; from++) {
      first[code * rs.size + from] = leap.length;
      if (rs.geo.exists[from] !== 1) continue;
      for (let j = rs.leapStart[code]!; j < rs.leapEnd[code]!; j++) {
        const target = from + rs.leapOff[j]!;
        if (target < 0 || target >= rs.size || rs.stop[code * rs.size + target] !== 1) continue;
        leap.push((target << LEAP_MODE_BITS) | rs.leapMode[j]!);
      }
    }
  }
  first[CODE_SPACE * rs.size] = leap.length;
  return { first, leap: Int32Array.from(leap) };
}

/** Whether side `c`'s leap of `mode` may end on a cell holding `occupant`. */
function leapLands(occupant: number, mode: number, c: number): boolean {
  return occupant === EMPTY ? mode !== MODE_CAPTURE : (occupant & 1) !== c && mode !== MODE_MOVE;
}

/** The first cell of slide `j` from `from` (past the free first step of a two-step start), or -1. */
function slideFrom(rs: Ruleset, board: Uint8Array, from: number, j: number): number {
  const off = rs.slideOff[j]!;
  if (rs.slideMin[j] !== 2) return from + off;
  return board[from + off] === EMPTY ? from + 2 * off : -1;
}

export class AttackMap {
  /** Per side and cell (index side * size + cell): attackers and cheapest value, packed. */
  private readonly cells: Int32Array;
  private readonly size: number;
  /** Each piece code's value as an attacker (a royal's is ROYAL_ATTACKER), complemented as stored. */
  private readonly attackerKey: Int32Array;

  /** Leaps per piece code and cell (`leapLists`). */
  private readonly leapFirst: Int32Array;
  private readonly leap: Int32Array;

  constructor(private readonly t: EvalTables) {
    const n = 2 * t.rs.size;
    this.size = t.rs.size;
    this.cells = new Int32Array(n);
    this.attackerKey = new Int32Array(CODE_SPACE).map(
      (_, code) => (CHEAPEST_CEILING - (t.kingLike[code] ? ROYAL_ATTACKER : t.valueMg[code]!)) << 8,
    );
    const leaps = leapLists(t.rs);
    this.leapFirst = leaps.first;
    this.leap = leaps.leap;
  }

  /** Forget the previous position's attacks. */
  reset(): void {
    this.cells.fill(0);
  }

  /** Attackers of side `c` on `cell` in the last scan. */
  attackers(c: number, cell: number): number {
    return this.cells[c * this.size + cell]! & COUNT_MASK;
  }

  /** Value of side `c`'s cheapest attacker of `cell` (meaningful when `attackers` > 0). */
  cheapestAttacker(c: number, cell: number): number {
    return CHEAPEST_CEILING - (this.cells[c * this.size + cell]! >> 8);
  }

  /** One more attacker, of complemented value `key` (`attackerKey`), on map index `i`. */
  private mark(i: number, key: number): void {
    const old = this.cells[i]!;
    this.cells[i] = (Math.max(old & ~COUNT_MASK, key) | (old & COUNT_MASK)) + 1;
  }

  /**
   * Mobility of the last scanned side in tenths of a centipawn, weighted per kind (eval-tables
   * `mobilityMg` / `mobilityEg`).
   */
  mobilityMg = 0;
  mobilityEg = 0;

  /**
   * Safe moves of side `c`'s piece on `from` after both sides were scanned: moves to cells the
   * enemy does not attack, or captures of a piece worth at least `value`. Counting stops above
   * `limit` (callers only ask whether a piece is nearly trapped).
   */
  safeMoves(pos: FastPosition, from: number, c: number, value: number, limit: number): number {
    const rs = pos.rs;
    const board = pos.board;
    const enemy = (c ^ 1) * this.size;
    const code = board[from]!;
    const base = code * this.size;
    let n = 0;
    const leapEnd = this.leapFirst[base + from + 1]!;
    for (let j = this.leapFirst[base + from]!; j < leapEnd; j++) {
      const to = this.leap[j]! >> LEAP_MODE_BITS;
      if (
        leapLands(board[to]!, this.leap[j]! & LEAP_MODE_MASK, c) &&
        this.isSafe(board, to, enemy, value) &&
        ++n > limit
      )
        return n;
    }
    for (let j = rs.slideStart[code]!; j < rs.slideEnd[code]!; j++) {
      const off = rs.slideOff[j]!;
      for (let to = slideFrom(rs, board, from, j); to >= 0; to += off) {
        const occupant = board[to]!;
        if (occupant === OFF || (occupant !== EMPTY && (occupant & 1) === c)) break;
        if (rs.stop[base + to] === 1 && this.isSafe(board, to, enemy, value) && ++n > limit)
          return n;
        if (occupant !== EMPTY) break;
      }
    }
    return n;
  }

  /** A target the enemy (map index base `enemy`) does not attack, or holding a piece worth `value` or more. */
  private isSafe(board: Uint8Array, to: number, enemy: number, value: number): boolean {
    const occupant = board[to]!;
    return (
      (this.cells[enemy + to]! & COUNT_MASK) === 0 ||
      (occupant !== EMPTY && this.t.valueMg[occupant]! >= value)
    );
  }

  /** Scans side `c`'s pieces into the map and sets its weighted mobility (see above). */
  scan(pos: FastPosition, c: number): void {
    const t = this.t;
    const rs = pos.rs;
    const board = pos.board;
    const size = rs.size;
    const stop = rs.stop;
    const side = c * size;
    const fwd = c === 0 ? STRIDE : -STRIDE;
    let mobilityMg = 0;
    let mobilityEg = 0;
    const count = pos.pieceCount[c]!;
    for (let i = 0; i < count; i++) {
      const from = pos.pieceAt(c, i);
      const code = board[from]!;
      const value = this.attackerKey[code]!;
      if (rs.isPawn[code] === 1) {
        if (board[from + fwd - 1] !== OFF) this.mark(side + from + fwd - 1, value);
        if (board[from + fwd + 1] !== OFF) this.mark(side + from + fwd + 1, value);
        continue;
      }
      const base = code * size;
      let moves = 0;
      for (
        let j = this.leapFirst[base + from]!, end = this.leapFirst[base + from + 1]!;
        j < end;
        j++
      ) {
        const leap = this.leap[j]!;
        const to = leap >> LEAP_MODE_BITS;
        const occupant = board[to]!;
        const mode = leap & LEAP_MODE_MASK;
        if (mode !== MODE_MOVE) this.mark(side + to, value);
        if (leapLands(occupant, mode, c)) moves++;
      }
      for (let j = rs.slideStart[code]!, end = rs.slideEnd[code]!; j < end; j++) {
        const off = rs.slideOff[j]!;
        let to = slideFrom(rs, board, from, j);
        if (to < 0) continue;
        for (;;) {
          const occupant = board[to]!;
          if (occupant === OFF) break;
          if (stop[base + to] === 1) {
            this.mark(side + to, value);
            if (occupant === EMPTY || (occupant & 1) !== c) moves++;
          }
          if (occupant !== EMPTY) break;
          to += off;
        }
      }
      if (rs.giraffe[code] === 1) {
        for (let k = 0; k < 4; k++) {
          if (board[from + DIAGONAL_STEPS[k]!] === EMPTY) moves += 2;
        }
      }
      mobilityMg += t.mobilityMg[code]! * moves;
      mobilityEg += t.mobilityEg[code]! * moves;
    }
    this.mobilityMg = mobilityMg;
    this.mobilityEg = mobilityEg;
  }
}
