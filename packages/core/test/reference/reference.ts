/**
 * Reference move generator for every variant of docs/rules.md.
 *
 * Deliberately simple and slow: an INDEPENDENT implementation (nothing is imported from
 * packages/core/src) used to cross-check the fast rules core. The board is a 2D array indexed
 * [file][rank] of cell objects; coordinates are 0-based {file, rank} numbers (a1 = {0, 0}).
 * A move is legal when, after copying the position and applying the move, none of the mover's
 * royal pieces is attacked, which is decided by generating the opponent's capture targets.
 *
 * Readings of points the specification leaves open are marked "READING:" in comments. Others:
 *
 * - Move text: a promotion letter only where the player chooses (chess, persian: q r b n); the
 *   forced promotions of husun (General), shatranj (fers) and Tamerlane (tag) carry no letter.
 * - persian-eye: the Eye is implicit in the variant; f6 is written as an ordinary empty cell.
 * - ep field: written after every double step, whether or not a capture is possible.
 * - halfmove clock: reset by captures and pawn moves (relocation of the pawn of pawns included);
 *   castling, king swap (even with a pawn) and rendezvous count as non-pawn, non-capture moves.
 * - Rights S/s and V/v are only lost by making the swap / rendezvous (they stay written after the
 *   King is captured or the Princess leaves g2); castling rights are lost when anything leaves
 *   or lands on the king's or rook's start cell. Missing rights field: castling where King and
 *   Rook stand on their start cells, S/s where that side has a King, V/v always (if the variant
 *   has a rendezvous; persian-omega with omega-rendezvous=off has none).
 * - King swap: "King in check" needs the King to be the only royal (no Prince on the board);
 *   the partner may be any friendly main-board piece, the Prince and Adventitious King included.
 * - Pawn-of-pawns relocation: target any empty main-board cell (any rank); "attacks two enemy
 *   pieces" counts every enemy piece on its two capture cells (kings included) except a waiting
 *   pawn of pawns, which cannot be captured and so is never attacked.
 */

export type Color = 'w' | 'b';

export interface Coord {
  readonly file: number;
  readonly rank: number;
}

export interface Piece {
  readonly color: Color;
  /** Upper-case letter of the piece kind (the FEN letter for White). */
  readonly kind: string;
  /**
   * Tamerlane pawns only: upper-case tag, the kind the pawn promotes to ('R', 'H', ...), or for
   * the pawn of pawns its stage: 'P' first life, 'P=' waiting, 'P2' second life, 'P3' third life.
   */
  readonly tag: string | null;
}

export interface Cell {
  readonly exists: boolean;
  /** For a citadel: the side it belongs to ("own-side" citadel); null for ordinary cells. */
  readonly citadelOwner: Color | null;
  piece: Piece | null;
}

export interface ReferenceOptions {
  array?: string;
  rules?: Record<string, string>;
}

type Family = 'husun' | 'tamerlane' | 'persian' | 'chess' | 'shatranj';

interface CastleSpec {
  readonly right: 'K' | 'Q' | 'k' | 'q';
  readonly color: Color;
  readonly kingFrom: Coord;
  readonly kingTo: Coord;
  readonly rookFrom: Coord;
  readonly rookTo: Coord;
  readonly mustBeEmpty: readonly Coord[];
  readonly mustBeSafe: readonly Coord[];
}

interface Variant {
  readonly id: string;
  readonly family: Family;
  readonly full: boolean;
  readonly files: number;
  readonly ranks: number;
  readonly cellAt: (file: number, rank: number) => { exists: boolean; citadelOwner: Color | null };
  /** persian-princess: only pawns and the Princess stop on f6; persian-eye: the All-Seeing Eye. */
  readonly centre: 'none' | 'princess' | 'eye';
  /** Piece kind that makes the rendezvous (S, or C in omega); null when there is none. */
  readonly rendezvousKind: string | null;
  /** Tamerlane: starting cell of each side's pawn of kings (depends on the array). */
  readonly pawnOfKingsStart: Record<Color, Coord> | null;
  readonly pawnOfPawnsOccupied: boolean;
  readonly citadelClaimOrSwap: boolean;
  readonly castles: readonly CastleSpec[];
  readonly startFen: string;
}

export type MoveType = 'normal' | 'castle' | 'swap' | 'rendezvous' | 'relocate';

export interface Move {
  readonly type: MoveType;
  readonly from: Coord;
  readonly to: Coord;
  /** Upper-case kind chosen by the player on promotion (chess / persian), else null. */
  readonly promo: string | null;
  readonly epCapture: boolean;
  /** Tamerlane citadel-claim-or-swap: the partner kind ('H' or 'A') the entering royal swaps with. */
  readonly citadelPartner: 'H' | 'A' | null;
  readonly castle: CastleSpec | null;
}

