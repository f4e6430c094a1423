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
 * The map is cleared before each position (a few hundred bytes).
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
const ROYAL_ATTACKER = 1 << 20;

/**
 * Each piece code's leap targets from each cell, with their modes: entries first[c * size + s] to
 * first[c * size + s + 1] of `to` and `mode`, only cells on the board where the piece may stand.
 */
function leapLists(rs: Ruleset): { first: Int32Array; to: Int16Array; mode: Uint8Array } {
  const first = new Int32Array(CODE_SPACE * rs.size + 1);
  const to: number[] = [];
  const mode: number[] = [];
  for (let code = 0; code < CODE_SPACE; code++) {
    for (let from = 0; from < rs.size; from++) {
      first[code * rs.size + from] = to.length;
      if (rs.geo.exists[from] !== 1) continue;
      for (let j = rs.leapStart[code]!; j < rs.leapEnd[code]!; j++) {
        const target = from + rs.leapOff[j]!;
        if (target < 0 || target >= rs.size || rs.stop[code * rs.size + target] !== 1) continue;
        to.push(target);
        mode.push(rs.leapMode[j]!);
      }
    }
  }
  first[CODE_SPACE * rs.size] = to.length;
  return { first, to: Int16Array.from(to), mode: Uint8Array.from(mode) };
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
  /** Per side and cell (index side * size + cell): number of attackers, cheapest value. */
  private readonly count: Uint8Array;
  private readonly cheapest: Int32Array;
  private readonly size: number;

  /** Leap targets per piece code and cell (`leapLists`). */
  private readonly leapFirst: Int32Array;
  private readonly leapTo: Int16Array;
  private readonly leapMode: Uint8Array;

  constructor(private readonly t: EvalTables) {
    const n = 2 * t.rs.size;
    this.size = t.rs.size;
    this.count = new Uint8Array(n);
    this.cheapest = new Int32Array(n);
    const leaps = leapLists(t.rs);
    this.leapFirst = leaps.first;
    this.leapTo = leaps.to;
    this.leapMode = leaps.mode;
  }

  /** Forget the previous position's attacks. */
  reset(): void {
    this.count.fill(0);
  }

  /** Attackers of side `c` on `cell` in the last scan. */
  attackers(c: number, cell: number): number {
    return this.count[c * this.size + cell]!;
  }

  /** Value of side `c`'s cheapest attacker of `cell` (meaningful when `attackers` > 0). */
  cheapestAttacker(c: number, cell: number): number {
    return this.cheapest[c * this.size + cell]!;
  }

  private mark(i: number, value: number): void {
    const n = this.count[i]!;
    this.count[i] = n + 1;
    if (n === 0 || value < this.cheapest[i]!) this.cheapest[i] = value;
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
      const to = this.leapTo[j]!;
      if (
        leapLands(board[to]!, this.leapMode[j]!, c) &&
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
      this.count[enemy + to] === 0 || (occupant !== EMPTY && this.t.valueMg[occupant]! >= value)
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
      const value = t.kingLike[code] ? ROYAL_ATTACKER : t.valueMg[code]!;
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
        const to = this.leapTo[j]!;
        const occupant = board[to]!;
        const mode = this.leapMode[j];
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
