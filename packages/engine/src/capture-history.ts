/**
 * Capture history (Stockfish's): how often a capture — the moving piece's kind and destination
 * cell, by the kind it takes — caused a cut-off (search step 9). It orders captures of equal
 * victims, in the search (step 7) and in quiescence. Scores stay within +-16384 (gravity).
 */
import { EMPTY, type Ruleset } from '@citadel/core';
import { addWithGravity } from './quiet-history.ts';

export class CaptureHistory {
  private readonly table: Int16Array;
  /** Per piece code: its kind's index in rs.kinds (colour left out); `victims - 1` for none. */
  private readonly kindIndex: Uint8Array;
  /** Per cell: its index in rs.geo.cells. */
  private readonly cellIndex: Int16Array;
  private readonly cells: number;
  /** Victim entries per (kind, cell): one per kind and one for no victim (a promotion). */
  private readonly victims: number;

  constructor(rs: Ruleset) {
    this.cells = rs.geo.cells.length;
    this.victims = rs.kinds.length + 1;
    this.kindIndex = new Uint8Array(256).fill(rs.kinds.length);
    rs.kinds.forEach((kind, k) => {
      this.kindIndex[kind << 1] = k;
      this.kindIndex[(kind << 1) | 1] = k;
    });
    this.cellIndex = new Int16Array(rs.size);
    rs.geo.cells.forEach((cell, i) => (this.cellIndex[cell] = i));
    this.table = new Int16Array(rs.kinds.length * this.cells * this.victims);
  }

  /** Forget everything (new game). */
  clear(): void {
    this.table.fill(0);
  }

  /** The entry of piece `code` moving to `to` and taking `victim` (a piece code, or EMPTY). */
  key(code: number, to: number, victim: number): number {
    const row = this.kindIndex[code]! * this.cells + this.cellIndex[to]!;
    return row * this.victims + (victim === EMPTY ? this.victims - 1 : this.kindIndex[victim]!);
  }

  score(key: number): number {
    return this.table[key]!;
  }

  add(key: number, delta: number): void {
    addWithGravity(this.table, key, delta);
  }
}