export interface Position {
  readonly v: Variant;
  /** board[file][rank] */
  readonly board: Cell[][];
  side: Color;
  castling: Record<'K' | 'Q' | 'k' | 'q', boolean>;
  swap: Record<Color, boolean>;
  rendezvous: Record<Color, boolean>;
  ep: Coord | null;
  halfmove: number;
  fullmove: number;
  /** A royal made a plain (claimed) citadel entry: the game is drawn. Not part of the FEN. */
  claimed: boolean;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const other = (c: Color): Color => (c === 'w' ? 'b' : 'w');
const sq = (file: number, rank: number): Coord => ({ file, rank });
const same = (a: Coord, b: Coord): boolean => a.file === b.file && a.rank === b.rank;

export function squareName(c: Coord): string {
  return String.fromCharCode(97 + c.file) + String(c.rank + 1);
}

export function parseSquare(text: string): Coord {
  const m = /^([a-z])(\d+)$/.exec(text);
  if (!m || m[1] === undefined || m[2] === undefined) throw new Error(`bad square: ${text}`);
  return sq(m[1].charCodeAt(0) - 97, Number(m[2]) - 1);
}

type Dir = readonly [number, number];

const ORTH: Dir[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const DIAG: Dir[] = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];
const ALL8: Dir[] = [...ORTH, ...DIAG];

/** All (+-a, +-b) and (+-b, +-a) offsets, without duplicates. */
function leaps(a: number, b: number): Dir[] {
  const out: Dir[] = [];
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const sx of [1, -1]) {
      for (const sy of [1, -1]) {
        const d: Dir = [x * sx, y * sy];
        if (!out.some((e) => e[0] === d[0] && e[1] === d[1])) out.push(d);
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Variants

function switchOn(rules: Record<string, string>, name: string, dflt: boolean): boolean {
  const v = rules[name];
  if (v === undefined) return dflt;
  if (v === 'on' || v === 'true' || v === '1') return true;
  if (v === 'off' || v === 'false' || v === '0') return false;
  throw new Error(`bad value for rule ${name}: ${v}`);
}

const KNOWN_RULES: Record<string, readonly string[]> = {
  repetition: ['husun', 'tamerlane', 'tamerlane-full'],
  'pawn-of-pawns-occupied': ['tamerlane', 'tamerlane-full'],
  'citadel-claim-or-swap': ['tamerlane', 'tamerlane-full'],
  'omega-rendezvous': ['persian-omega'],
};

function castleSpecs(family: Family): CastleSpec[] {
  const out: CastleSpec[] = [];
  for (const color of ['w', 'b'] as const) {
    if (family === 'chess') {
      const r = color === 'w' ? 0 : 7;
      out.push({
        right: color === 'w' ? 'K' : 'k',
        color,
        kingFrom: sq(4, r),
        kingTo: sq(6, r),
        rookFrom: sq(7, r),
        rookTo: sq(5, r),
        mustBeEmpty: [sq(5, r), sq(6, r)],
        mustBeSafe: [sq(4, r), sq(5, r), sq(6, r)],
      });
      out.push({
        right: color === 'w' ? 'Q' : 'q',
        color,
        kingFrom: sq(4, r),
        kingTo: sq(2, r),
        rookFrom: sq(0, r),
        rookTo: sq(3, r),
        mustBeEmpty: [sq(1, r), sq(2, r), sq(3, r)],
        mustBeSafe: [sq(4, r), sq(3, r), sq(2, r)],
      });
    } else if (family === 'persian') {
      // docs/rules.md §4: princess side K f2->i2, R j2->h2 (g2, h2, i2 empty; f2..i2 not attacked);
      // queen side K f2->d2, R b2->e2 (c2, d2, e2 empty; f2, e2, d2 not attacked).
      const r = color === 'w' ? 1 : 9;
      out.push({
        right: color === 'w' ? 'K' : 'k',
        color,
        kingFrom: sq(5, r),
        kingTo: sq(8, r),
        rookFrom: sq(9, r),
        rookTo: sq(7, r),
        mustBeEmpty: [sq(6, r), sq(7, r), sq(8, r)],
        mustBeSafe: [sq(5, r), sq(6, r), sq(7, r), sq(8, r)],
      });
      out.push({
        right: color === 'w' ? 'Q' : 'q',
        color,
        kingFrom: sq(5, r),
        kingTo: sq(3, r),
        rookFrom: sq(1, r),
        rookTo: sq(4, r),
        mustBeEmpty: [sq(2, r), sq(3, r), sq(4, r)],
        mustBeSafe: [sq(5, r), sq(4, r), sq(3, r)],
      });
    }
  }
  return out;
}

function makeVariant(id: string, options: ReferenceOptions = {}): Variant {
  const rules = options.rules ?? {};
  for (const name of Object.keys(rules)) {
    const allowed = KNOWN_RULES[name];
    if (!allowed || !allowed.includes(id)) throw new Error(`rule ${name} does not apply to ${id}`);
  }
  const array = options.array ?? (id === 'tamerlane' ? 'masculine' : undefined);
  if (
    array !== undefined &&
    !(id === 'tamerlane' && (array === 'masculine' || array === 'feminine'))
  ) {
    throw new Error(`unknown array ${array} for ${id}`);
  }
  const base = {
    id,
    full: false,
    centre: 'none' as const,
    rendezvousKind: null,
    pawnOfKingsStart: null,
    pawnOfPawnsOccupied: false,
    citadelClaimOrSwap: false,
  };
  switch (id) {
    case 'husun':
      return {
        ...base,
        family: 'husun',
        files: 12,
        ranks: 12,
        cellAt: (f, r) => {
          const corner = (f === 0 || f === 11) && (r === 0 || r === 11);
          if (corner) return { exists: true, citadelOwner: r === 0 ? 'w' : 'b' };
          return { exists: f >= 1 && f <= 10 && r >= 1 && r <= 10, citadelOwner: null };
        },
        castles: [],
        startFen:
          '1**********1/*rnedkfdenr*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*RNEDKFDENR*/1**********1 w - - 0 1',
      };
    case 'tamerlane':
    case 'tamerlane-full': {
      const full = id === 'tamerlane-full';
      const feminine = array === 'feminine';
      const v: Variant = {
        ...base,
        family: 'tamerlane',
        full,
        files: 13,
        ranks: 10,
        cellAt: (f, r) => {
          if (f === 12 && r === 1) return { exists: true, citadelOwner: 'w' }; // m2
          if (f === 0 && r === 8) return { exists: true, citadelOwner: 'b' }; // a9
          return { exists: f >= 1 && f <= 11, citadelOwner: null };
        },
        pawnOfKingsStart: feminine ? { w: sq(6, 1), b: sq(6, 8) } : { w: sq(6, 2), b: sq(6, 7) },
        pawnOfPawnsOccupied: switchOn(rules, 'pawn-of-pawns-occupied', false),
        citadelClaimOrSwap: switchOn(rules, 'citadel-claim-or-swap', false),
        castles: [],
        startFen: '',
      };
      return { ...v, startFen: full ? tamerlaneFullStart(v) : tamerlaneStart(v, feminine) };
    }
    case 'persian-celtic':
    case 'persian-princess':
    case 'persian-eye':
    case 'persian-omega': {
      const rank2: Record<string, string> = {
        'persian-celtic': 'RNBQKBSNR',
        'persian-princess': 'RNBQKSBNR',
        'persian-eye': 'RNBQKSBNR',
        'persian-omega': 'RNBQKCBNR',
      };
      const rendezvousKind =
        id === 'persian-celtic'
          ? null
          : id === 'persian-omega'
            ? switchOn(rules, 'omega-rendezvous', true)
              ? 'C'
              : null
            : 'S';
      const cit = id === 'persian-omega' ? 'W' : 'F';
      const row = rank2[id] ?? '';
      const rights = 'KQkq' + (rendezvousKind ? 'Vv' : '');
      return {
        ...base,
        family: 'persian',
        files: 11,
        ranks: 11,
        cellAt: (f, r) => {
          const corner = (f === 0 || f === 10) && (r === 0 || r === 10);
          if (corner) return { exists: true, citadelOwner: r === 0 ? 'w' : 'b' };
          return { exists: f >= 1 && f <= 9 && r >= 1 && r <= 9, citadelOwner: null };
        },
        centre: id === 'persian-princess' ? 'princess' : id === 'persian-eye' ? 'eye' : 'none',
        rendezvousKind,
        castles: castleSpecs('persian'),
        startFen:
          `${cit.toLowerCase()}*********${cit.toLowerCase()}/*${row.toLowerCase()}*/*ppppppppp*/` +
          `*9*/*9*/*9*/*9*/*9*/*PPPPPPPPP*/*${row}*/${cit}*********${cit} w ${rights} - 0 1`,
      };
    }
    case 'chess':
      return {
        ...base,
        family: 'chess',
        files: 8,
        ranks: 8,
        cellAt: () => ({ exists: true, citadelOwner: null }),
        castles: castleSpecs('chess'),
        startFen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      };
    case 'shatranj':
      // Fairy-Stockfish's shatranj start: kings d1/d8, fers (Q) e1/e8, alfils (B) c/f.
      return {
        ...base,
        family: 'shatranj',
        files: 8,
        ranks: 8,
        cellAt: () => ({ exists: true, citadelOwner: null }),
        castles: [],
        startFen: 'rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1',
      };
    default:
      throw new Error(`unknown variant ${id}`);
  }
}

function emptyPosition(v: Variant): Position {
  const board: Cell[][] = [];
  for (let f = 0; f < v.files; f++) {
    const col: Cell[] = [];
    for (let r = 0; r < v.ranks; r++) {
      const g = v.cellAt(f, r);
      col.push({ exists: g.exists, citadelOwner: g.citadelOwner, piece: null });
    }
    board.push(col);
  }
  return {
    v,
    board,
    side: 'w',
    castling: { K: false, Q: false, k: false, q: false },
    swap: { w: false, b: false },
    rendezvous: { w: false, b: false },
    ep: null,
    halfmove: 0,
    fullmove: 1,
    claimed: false,
  };
}

/** Tamerlane 13x10: Black is White rotated 180 degrees (file f <-> 12 - f, rank r <-> 9 - r). */
const rotate = (c: Coord): Coord => sq(12 - c.file, 9 - c.rank);

function placeWhiteAndRotated(pos: Position, white: Array<[string, string, string | null]>): void {
  for (const [name, kind, tag] of white) {
    const c = parseSquare(name);
    pos.board[c.file]![c.rank]!.piece = { color: 'w', kind, tag };
    const b = rotate(c);
    pos.board[b.file]![b.rank]!.piece = { color: 'b', kind, tag };
  }
}

function tamerlaneStart(v: Variant, feminine: boolean): string {
  const pos = emptyPosition(v);
  const white: Array<[string, string, string | null]> = [];
  const rank1 = feminine
    ? { b: 'E', d: 'C', f: 'F', g: 'K', h: 'W', j: 'C', l: 'E' }
    : { b: 'E', d: 'C', f: 'D', h: 'D', j: 'C', l: 'E' };
  for (const [file, kind] of Object.entries(rank1)) white.push([`${file}1`, kind, null]);
  const rank2 = 'RNTGFKWGTNR'; // b2..l2 (masculine)
  for (let i = 0; i < rank2.length; i++) {
    const file = String.fromCharCode(98 + i);
    let kind = rank2[i]!;
    let tag: string | null = null;
    if (feminine && file === 'f') kind = 'D';
    if (feminine && file === 'h') kind = 'D';
    if (feminine && file === 'g') {
      kind = 'P';
      tag = 'H';
    }
    white.push([`${file}2`, kind, tag]);
  }
  const tags = 'PDCEFHWGTNR'; // b3..l3: pawns, war engines, camels, elephants, generals, kings, ...
  for (let i = 0; i < tags.length; i++) {
    const file = String.fromCharCode(98 + i);
    if (feminine && file === 'g') continue;
    white.push([`${file}3`, 'P', tags[i]!]);
  }
  placeWhiteAndRotated(pos, white);
  pos.swap = { w: true, b: true };
  return writeFen(pos);
}

function tamerlaneFullStart(v: Variant): string {
  const pos = emptyPosition(v);
  // Black as given in docs/rules.md §3, b..l.
  const rank10 = 'ELCBDSDBNLE';
  const rank9 = 'RNTGXKFGTNR';
  const rank8 = 'RLTGXHFDCNP';
  const black: Array<[string, string, string | null]> = [];
  for (let i = 0; i < 11; i++) {
    const file = String.fromCharCode(98 + i);
    black.push([`${file}10`, rank10[i]!, null]);
    black.push([`${file}9`, rank9[i]!, null]);
    black.push([`${file}8`, 'P', rank8[i]!]);
  }
  for (const [name, kind, tag] of black) {
    const c = parseSquare(name);
    pos.board[c.file]![c.rank]!.piece = { color: 'b', kind, tag };
    const w = rotate(c);
    pos.board[w.file]![w.rank]!.piece = { color: 'w', kind, tag };
  }
  // The rank-7 / rank-4 pawns stay on the same files for both sides.
  for (const [file, tag] of [
    ['d', 'E'],
    ['g', 'S'],
    ['j', 'B'],
  ] as const) {
    const b = parseSquare(`${file}7`);
    pos.board[b.file]![b.rank]!.piece = { color: 'b', kind: 'P', tag };
    const w = parseSquare(`${file}4`);
    pos.board[w.file]![w.rank]!.piece = { color: 'w', kind: 'P', tag };
  }
  pos.swap = { w: true, b: true };
  return writeFen(pos);
}

// ---------------------------------------------------------------------------------------------
// FEN (our position text, docs/formats.md)

function pieceLetters(v: Variant): string {
  switch (v.family) {
    case 'husun':
      return 'KFRNEDP';
    case 'tamerlane':
      return v.full ? 'KHAFWGTNRDCEPLBSX' : 'KHAFWGTNRDCEP';
    case 'persian':
      return 'KQRBNPSFCW';
    case 'chess':
      return 'KQRBNP';
    case 'shatranj':
      return 'KQRBNP';
  }
}

const TAMERLANE_TAGS = new Set([
  'F',
  'W',
  'G',
  'T',
  'N',
  'R',
  'D',
  'C',
  'E',
  'H',
  'L',
  'B',
  'S',
  'X',
]);
const POP_STAGES = new Set(['P', 'P=', 'P2', 'P3']);

export function parseFen(v: Variant, fen: string): Position {
  const fields = fen.trim().split(/\s+/);
  if (fields.length < 2 || fields.length > 6) throw new Error(`bad FEN field count: ${fen}`);
  const pos = emptyPosition(v);
  const rows = fields[0]!.split('/');
  if (rows.length !== v.ranks) throw new Error(`expected ${v.ranks} ranks: ${fen}`);
  const letters = pieceLetters(v);
  for (let i = 0; i < rows.length; i++) {
    const rank = v.ranks - 1 - i;
    const row = rows[i]!;
    let file = 0;
    let k = 0;
    while (k < row.length) {
      const ch = row[k]!;
      if (ch >= '0' && ch <= '9') {
        let n = '';
        while (k < row.length && row[k]! >= '0' && row[k]! <= '9') n += row[k++];
        const run = Number(n);
        if (run === 0) throw new Error(`zero run in ${row}`);
        for (let j = 0; j < run; j++) {
          if (file >= v.files || !pos.board[file]![rank]!.exists) {
            throw new Error(`empty run over a hole or past the edge in rank ${rank + 1}: ${row}`);
          }
          file++;
        }
        continue;
      }
      if (file >= v.files) throw new Error(`rank ${rank + 1} too long: ${row}`);
      const cell = pos.board[file]![rank]!;
      if (ch === '*') {
        if (cell.exists) throw new Error(`'*' on an existing cell ${squareName(sq(file, rank))}`);
        file++;
        k++;
        continue;
      }
      const upper = ch.toUpperCase();
      if (!letters.includes(upper)) throw new Error(`unknown piece letter ${ch} for ${v.id}`);
      if (!cell.exists) throw new Error(`piece on a hole ${squareName(sq(file, rank))}`);
      const color: Color = ch === upper ? 'w' : 'b';
      k++;
      let tag: string | null = null;
      if (v.family === 'tamerlane' && upper === 'P') {
        const close = row.indexOf(']', k);
        if (row[k] !== '[' || close < 0) throw new Error(`Tamerlane pawn without tag: ${row}`);
        const raw = row.slice(k + 1, close);
        const casedOk = color === 'w' ? raw === raw.toUpperCase() : raw === raw.toLowerCase();
        tag = raw.toUpperCase();
        if (!casedOk || !(TAMERLANE_TAGS.has(tag) || POP_STAGES.has(tag))) {
          throw new Error(`bad pawn tag [${raw}]`);
        }
        if (!v.full && ['L', 'B', 'S', 'X'].includes(tag))
          throw new Error(`tag [${raw}] needs tamerlane-full`);
        k = close + 1;
      }
      cell.piece = { color, kind: upper, tag };
      file++;
    }
    if (file !== v.files)
      throw new Error(`rank ${rank + 1} has ${file} cells, expected ${v.files}`);
  }
  const side = fields[1];
  if (side !== 'w' && side !== 'b') throw new Error(`bad side: ${side}`);
  pos.side = side;
  const rights = fields[2];
  if (rights === undefined) {
    // Missing: every right of the variant that the position still allows.
    for (const c of v.castles) {
      const k = pos.board[c.kingFrom.file]![c.kingFrom.rank]!.piece;
      const r = pos.board[c.rookFrom.file]![c.rookFrom.rank]!.piece;
      pos.castling[c.right] =
        k?.kind === 'K' && k.color === c.color && r?.kind === 'R' && r.color === c.color;
    }
    if (v.family === 'tamerlane') {
      for (const c of ['w', 'b'] as const) pos.swap[c] = findPieces(pos, c, ['K']).length > 0;
    }
    if (v.rendezvousKind) pos.rendezvous = { w: true, b: true };
  } else if (rights !== '-') {
    const allowed =
      (v.castles.length ? 'KQkq' : '') +
      (v.family === 'tamerlane' ? 'Ss' : '') +
      (v.rendezvousKind ? 'Vv' : '');
    for (const ch of rights) {
      if (!allowed.includes(ch)) throw new Error(`right ${ch} not allowed in ${v.id}`);
      if (ch === 'K' || ch === 'Q' || ch === 'k' || ch === 'q') pos.castling[ch] = true;
      else if (ch === 'S') pos.swap.w = true;
      else if (ch === 's') pos.swap.b = true;
      else if (ch === 'V') pos.rendezvous.w = true;
      else if (ch === 'v') pos.rendezvous.b = true;
    }
  }
  const ep = fields[3];
  if (ep !== undefined && ep !== '-') pos.ep = parseSquare(ep);
  if (fields[4] !== undefined) pos.halfmove = Number(fields[4]);
  if (fields[5] !== undefined) pos.fullmove = Number(fields[5]);
  if (!Number.isInteger(pos.halfmove) || !Number.isInteger(pos.fullmove))
    throw new Error(`bad counters: ${fen}`);
  return pos;
}

export function writeFen(pos: Position): string {
  const v = pos.v;
  const rows: string[] = [];
  for (let rank = v.ranks - 1; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < v.files; file++) {
      const cell = pos.board[file]![rank]!;
      if (cell.exists && !cell.piece) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      if (!cell.exists) {
        row += '*';
        continue;
      }
      const p = cell.piece!;
      const letter = p.color === 'w' ? p.kind : p.kind.toLowerCase();
      row += letter;
      if (p.tag !== null) row += `[${p.color === 'w' ? p.tag : p.tag.toLowerCase()}]`;
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  let rights = '';
  for (const r of ['K', 'Q', 'k', 'q'] as const) if (pos.castling[r]) rights += r;
  if (pos.swap.w) rights += 'S';
  if (pos.swap.b) rights += 's';
  if (pos.rendezvous.w) rights += 'V';
  if (pos.rendezvous.b) rights += 'v';
  return [
    rows.join('/'),
    pos.side,
    rights || '-',
    pos.ep ? squareName(pos.ep) : '-',
    String(pos.halfmove),
    String(pos.fullmove),
  ].join(' ');
}

// ---------------------------------------------------------------------------------------------
// Board access

function cellAt(pos: Position, c: Coord): Cell | null {
  if (c.file < 0 || c.rank < 0 || c.file >= pos.v.files || c.rank >= pos.v.ranks) return null;
  const cell = pos.board[c.file]![c.rank]!;
  return cell.exists ? cell : null;
}

function pieceAt(pos: Position, c: Coord): Piece | null {
  return cellAt(pos, c)?.piece ?? null;
}

function setPiece(pos: Position, c: Coord, p: Piece | null): void {
  const cell = cellAt(pos, c);
  if (!cell) throw new Error(`no cell ${squareName(c)}`);
  cell.piece = p;
}

function copyPosition(pos: Position): Position {
  return {
    v: pos.v,
    board: pos.board.map((col) => col.map((cell) => ({ ...cell }))),
    side: pos.side,
    castling: { ...pos.castling },
    swap: { ...pos.swap },
    rendezvous: { ...pos.rendezvous },
    ep: pos.ep,
    halfmove: pos.halfmove,
    fullmove: pos.fullmove,
    claimed: pos.claimed,
  };
}

function allCells(pos: Position): Array<{ at: Coord; cell: Cell }> {
  const out: Array<{ at: Coord; cell: Cell }> = [];
  for (let f = 0; f < pos.v.files; f++) {
    for (let r = 0; r < pos.v.ranks; r++) {
      const cell = pos.board[f]![r]!;
      if (cell.exists) out.push({ at: sq(f, r), cell });
    }
  }
  return out;
}

function findPieces(pos: Position, color: Color, kinds: readonly string[]): Coord[] {
  const out: Coord[] = [];
  for (let f = 0; f < pos.v.files; f++) {
    for (let r = 0; r < pos.v.ranks; r++) {
      const p = pos.board[f]![r]!.piece;
      if (p && p.color === color && kinds.includes(p.kind)) out.push(sq(f, r));
    }
  }
  return out;
}

const isWaitingPawn = (pos: Position, p: Piece): boolean =>
  pos.v.family === 'tamerlane' && p.kind === 'P' && p.tag === 'P=';

// ---------------------------------------------------------------------------------------------
// Piece movement

type Spec =
  | { readonly type: 'step' | 'slide' | 'leap'; readonly dirs: readonly Dir[] }
  | { readonly type: 'slideMin2'; readonly dirs: readonly Dir[] } // picket / crocodile
  | { readonly type: 'giraffe' }
  | { readonly type: 'pawn' };

const step = (dirs: readonly Dir[]): Spec => ({ type: 'step', dirs });
const slide = (dirs: readonly Dir[]): Spec => ({ type: 'slide', dirs });
const leap = (dirs: readonly Dir[]): Spec => ({ type: 'leap', dirs });

const specCache = new Map<string, Spec[]>();

/** Movement of a piece kind in a variant family (memoised: the tables below are static). */
function specsFor(v: Variant, kind: string): Spec[] {
  const key = `${v.family}:${kind}`;
  let specs = specCache.get(key);
  if (!specs) {
    specs = buildSpecs(v, kind);
    specCache.set(key, specs);
  }
  return specs;
}

function buildSpecs(v: Variant, kind: string): Spec[] {
  if (kind === 'P') return [{ type: 'pawn' }];
  const N = leap(leaps(2, 1));
  switch (v.family) {
    case 'husun': {
      const t: Record<string, Spec[]> = {
        K: [step(ALL8)],
        F: [step(DIAG)],
        R: [slide(ORTH)],
        N: [N],
        E: [leap(leaps(2, 2))],
        D: [slide(DIAG)],
      };
      return t[kind] ?? fail(kind);
    }
    case 'tamerlane': {
      const t: Record<string, Spec[]> = {
        K: [step(ALL8)],
        H: [step(ALL8)],
        A: [step(ALL8)],
        F: [step(DIAG)],
        W: [step(ORTH)],
        G: [{ type: 'giraffe' }],
        T: [{ type: 'slideMin2', dirs: DIAG }],
        N: [N],
        R: [slide(ORTH)],
        D: [leap(leaps(2, 0))],
        C: [leap(leaps(3, 1))],
        E: [leap(leaps(2, 2))],
        L: [leap(leaps(3, 0))],
        B: [leap(leaps(3, 2))],
        S: [leap(leaps(3, 3))],
        X: [{ type: 'slideMin2', dirs: ORTH }],
      };
      return t[kind] ?? fail(kind);
    }
    case 'persian': {
      const t: Record<string, Spec[]> = {
        K: [step(ALL8)],
        Q: [slide(ALL8)],
        R: [slide(ORTH)],
        B: [slide(DIAG)],
        N: [N],
        S: [slide(DIAG), N],
        F: [slide(ORTH), N],
        C: [step(ORTH), leap(leaps(2, 2)), leap(leaps(2, 0))],
        W: [step(DIAG), N],
      };
      return t[kind] ?? fail(kind);
    }
    case 'chess': {
      const t: Record<string, Spec[]> = {
        K: [step(ALL8)],
        Q: [slide(ALL8)],
        R: [slide(ORTH)],
        B: [slide(DIAG)],
        N: [N],
      };
      return t[kind] ?? fail(kind);
    }
    case 'shatranj': {
      // Fairy-Stockfish letters: Q = fers, B = alfil.
      const t: Record<string, Spec[]> = {
        K: [step(ALL8)],
        Q: [step(DIAG)],
        R: [slide(ORTH)],
        B: [leap(leaps(2, 2))],
        N: [N],
      };
      return t[kind] ?? fail(kind);
    }
  }
}

function fail(kind: string): never {
  throw new Error(`unknown piece kind ${kind}`);
}

const forward = (c: Color): number => (c === 'w' ? 1 : -1);

/** May this piece stop (move or capture) on this cell? */
function canStand(pos: Position, p: Piece, c: Coord): boolean {
  const cell = cellAt(pos, c);
  if (!cell) return false;
  const v = pos.v;
  if (v.family === 'tamerlane' && cell.citadelOwner !== null) {
    // Only King, Prince and Adventitious King stand on a citadel; K and H never on their own.
    if (p.kind === 'A') return true;
    if (p.kind === 'K' || p.kind === 'H') return cell.citadelOwner !== p.color;
    return false;
  }
  const isF6 = c.file === 5 && c.rank === 5;
  if (v.centre === 'princess' && isF6) return p.kind === 'P' || p.kind === 'S';
  if (v.centre === 'eye' && isF6) return false;
  return true;
}

interface Reach {
  readonly to: Coord;
  /** both: move or capture; quiet: move to an empty cell only; capture: capture only. */
  readonly mode: 'both' | 'quiet' | 'capture';
}

/**
 * The cells a piece reaches geometrically, before the occupant of the final cell and canStand
 * are taken into account. Sliders include the first occupied cell of each ray.
 */
function reach(pos: Position, from: Coord, p: Piece): Reach[] {
  const out: Reach[] = [];
  if (isWaitingPawn(pos, p)) return out; // immobile, never captures
  const add = (to: Coord, mode: Reach['mode']): void => {
    out.push({ to, mode });
  };
  for (const spec of specsFor(pos.v, p.kind)) {
    switch (spec.type) {
      case 'step':
      case 'leap':
        for (const [df, dr] of spec.dirs) {
          const to = sq(from.file + df, from.rank + dr);
          if (cellAt(pos, to)) add(to, 'both');
        }
        break;
      case 'slide':
        for (const [df, dr] of spec.dirs) {
          for (let k = 1; ; k++) {
            const to = sq(from.file + k * df, from.rank + k * dr);
            const cell = cellAt(pos, to);
            if (!cell) break;
            add(to, 'both');
            if (cell.piece) break;
          }
        }
        break;
      case 'slideMin2':
        // Picket (diagonal) / crocodile (orthogonal): at least 2 cells, first cell must be empty.
        for (const [df, dr] of spec.dirs) {
          const first = cellAt(pos, sq(from.file + df, from.rank + dr));
          if (!first || first.piece) continue;
          for (let k = 2; ; k++) {
            const to = sq(from.file + k * df, from.rank + k * dr);
            const cell = cellAt(pos, to);
            if (!cell) break;
            add(to, 'both');
            if (cell.piece) break;
          }
        }
        break;
      case 'giraffe':
        // One diagonal step to an empty cell, then orthogonally away from the start (either of
        // the two outward directions) for at least 3 cells; cells passed must be empty.
        // READING: "at least 3 cells" counts the orthogonal leg from the corner cell, so the
        // shortest giraffe move is (1, 4) / (4, 1).
        for (const [df, dr] of DIAG) {
          const corner = sq(from.file + df, from.rank + dr);
          const cc = cellAt(pos, corner);
          if (!cc || cc.piece) continue;
          for (const [of, or] of [
            [df, 0],
            [0, dr],
          ] as const) {
            for (let k = 1; ; k++) {
              const to = sq(corner.file + k * of, corner.rank + k * or);
              const cell = cellAt(pos, to);
              if (!cell) break;
              if (k >= 3) add(to, 'both');
              if (cell.piece) break;
            }
          }
        }
        break;
      case 'pawn': {
        const fw = forward(p.color);
        const one = sq(from.file, from.rank + fw);
        const oneCell = cellAt(pos, one);
        if (oneCell) {
          add(one, 'quiet');
          // Double step (persian, chess) from the start rank; both cells must be empty.
          const startRank =
            pos.v.family === 'persian'
              ? p.color === 'w'
                ? 2
                : 8
              : pos.v.family === 'chess'
                ? p.color === 'w'
                  ? 1
                  : 6
                : -1;
          if (from.rank === startRank && !oneCell.piece && canStand(pos, p, one)) {
            const two = sq(from.file, from.rank + 2 * fw);
            if (cellAt(pos, two)) add(two, 'quiet');
          }
        }
        for (const df of [-1, 1]) {
          const to = sq(from.file + df, from.rank + fw);
          if (cellAt(pos, to)) add(to, 'capture');
        }
        break;
      }
    }
  }
  return out;
}

/** Cells this piece attacks (could capture on, if an enemy piece stood there). */
function attacks(pos: Position, from: Coord, p: Piece): Coord[] {
  return reach(pos, from, p)
    .filter((r) => r.mode !== 'quiet' && canStand(pos, p, r.to))
    .map((r) => r.to);
}

/** Is cell c attacked by any piece of colour `by`? */
export function isSquareAttacked(pos: Position, c: Coord, by: Color): boolean {
  if (pos.v.centre === 'eye') {
    // All-Seeing Eye: both long diagonals through f6 count as attacked for both sides.
    if (c.file === c.rank || c.file + c.rank === 10) return true;
  }
  for (let f = 0; f < pos.v.files; f++) {
    for (let r = 0; r < pos.v.ranks; r++) {
      const p = pos.board[f]![r]!.piece;
      if (!p || p.color !== by) continue;
      for (const t of reach(pos, sq(f, r), p)) {
        if (t.mode !== 'quiet' && same(t.to, c) && canStand(pos, p, t.to)) return true;
      }
    }
  }
  return false;
}

const royalKinds = (v: Variant): string[] => (v.family === 'tamerlane' ? ['K', 'H'] : ['K']);

/**
 * With exactly one royal piece (Tamerlane: King and Prince form a pool; while both are on the
 * board neither is subject to check) it must not be attacked.
 */
function royalSafe(pos: Position, color: Color): boolean {
  const royals = findPieces(pos, color, royalKinds(pos.v));
  if (royals.length !== 1) return true;
  return !isSquareAttacked(pos, royals[0]!, other(color));
}

/** Tamerlane: "the King is in check" (only when it is the sole royal piece and attacked). */
function tamerlaneKingInCheck(pos: Position, color: Color): boolean {
  const royals = findPieces(pos, color, ['K', 'H']);
  if (royals.length !== 1) return false;
  const k = royals[0]!;
  return pieceAt(pos, k)?.kind === 'K' && isSquareAttacked(pos, k, other(color));
}

const capturable = (pos: Position, p: Piece): boolean => !isWaitingPawn(pos, p);

// ---------------------------------------------------------------------------------------------
// Game end

function pieceCount(pos: Position, color: Color): number {
  return allCells(pos).filter(({ cell }) => cell.piece?.color === color).length;
}

/** True when the position ends the game (so no move may be played). Stalemate/mate excluded. */
export function isGameOver(pos: Position): boolean {
  if (pos.claimed) return true;
  const v = pos.v;
  for (const { cell } of allCells(pos)) {
    const p = cell.piece;
    if (!p || cell.citadelOwner === null || p.color === cell.citadelOwner) continue;
    // A royal on the opponent's citadel: citadel draw.
    if (p.kind === 'K') return true;
    // READING: with citadel-claim-or-swap a Prince may legitimately stand on the enemy citadel
    // after a swap; a claimed Prince entry is then tracked by `claimed` (lost in a FEN).
    if (v.family === 'tamerlane' && p.kind === 'H' && !v.citadelClaimOrSwap) return true;
  }
  if (v.family === 'shatranj') {
    // Fairy-Stockfish's bare-king rule (extinction of all pieces with count 1, opponent count 2,
    // extinctionClaim: the side to move may still bare the opponent when he has only one piece).
    const stm = pos.side;
    for (const c of [other(stm), stm]) {
      if (pieceCount(pos, c) <= 1 && pieceCount(pos, other(c)) >= 2 + (c === stm ? 1 : 0))
        return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Move generation

function mkMove(type: MoveType, from: Coord, to: Coord, extra: Partial<Move> = {}): Move {
  return {
    type,
    from,
    to,
    promo: extra.promo ?? null,
    epCapture: extra.epCapture ?? false,
    citadelPartner: extra.citadelPartner ?? null,
    castle: extra.castle ?? null,
  };
}

function promotionRank(v: Variant, c: Color): number {
  switch (v.family) {
    case 'husun':
      return c === 'w' ? 10 : 1; // last rank of the 10x10 (11 / 2)
    case 'tamerlane':
      return c === 'w' ? 9 : 0;
    case 'persian':
      return c === 'w' ? 9 : 1; // rank 10 / rank 2
    case 'chess':
    case 'shatranj':
      return c === 'w' ? 7 : 0;
  }
}

const reachesPromotion = (v: Variant, c: Color, rank: number): boolean =>
  c === 'w' ? rank >= promotionRank(v, c) : rank <= promotionRank(v, c);

/** Normal piece moves, castling and the rendezvous; not yet checked for royal safety. */
function pseudoMoves(pos: Position): Move[] {
  const v = pos.v;
  const me = pos.side;
  const out: Move[] = [];
  for (const { at, cell } of allCells(pos)) {
    const p = cell.piece;
    if (!p || p.color !== me) continue;
    for (const r of reach(pos, at, p)) {
      if (!canStand(pos, p, r.to)) continue;
      const target = pieceAt(pos, r.to);
      let ok = false;
      let ep = false;
      if (r.mode === 'quiet') ok = target === null;
      else if (r.mode === 'capture') {
        if (target) ok = target.color !== me && capturable(pos, target);
        else if (
          p.kind === 'P' &&
          pos.ep &&
          same(pos.ep, r.to) &&
          (v.family === 'persian' || v.family === 'chess')
        ) {
          const victim = pieceAt(pos, sq(r.to.file, at.rank));
          ok = victim?.kind === 'P' && victim.color !== me;
          ep = ok;
        }
      } else ok = target === null || (target.color !== me && capturable(pos, target));
      if (!ok) continue;
      if (
        p.kind === 'P' &&
        (v.family === 'persian' || v.family === 'chess') &&
        reachesPromotion(v, me, r.to.rank)
      ) {
        for (const promo of ['Q', 'R', 'B', 'N']) out.push(mkMove('normal', at, r.to, { promo }));
        continue;
      }
      out.push(mkMove('normal', at, r.to, { epCapture: ep }));
      // Tamerlane option citadel-claim-or-swap: a King/Prince entering the enemy citadel may
      // instead swap with its Prince (h) or Adventitious King (a) and play on.
      // READING: the King may swap with H or A, the Prince with A; the partner must stand on the
      // main board (a K/H may never reach its own citadel this way).
      const dest = cellAt(pos, r.to)!;
      if (
        v.family === 'tamerlane' &&
        v.citadelClaimOrSwap &&
        (p.kind === 'K' || p.kind === 'H') &&
        dest.citadelOwner !== null &&
        dest.citadelOwner !== me
      ) {
        const partners: Array<'H' | 'A'> = p.kind === 'K' ? ['H', 'A'] : ['A'];
        for (const partner of partners) {
          const onMain = findPieces(pos, me, [partner]).filter(
            (c) => cellAt(pos, c)!.citadelOwner === null,
          );
          if (onMain.length > 0) out.push(mkMove('normal', at, r.to, { citadelPartner: partner }));
        }
      }
    }
  }
  // Castling
  for (const c of v.castles) {
    if (c.color !== me || !pos.castling[c.right]) continue;
    const k = pieceAt(pos, c.kingFrom);
    const rook = pieceAt(pos, c.rookFrom);
    if (k?.kind !== 'K' || k.color !== me || rook?.kind !== 'R' || rook.color !== me) continue;
    if (c.mustBeEmpty.some((e) => pieceAt(pos, e) !== null)) continue;
    if (c.mustBeSafe.some((s) => isSquareAttacked(pos, s, other(me)))) continue;
    out.push(mkMove('castle', c.kingFrom, c.kingTo, { castle: c }));
  }
  // Rendezvous (persian): Princess / Champion on g2 (g10) swaps with a friendly Bishop on h2 (h10).
  // READING: allowed whenever such a piece stands on g2 with the Bishop on h2 and the right
  // (V / v) is unused; the right is only lost by making the rendezvous.
  if (v.rendezvousKind && pos.rendezvous[me]) {
    const r = me === 'w' ? 1 : 9;
    const a = pieceAt(pos, sq(6, r));
    const b = pieceAt(pos, sq(7, r));
    if (a?.kind === v.rendezvousKind && a.color === me && b?.kind === 'B' && b.color === me) {
      out.push(mkMove('rendezvous', sq(6, r), sq(7, r)));
    }
  }
  return out;
}

/** Pawn-of-pawns relocation targets (Tamerlane), fully checked. */
function relocationMoves(pos: Position): Move[] {
  const v = pos.v;
  const me = pos.side;
  const out: Move[] = [];
  if (v.family !== 'tamerlane') return out;
  for (const { at, cell } of allCells(pos)) {
    const p = cell.piece;
    if (!p || p.color !== me || !isWaitingPawn(pos, p)) continue;
    for (const { at: to, cell: dest } of allCells(pos)) {
      if (dest.citadelOwner !== null || same(to, at)) continue; // a pawn never stands on a citadel
      if (dest.piece) {
        // Option pawn-of-pawns-occupied: the occupant (never a king) is removed.
        // READING: "never a king" excludes K, H and A; a waiting pawn of pawns (which cannot be
        // captured) cannot be removed either; occupants of both colours may be removed.
        if (!v.pawnOfPawnsOccupied) continue;
        if (['K', 'H', 'A'].includes(dest.piece.kind) || isWaitingPawn(pos, dest.piece)) continue;
      }
      const m = mkMove('relocate', at, to);
      const after = applyMove(pos, m);
      if (!royalSafe(after, me)) continue;
      // Enemy pieces the relocated pawn attacks (pawn capture cells, capturable pieces only).
      const moved = pieceAt(after, to)!;
      const attacked = attacks(after, to, moved).filter((c) => {
        const q = pieceAt(after, c);
        return q !== null && q.color !== me && capturable(after, q);
      });
      let ok = attacked.length >= 2;
      if (!ok && attacked.length > 0) {
        // An attacked enemy piece with no legal move, judged after the relocation with the
        // opponent to move: no legal move of his starts on that piece's cell.
        const replies = legalMoves(after);
        ok = attacked.some((c) => !replies.some((r) => same(r.from, c)));
      }
      if (ok) out.push(m);
    }
  }
  return out;
}

/** All legal moves of the side to move. */
export function legalMoves(pos: Position): Move[] {
  if (isGameOver(pos)) return [];
  const me = pos.side;
  const result: Move[] = [];
  for (const m of pseudoMoves(pos)) {
    if (royalSafe(applyMove(pos, m), me)) result.push(m);
  }
  result.push(...relocationMoves(pos));
  // King swap (Tamerlane), once per game: when the King is in check or there is no other legal
  // move; the partner is any friendly piece on the main board except a waiting pawn of pawns;
  // the King must not be attacked afterwards (even when a Prince exists).
  if (pos.v.family === 'tamerlane' && pos.swap[me]) {
    const kings = findPieces(pos, me, ['K']);
    if (kings.length === 1 && (result.length === 0 || tamerlaneKingInCheck(pos, me))) {
      const k = kings[0]!;
      for (const { at, cell } of allCells(pos)) {
        const p = cell.piece;
        if (
          !p ||
          p.color !== me ||
          same(at, k) ||
          cell.citadelOwner !== null ||
          isWaitingPawn(pos, p)
        )
          continue;
        const m = mkMove('swap', k, at);
        const after = applyMove(pos, m);
        if (!isSquareAttacked(after, at, other(me)) && royalSafe(after, me)) result.push(m);
      }
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Making moves

/** Tamerlane: what a pawn becomes on reaching the last rank (null: special placement). */
function applyMove(pos: Position, m: Move): Position {
  const v = pos.v;
  const me = pos.side;
  const next = copyPosition(pos);
  const mover = pieceAt(pos, m.from);
  if (!mover) throw new Error(`no piece on ${squareName(m.from)}`);
  let resetClock = false;
  next.ep = null;
  switch (m.type) {
    case 'castle': {
      const c = m.castle!;
      const rook = pieceAt(pos, c.rookFrom);
      setPiece(next, c.kingFrom, null);
      setPiece(next, c.rookFrom, null);
      setPiece(next, c.kingTo, mover);
      setPiece(next, c.rookTo, rook);
      break;
    }
    case 'swap':
    case 'rendezvous': {
      const partner = pieceAt(pos, m.to);
      setPiece(next, m.to, mover);
      setPiece(next, m.from, partner);
      if (m.type === 'swap') next.swap[me] = false;
      else next.rendezvous[me] = false;
      break;
    }
    case 'relocate': {
      setPiece(next, m.from, null);
      setPiece(next, m.to, { color: me, kind: 'P', tag: 'P2' });
      resetClock = true;
      break;
    }
    case 'normal': {
      const captured = pieceAt(pos, m.to);
      if (captured || m.epCapture || mover.kind === 'P') resetClock = true;
      setPiece(next, m.from, null);
      if (m.epCapture) setPiece(next, sq(m.to.file, m.from.rank), null);
      let placed: Piece = mover;
      if (mover.kind === 'P' && reachesPromotion(v, me, m.to.rank)) {
        switch (v.family) {
          case 'chess':
          case 'persian':
            placed = { color: me, kind: m.promo ?? fail('missing promotion'), tag: null };
            break;
          case 'husun':
            placed = { color: me, kind: 'F', tag: null };
            break;
          case 'shatranj':
            placed = { color: me, kind: 'Q', tag: null };
            break;
          case 'tamerlane':
            placed = tamerlanePromotion(mover);
            break;
        }
      }
      if (placed.kind === 'P' && placed.tag === 'P2+arrived') {
        // Pawn of pawns, second arrival: placed on the pawn of kings' starting cell.
        setPiece(next, m.to, null);
        placeSecondArrival(next, me);
      } else {
        setPiece(next, m.to, placed);
      }
      // Double step: record the en-passant cell (always written after a double step).
      if (mover.kind === 'P' && Math.abs(m.to.rank - m.from.rank) === 2) {
        next.ep = sq(m.from.file, (m.from.rank + m.to.rank) / 2);
      }
      if (v.family === 'tamerlane' && (mover.kind === 'K' || mover.kind === 'H')) {
        const dest = cellAt(pos, m.to)!;
        if (dest.citadelOwner !== null && dest.citadelOwner !== me) {
          if (m.citadelPartner) {
            const partnerAt = findPieces(next, me, [m.citadelPartner]).find(
              (c) => cellAt(next, c)!.citadelOwner === null,
            );
            if (!partnerAt) throw new Error('no citadel swap partner');
            const partner = pieceAt(next, partnerAt);
            setPiece(next, partnerAt, mover);
            setPiece(next, m.to, partner);
          } else {
            next.claimed = true; // the citadel draw
          }
        }
      }
      break;
    }
  }
  // Castling rights: lost when the king or the rook leaves its square or something lands there.
  for (const c of v.castles) {
    for (const s of [c.kingFrom, c.rookFrom]) {
      if (same(s, m.from) || same(s, m.to)) next.castling[c.right] = false;
    }
  }
  next.halfmove = resetClock ? 0 : pos.halfmove + 1;
  if (me === 'b') next.fullmove = pos.fullmove + 1;
  next.side = other(me);
  return next;
}

function tamerlanePromotion(pawn: Piece): Piece {
  const me = pawn.color;
  switch (pawn.tag) {
    case 'P':
      return { color: me, kind: 'P', tag: 'P=' }; // first arrival: waits on the last rank
    case 'P2':
      return { color: me, kind: 'P', tag: 'P2+arrived' }; // marker, handled by the caller
    case 'P3':
      return { color: me, kind: 'A', tag: null }; // third arrival: Adventitious King
    case 'P=':
      throw new Error('a waiting pawn of pawns does not move as a pawn');
    case null:
      throw new Error('untagged Tamerlane pawn');
    default:
      return { color: me, kind: pawn.tag, tag: null }; // 'H' gives the Prince
  }
}

/**
 * Second arrival of the pawn of pawns: on the starting cell of the pawn of kings; a non-royal
 * occupant of either colour is removed; if a royal piece (K or H of either colour) stands there
 * the pawn goes to the nearest empty cell of that rank, ties towards file a (house rule).
 * READING: the Adventitious King is not royal, so it is removed like any other piece.
 * READING: if the rank has no empty cell at all, the pawn leaves the board.
 */
function placeSecondArrival(pos: Position, me: Color): void {
  const target = pos.v.pawnOfKingsStart![me];
  const pawn: Piece = { color: me, kind: 'P', tag: 'P3' };
  const occupant = pieceAt(pos, target);
  if (!occupant || !(occupant.kind === 'K' || occupant.kind === 'H')) {
    setPiece(pos, target, pawn);
    return;
  }
  for (let d = 1; d < pos.v.files; d++) {
    for (const f of [target.file - d, target.file + d]) {
      const c = sq(f, target.rank);
      const cell = cellAt(pos, c);
      if (cell && cell.citadelOwner === null && !cell.piece) {
        setPiece(pos, c, pawn);
        return;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Move text

export function moveText(m: Move): string {
  return (
    squareName(m.from) +
    squareName(m.to) +
    (m.promo ? m.promo.toLowerCase() : '') +
    (m.citadelPartner ? m.citadelPartner.toLowerCase() : '')
  );
}

// ---------------------------------------------------------------------------------------------
// Public API

export function referenceVariant(variant: string, options?: ReferenceOptions): Variant {
  return makeVariant(variant, options);
}

export function referenceParse(variant: string, fen: string, options?: ReferenceOptions): Position {
  return parseFen(makeVariant(variant, options), fen);
}

/** Parses and rewrites a position text (all six fields): the round trip. */
export function referenceNormalize(
  variant: string,
  fen: string,
  options?: ReferenceOptions,
): string {
  return writeFen(referenceParse(variant, fen, options));
}

/** Start position text of a variant (our FEN). */
export function referenceStart(variant: string, options?: ReferenceOptions): string {
  return makeVariant(variant, options).startFen;
}

/** Legal moves in move text (docs/formats.md), sorted. */
export function referenceLegalMoves(
  variant: string,
  fen: string,
  options?: ReferenceOptions,
): string[] {
  const pos = referenceParse(variant, fen, options);
  return legalMoves(pos).map(moveText).sort();
}

/** Position text after playing one legal move given in move text. */
export function referencePlay(
  variant: string,
  fen: string,
  move: string,
  options?: ReferenceOptions,
): string {
  const pos = referenceParse(variant, fen, options);
  const m = legalMoves(pos).find((x) => moveText(x) === move);
  if (!m) throw new Error(`illegal move ${move} in ${fen}`);
  return writeFen(applyMove(pos, m));
}

/** True if the position ends the game by a variant rule (citadel draw, shatranj bare king). */
export function referenceIsGameOver(
  variant: string,
  fen: string,
  options?: ReferenceOptions,
): boolean {
  return isGameOver(referenceParse(variant, fen, options));
}

export function perftPosition(pos: Position, depth: number): number {
  if (depth === 0) return 1;
  const moves = legalMoves(pos);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += perftPosition(applyMove(pos, m), depth - 1);
  return n;
}

export function referencePerft(
  variant: string,
  fen: string | null,
  depth: number,
  options?: ReferenceOptions,
): number {
  const v = makeVariant(variant, options);
  return perftPosition(parseFen(v, fen ?? v.startFen), depth);
}

export function referenceDivide(
  variant: string,
  fen: string | null,
  depth: number,
  options?: ReferenceOptions,
): Map<string, number> {
  const v = makeVariant(variant, options);
  const pos = parseFen(v, fen ?? v.startFen);
  const out = new Map<string, number>();
  if (depth < 1) return out;
  for (const m of legalMoves(pos))
    out.set(moveText(m), perftPosition(applyMove(pos, m), depth - 1));
  return new Map([...out.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}
