/**
 * The transposition table: a power-of-two number of entries in typed arrays (optionally over a
 * SharedArrayBuffer, so Lazy SMP workers share one table). Replacement: an entry is overwritten
 * by a search of the same position (unless that is an inexact bound more than 3 plies shallower),
 * by a deeper search, or when it is from an older search.
 */
export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

/** Whether a stored `bound` on `score` decides a node searched with the window (alpha, beta). */
export function boundDecides(bound: number, score: number, alpha: number, beta: number): boolean {
  return (
    bound === BOUND_EXACT ||
    (bound === BOUND_LOWER && score >= beta) ||
    (bound === BOUND_UPPER && score <= alpha)
  );
}

/** Whether a stored `bound` on `score` is a better estimate than `estimate` (exact: always). */
export function boundSharpens(bound: number, score: number, estimate: number): boolean {
  return bound === BOUND_EXACT || (bound === BOUND_LOWER ? score > estimate : score < estimate);
}

/** Bytes per entry: key lo/hi, move, score+depth+bound+age packed. */
const ENTRY_INTS = 4;
const ENTRY_BYTES = ENTRY_INTS * 4;

export interface TableProbe {
  hit: boolean;
  move: number;
  score: number;
  depth: number;
  bound: number;
}

export class TranspositionTable {
  private data: Int32Array;
  private mask: number;
  private age = 0;

  /** `buffer` lets several searchers (workers) share one table. */
  constructor(sizeMb: number, buffer?: SharedArrayBuffer | ArrayBuffer) {
    const entries = TranspositionTable.entriesFor(sizeMb);
    this.data = buffer ? new Int32Array(buffer) : new Int32Array(entries * ENTRY_INTS);
    this.mask = this.data.length / ENTRY_INTS - 1;
  }

  /** Largest power of two of entries that fits in `sizeMb` (at least 1024). */
  static entriesFor(sizeMb: number): number {
    const wanted = Math.max(1024, Math.floor((Math.max(1, sizeMb) * 1024 * 1024) / ENTRY_BYTES));
    return 2 ** Math.floor(Math.log2(wanted));
  }

  static bytesFor(sizeMb: number): number {
    return TranspositionTable.entriesFor(sizeMb) * ENTRY_BYTES;
  }

  get buffer(): ArrayBufferLike {
    return this.data.buffer;
  }

  clear(): void {
    this.data.fill(0);
    this.age = 0;
  }

  /** Marks a new search: entries of older searches become replaceable first. */
  newSearch(): void {
    this.age = (this.age + 1) & 63;
  }

  probe(lo: number, hi: number, out: TableProbe): boolean {
    const i = (lo & this.mask) * ENTRY_INTS;
    const d = this.data;
    if (d[i] !== lo || d[i + 1] !== hi || d[i + 3] === 0) {
      out.hit = false;
      return false;
    }
    const packed = d[i + 3]!;
    out.hit = true;
    out.move = d[i + 2]!;
    out.score = packed >> 16;
    out.depth = ((packed >> 8) & 0xff) - 1;
    out.bound = packed & 3;
    return true;
  }

  store(lo: number, hi: number, move: number, score: number, depth: number, bound: number): void {
    const i = (lo & this.mask) * ENTRY_INTS;
    const d = this.data;
    const old = d[i + 3]!;
    const oldDepth = ((old >> 8) & 0xff) - 1;
    const same = d[i] === lo && d[i + 1] === hi;
    if (old !== 0 && !same) {
      const oldAge = (old >> 2) & 63;
      if (oldAge === this.age && oldDepth > depth && bound !== BOUND_EXACT) return;
    }
    if (same) {
      if (move === 0) move = d[i + 2]!; // keep the known best move
      // A much shallower bound does not replace a deeper result of the same position.
      if (bound !== BOUND_EXACT && oldDepth > depth + 3) {
        d[i + 2] = move;
        return;
      }
    }
    d[i] = lo;
    d[i + 1] = hi;
    d[i + 2] = move;
    const dep = Math.max(0, Math.min(254, depth + 1));
    d[i + 3] = (score << 16) | (dep << 8) | (this.age << 2) | bound;
  }

  /** Per mille of the first 1000 entries used by the current search (UCI `hashfull`). */
  hashfull(): number {
    let used = 0;
    const n = Math.min(1000, this.mask + 1);
    for (let e = 0; e < n; e++) {
      const packed = this.data[e * ENTRY_INTS + 3]!;
      if (packed !== 0 && ((packed >> 2) & 63) === this.age) used++;
    }
    return Math.round((used * 1000) / n);
  }
}
