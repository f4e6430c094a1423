/**
 * Geometry as a value (docs/design.md principle 3): a bounding box of files x ranks, the cells that
 * exist inside it, and the citadels. Cells are addressed by padded-mailbox indices: row stride
 * 16 and a border of 3 cells, so every leap up to (3,3) from an existing cell lands inside the
 * array and needs no bounds check (a padding cell reads as "off board").
 */
import type { ColorIndex } from './types.ts';

export const STRIDE = 16;
export const PAD = 3;
/** The widest board the mailbox supports: the padding between rows must stay >= 3. */
export const MAX_FILES = STRIDE - PAD;
export const MAX_RANKS = 20;
/** Largest mailbox any supported board needs. */
export const MAX_SIZE = (MAX_RANKS + 2 * PAD) * STRIDE;

export interface CitadelSpec {
  /** Square name in bounding-box coordinates, e.g. `m2`. */
  readonly square: string;
  /** The player the citadel belongs to ("own" citadel); the other player's royal entering it draws. */
  readonly owner: ColorIndex;
}

export interface GeometrySpec {
  readonly files: number;
  readonly ranks: number;
  /** Cells of the bounding box that do not exist, as square names or `from:to` rectangles. */
  readonly holes: readonly string[];
  readonly citadels: readonly CitadelSpec[];
}

const FILE_LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export class Geometry {
  readonly files: number;
  readonly ranks: number;
  /** Length of the padded mailbox arrays. */
  readonly size: number;
  /** 1 where a cell exists (main board or citadel). */
  readonly exists: Uint8Array;
  /** Owner of the citadel on a cell (0 White, 1 Black) or -1 when the cell is no citadel. */
  readonly citadelOwner: Int8Array;
  /** Every existing cell, rank 1 first, files a.. within a rank. */
  readonly cells: readonly number[];
  readonly citadels: readonly number[];
  /** Named sets of cells: `main` (the board without citadels), `citadels`, `citadels:white`, `citadels:black`. */
  readonly regions: ReadonlyMap<string, readonly number[]>;

  constructor(readonly spec: GeometrySpec) {
    const { files, ranks } = spec;
    if (files < 1 || files > MAX_FILES || ranks < 1 || ranks > MAX_RANKS) {
      throw new Error(`unsupported board size ${files}x${ranks}`);
    }
    this.files = files;
    this.ranks = ranks;
    this.size = (ranks + 2 * PAD) * STRIDE;
    this.exists = new Uint8Array(this.size);
    this.citadelOwner = new Int8Array(this.size).fill(-1);
    for (let r = 0; r < ranks; r++) for (let f = 0; f < files; f++) this.exists[this.sq(f, r)] = 1;
    for (const hole of spec.holes) for (const s of this.expandRange(hole)) this.exists[s] = 0;
    const citadels: number[] = [];
    for (const c of spec.citadels) {
      const s = this.parseSquare(c.square);
      if (s < 0) throw new Error(`bad citadel square ${c.square}`);
      this.exists[s] = 1;
      this.citadelOwner[s] = c.owner;
      citadels.push(s);
    }
    this.citadels = citadels;
    const cells: number[] = [];
    for (let r = 0; r < ranks; r++)
      for (let f = 0; f < files; f++) if (this.exists[this.sq(f, r)]) cells.push(this.sq(f, r));
    this.cells = cells;
    this.regions = new Map([
      ['main', cells.filter((s) => this.citadelOwner[s] === -1)],
      ['citadels', citadels],
      ['citadels:white', citadels.filter((s) => this.citadelOwner[s] === 0)],
      ['citadels:black', citadels.filter((s) => this.citadelOwner[s] === 1)],
    ]);
  }

  /** Padded index of file `f`, rank `r` (both 0-based). */
  sq(f: number, r: number): number {
    return (r + PAD) * STRIDE + f;
  }
  fileOf(sq: number): number {
    return sq & (STRIDE - 1);
  }
  rankOf(sq: number): number {
    return (sq >> 4) - PAD;
  }
  /** True for a cell that exists and is not a citadel. */
  isMainBoard(sq: number): boolean {
    return this.exists[sq] === 1 && this.citadelOwner[sq] === -1;
  }
  inBox(f: number, r: number): boolean {
    return f >= 0 && f < this.files && r >= 0 && r < this.ranks;
  }
  /** Square name: file letter + rank number (ranks may have two digits: `a10`). */
  name(sq: number): string {
    return FILE_LETTERS[this.fileOf(sq)]! + String(this.rankOf(sq) + 1);
  }
  /** Padded index of an existing or bounding-box square name, or -1 when the name is not in the box. */
  parseSquare(name: string): number {
    const m = /^([a-z])([1-9][0-9]?)$/.exec(name);
    if (!m) return -1;
    const f = FILE_LETTERS.indexOf(m[1]!);
    const r = Number(m[2]) - 1;
    return this.inBox(f, r) ? this.sq(f, r) : -1;
  }

  private expandRange(range: string): number[] {
    const [a, b = a] = range.split(':');
    const s1 = this.parseSquare(a!);
    const s2 = this.parseSquare(b);
    if (s1 < 0 || s2 < 0) throw new Error(`bad hole range ${range}`);
    const out: number[] = [];
    const [f1, f2] = [this.fileOf(s1), this.fileOf(s2)].sort((x, y) => x - y) as [number, number];
    const [r1, r2] = [this.rankOf(s1), this.rankOf(s2)].sort((x, y) => x - y) as [number, number];
    for (let r = r1; r <= r2; r++) for (let f = f1; f <= f2; f++) out.push(this.sq(f, r));
    return out;
  }
}
