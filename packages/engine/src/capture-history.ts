/**
 * Capture history (Stockfish's): how often a capture — the moving piece's kind and destination
 * cell, by the kind it takes — caused a cut-off (search step 9). It orders captures of equal
 * victims, in the search (step 7) and in quiescence. Scores stay bounded (history-table.ts).
 */
import { EMPTY, type Ruleset } from '@citadel/core';
import { addWithGravity, denseMoveKeys } from './history-table.ts';

/**
 * The ordering bonus is the score divided by 2^ORDERING_SHIFT: at most 1024, about two thirds of
 * a pawn victim's MVV term (value * 16), so history reorders captures of near-equal victims only.
 */
const ORDERING_SHIFT = 4;

export class CaptureHistory {
  private readonly table: Int16Array;
  /** Per move key (code * size + to): its dense index (history-table.ts `denseMoveKeys`). */
  private readonly denseKey: Int32Array;
  /** Per piece code: its kind's index in rs.kinds (colour left out); `victims - 1` for none. */
  private readonly kindIndex: Uint8Array;
  private readonly size: number;
  /** Victim entries per (kind, cell): one per kind and one for no victim (a promotion). */
  private readonly victims: number;

  constructor(rs: Ruleset) {
    this.size = rs.size;
    this.victims = rs.kinds.length + 1;
    this.denseKey = denseMoveKeys(rs);
    this.kindIndex = new Uint8Array(256).fill(rs.kinds.length);
    rs.kinds.forEach((kind, k) => {
      this.kindIndex[kind << 1] = k;
      this.kindIndex[(kind << 1) | 1] = k;
    });
    this.table = new Int16Array(rs.kinds.length * rs.geo.cells.length * this.victims);
  }

  /** Forget everything (new game). */
  clear(): void {
    this.table.fill(0);
  }

  /** The entry of piece `code` moving to `to` and taking `victim` (a piece code, or EMPTY). */
  key(code: number, to: number, victim: number): number {
    const row = this.denseKey[code * this.size + to]!;
    return row * this.victims + (victim === EMPTY ? this.victims - 1 : this.kindIndex[victim]!);
  }

  score(key: number): number {
    return this.table[key]!;
  }

  /** What entry `key` adds to the MVV-LVA ordering key of its capture. */
  orderingBonus(key: number): number {
    return this.table[key]! >> ORDERING_SHIFT;
  }

  add(key: number, delta: number): void {
    addWithGravity(this.table, key, delta);
  }
}
