/**
 * A variant compiled once, with its start array and rule switches, into the tables the move
 * generator reads (docs/design.md principle 5): per piece code its leaps and slides as mailbox
 * offsets, where it may stop, and per colour the reverse tables for "is this cell attacked".
 */
import { MODE_MOVE, parseBetza, type Vector } from './betza.ts';
import { Geometry, STRIDE } from './geometry.ts';
import { KIND, KIND_KEYS, kindInfo, pieceCode, type KindKey } from './piece-kinds.ts';
import { err, ok, type ColorIndex, type Result } from './types.ts';
import { findVariant } from './variants/index.ts';
import type { RendezvousRule, StartArray, VariantDef } from './variants/variant.ts';
import { excerpt } from './excerpt.ts';

export interface RulesetOptions {
  readonly array?: string | undefined;
  readonly rules?: Readonly<Record<string, string>> | undefined;
}

/** Rights bits: castling K Q k q, king swap S s, rendezvous V v (docs/formats.md order). */
export const RIGHT_CASTLE_K = [1, 4] as const;
export const RIGHT_CASTLE_Q = [2, 8] as const;
export const RIGHT_SWAP = [16, 32] as const;
export const RIGHT_RENDEZVOUS = [64, 128] as const;
export const RIGHTS_LETTERS = 'KQkqSsVv';
/** Per-code tables are 256 long so that any board value (OFF = 255 included) indexes them safely. */
export const CODE_SPACE = 256;

export interface CastlingSide {
  readonly right: number;
  readonly kingFrom: number;
  readonly kingTo: number;
  readonly rookFrom: number;
  readonly rookTo: number;
  /** Cells that must be empty (besides the king and rook themselves). */
  readonly empty: readonly number[];
  /** Cells the king stands on or crosses, none of which may be attacked. */
  readonly safe: readonly number[];
}

export interface RendezvousSquares {
  readonly from: number;
  readonly to: number;
  readonly pieceCode: number;
  readonly partnerCode: number;
  readonly right: number;
}

const ORTHOGONAL: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const DIAGONAL: ReadonlyArray<readonly [number, number]> = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];
/** The eight ray directions in a fixed order; slide attack tables are indexed by it. */
export const RAY_VECTORS: ReadonlyArray<readonly [number, number]> = [...ORTHOGONAL, ...DIAGONAL];
export const RAY_OFFSETS: readonly number[] = RAY_VECTORS.map(([dx, dy]) => dx + dy * STRIDE);

export class Ruleset {
  readonly geo: Geometry;
  readonly size: number;
  readonly switches: Readonly<Record<string, string>>;
  /** Kind ids this variant uses. */
  readonly kinds: readonly number[];
  /** Upper-case letter of each used kind id ('' when unused). */
  readonly kindLetter: string[] = [];
  /** Text inside the brackets after a tagged pawn's letter (Tamerlane), '' for none. */
  readonly pawnTag: string[] = [];

  // Movement per piece code (colour applied), as [start, end) ranges into flat arrays.
  readonly leapStart = new Int32Array(CODE_SPACE);
  readonly leapEnd = new Int32Array(CODE_SPACE);
  readonly leapOff: Int16Array;
  readonly leapMode: Uint8Array;
  readonly slideStart = new Int32Array(CODE_SPACE);
  readonly slideEnd = new Int32Array(CODE_SPACE);
  readonly slideOff: Int16Array;
  readonly slideMin: Uint8Array;
  readonly giraffe = new Uint8Array(CODE_SPACE);
  readonly isPawn = new Uint8Array(CODE_SPACE);
  /** For a pawn code: the kind it becomes on arrival (tag), or 0 when the player chooses. */
  readonly arrivalKind = new Uint8Array(CODE_SPACE);
  readonly capturable = new Uint8Array(CODE_SPACE);
  /** 1 where piece code c may stop on cell s: index c * size + s. */
  readonly stop: Uint8Array;

  // Pawns.
  readonly promotionZone: readonly [Uint8Array, Uint8Array];
  /** Promotion choices as kind ids (empty for tagged pawns). */
  readonly promotionChoices: readonly number[];
  /** 0-based rank per colour from which a pawn may double-step, or -1. */
  readonly doubleStepRank: readonly [number, number];
  readonly enPassant: boolean;

  // Attack tables per attacking colour.
  readonly leapAttackOff: readonly [Int16Array, Int16Array];
  /** For each attack offset, a mask over piece codes: index i * 256 + code. */
  readonly leapAttackMask: readonly [Uint8Array, Uint8Array];
  /** Per ray direction: codes sliding along it from distance 1 / from distance 2 (index dir * 256 + code). */
  readonly slideAttack1: Uint8Array;
  readonly slideAttack2: Uint8Array;
  readonly hasGiraffe: boolean;
  /** 1 for a colour that has a giraffe kind (the attack test then looks for bent paths). */
  readonly giraffeColors = new Uint8Array(2);
  /** Per attacking colour, the ray directions (indexes into RAY_OFFSETS) some of its kinds slide along. */
  readonly slideDirections: readonly [Uint8Array, Uint8Array];
  readonly hasLongSlides: boolean;
  readonly eyeAttacked: Uint8Array | null;

  // Royals and special rules.
  readonly royalPool: boolean;
  readonly kingCode: readonly [number, number];
  readonly princeCode: readonly [number, number];
  readonly stalemateLoses: boolean;
  readonly castling: readonly [readonly CastlingSide[], readonly CastlingSide[]];
  /** AND-mask applied to the rights when a move touches a cell (castling pieces' home cells). */
  readonly rightsKeep: Uint8Array;
  readonly kingSwap: boolean;
  readonly rendezvous: readonly [RendezvousSquares, RendezvousSquares] | null;
  readonly pawnOfPawns: boolean;
  readonly pawnOfPawnsOccupied: boolean;
  readonly citadelClaimOrSwap: boolean;
  /** Cells where each colour's pawn of pawns lands on its second arrival. */
  readonly kingsPawnStart: readonly [number, number];
  /** Citadel draw: codes whose standing on an enemy citadel ends the game. */
  readonly citadelDrawCode: Uint8Array;
  readonly bareKing: boolean;
  readonly repetitionDraws: boolean;
  readonly moveRulePlies: number | null;
  /** Rights the start position has (FEN default when the field is missing). */
  readonly allRights: number;

  constructor(
    readonly def: VariantDef,
    readonly array: StartArray,
    switches: Readonly<Record<string, string>>,
  ) {
    const rules = def.rules;
    this.switches = switches;
    const geo = (this.geo = new Geometry(def.geometry));
    const size = (this.size = geo.size);
    this.kinds = KIND_KEYS.filter((k) => def.letters[k] !== undefined).map((k) => KIND[k]);
    for (const key of KIND_KEYS) {
      this.kindLetter[KIND[key]] = def.letters[key] ?? '';
      this.pawnTag[KIND[key]] = '';
    }
    if (rules.pawn.promotion === 'tag') this.assignPawnTags();

    // Movement tables.
    const leaps: number[] = [];
    const leapModes: number[] = [];
    const slides: number[] = [];
    const slideMins: number[] = [];
    const attackLeaps: [Map<number, number[]>, Map<number, number[]>] = [new Map(), new Map()];
    this.slideAttack1 = new Uint8Array(8 * CODE_SPACE);
    this.slideAttack2 = new Uint8Array(8 * CODE_SPACE);
    let hasGiraffe = false;
    let hasLongSlides = false;
    for (const kind of this.kinds) {
      const info = kindInfo(kind);
      const betza = parseBetza(info.movement.betza);
      for (const color of [0, 1] as const) {
        const code = pieceCode(kind, color);
        const flip = color === 0 ? 1 : -1;
        const off = (v: Vector | readonly [number, number]): number =>
          'dx' in v ? v.dx + v.dy * flip * STRIDE : v[0] + v[1] * flip * STRIDE;
        this.capturable[code] = key(kind) === 'pawnOfPawnsWaiting' ? 0 : 1;
        this.isPawn[code] = info.pawn ? 1 : 0;
        if (info.promotesTo) this.arrivalKind[code] = KIND[info.promotesTo as KindKey];
        this.leapStart[code] = leaps.length;
        for (const v of betza.leaps) {
          if (v.mode !== MODE_MOVE) push(attackLeaps[color], off(v), code);
          if (info.pawn) continue; // pawns move by their own generator
          leaps.push(off(v));
          leapModes.push(v.mode);
        }
        this.leapEnd[code] = leaps.length;
        this.slideStart[code] = slides.length;
        for (const v of betza.slides) {
          slides.push(off(v));
          slideMins.push(1);
          if (v.mode !== MODE_MOVE) this.slideAttack1[rayIndex(off(v)) * CODE_SPACE + code] = 1;
        }
        const long = info.movement.longSlides;
        if (long) {
          hasLongSlides = true;
          for (const v of long === 'diagonal' ? DIAGONAL : ORTHOGONAL) {
            slides.push(off(v));
            slideMins.push(2);
            this.slideAttack2[rayIndex(off(v)) * CODE_SPACE + code] = 1;
          }
        }
        this.slideEnd[code] = slides.length;
        if (info.movement.giraffe) {
          this.giraffe[code] = 1;
          hasGiraffe = true;
        }
      }
    }
    this.leapOff = Int16Array.from(leaps);
    this.leapMode = Uint8Array.from(leapModes);
    this.slideOff = Int16Array.from(slides);
    this.slideMin = Uint8Array.from(slideMins);
    this.hasGiraffe = hasGiraffe;
    if (hasGiraffe) this.giraffeColors.fill(1);
    const dirsOf = (color: number): Uint8Array =>
      Uint8Array.from(
        [0, 1, 2, 3, 4, 5, 6, 7].filter((d) => {
          for (let c = color; c < CODE_SPACE; c += 2)
            if (this.slideAttack1[d * CODE_SPACE + c] || this.slideAttack2[d * CODE_SPACE + c])
              return true;
          return false;
        }),
      );
    this.slideDirections = [dirsOf(0), dirsOf(1)];
    this.hasLongSlides = hasLongSlides;
    const attackTables = attackLeaps.map((m) => {
      const offs = [...m.keys()];
      const mask = new Uint8Array(offs.length * CODE_SPACE);
      offs.forEach((o, i) => {
        for (const code of m.get(o)!) mask[i * CODE_SPACE + code] = 1;
      });
      return { offs: Int16Array.from(offs), mask };
    });
    this.leapAttackOff = [attackTables[0]!.offs, attackTables[1]!.offs];
    this.leapAttackMask = [attackTables[0]!.mask, attackTables[1]!.mask];

    // Where each piece may stop.
    this.stop = new Uint8Array(CODE_SPACE * size);
    const centre = rules.centre ? geo.parseSquare(rules.centre.square) : -1;
    const eye = rules.allSeeingEye ? geo.parseSquare(rules.allSeeingEye.square) : -1;
    for (const kind of this.kinds) {
      const k = key(kind);
      for (const color of [0, 1] as const) {
        const code = pieceCode(kind, color);
        for (const s of geo.cells) {
          let allowed = true;
          const owner = geo.citadelOwner[s]!;
          if (owner >= 0 && rules.citadels) {
            const c = rules.citadels;
            if (c.mayStand !== 'any' && !c.mayStand.includes(k)) allowed = false;
            if (owner === color && c.ownBarred.includes(k)) allowed = false;
          }
          if (s === centre && !rules.centre!.allowed.includes(k)) allowed = false;
          if (s === eye) allowed = false;
          this.stop[code * size + s] = allowed ? 1 : 0;
        }
      }
    }
    this.eyeAttacked = eye >= 0 ? eyeDiagonals(geo, eye) : null;

    // Pawns.
    const zone = (color: ColorIndex): Uint8Array => {
      const z = new Uint8Array(size);
      for (const s of geo.cells) {
        const r = geo.rankOf(s);
        const reached =
          color === 0
            ? r >= rules.pawn.promotionRank
            : r <= geo.ranks - 1 - rules.pawn.promotionRank;
        z[s] = reached ? 1 : 0;
      }
      return z;
    };
    this.promotionZone = [zone(0), zone(1)];
    this.promotionChoices =
      rules.pawn.promotion === 'tag' ? [] : rules.pawn.promotion.map((k) => KIND[k]);
    const ds = rules.pawn.doubleStepRank;
    this.doubleStepRank = ds === null ? [-1, -1] : [ds, geo.ranks - 1 - ds];
    this.enPassant = rules.pawn.enPassant;

    // Royals and special rules.
    this.royalPool = rules.royalty === 'pool';
    this.kingCode = [pieceCode(KIND.king, 0), pieceCode(KIND.king, 1)];
    this.princeCode = this.royalPool
      ? [pieceCode(KIND.prince, 0), pieceCode(KIND.prince, 1)]
      : [-1, -1];
    this.stalemateLoses = rules.stalemate === 'loss';
    this.rightsKeep = new Uint8Array(size).fill(255);
    this.castling = [this.castlingSides(0), this.castlingSides(1)];
    this.kingSwap = rules.kingSwap;
    const rdv = rules.rendezvous;
    const rdvSquares = (color: ColorIndex, r: RendezvousRule): RendezvousSquares => ({
      from: geo.sq(r.fromFile, r.rank[color]),
      to: geo.sq(r.toFile, r.rank[color]),
      pieceCode: pieceCode(KIND[r.piece], color),
      partnerCode: pieceCode(KIND[r.partner], color),
      right: RIGHT_RENDEZVOUS[color],
    });
    this.rendezvous =
      rdv && (!rdv.switch || switches[rdv.switch] !== 'off')
        ? [rdvSquares(0, rdv), rdvSquares(1, rdv)]
        : null;
    this.pawnOfPawns = rules.pawnOfPawns;
    this.pawnOfPawnsOccupied = switches['pawn-of-pawns-occupied'] === 'on';
    this.citadelClaimOrSwap = switches['citadel-claim-or-swap'] === 'on';
    const kps = array.kingsPawnStart;
    this.kingsPawnStart = kps ? [geo.parseSquare(kps[0]), geo.parseSquare(kps[1])] : [-1, -1];
    this.citadelDrawCode = new Uint8Array(CODE_SPACE);
    for (const k of rules.citadels?.drawBy ?? [])
      for (const color of [0, 1]) this.citadelDrawCode[pieceCode(KIND[k], color)] = 1;
    this.bareKing = rules.bareKing;
    this.repetitionDraws = rules.repetition === 'always' || switches['repetition'] === 'on';
    this.moveRulePlies = rules.moveRulePlies;
    let all = 0;
    for (const color of [0, 1] as const) {
      for (const side of this.castling[color]) all |= side.right;
      if (this.kingSwap) all |= RIGHT_SWAP[color];
      if (this.rendezvous) all |= RIGHT_RENDEZVOUS[color];
    }
    this.allRights = all;
  }

  /** Mirror a 0-based rank for Black. */
  relativeRank(color: ColorIndex, rank: number): number {
    return color === 0 ? rank : this.geo.ranks - 1 - rank;
  }

  private assignPawnTags(): void {
    const stageTags: Partial<Record<KindKey, string>> = {
      pawnOfPawns: 'P',
      pawnOfPawnsWaiting: 'P=',
      pawnOfPawns2: 'P2',
      pawnOfPawns3: 'P3',
    };
    for (const kind of this.kinds) {
      const k = key(kind);
      const info = kindInfo(kind);
      const stage = stageTags[k];
      if (stage !== undefined) this.pawnTag[kind] = stage;
      else if (info.promotesTo)
        this.pawnTag[kind] = this.kindLetter[KIND[info.promotesTo as KindKey]]!;
    }
  }

  private castlingSides(color: ColorIndex): CastlingSide[] {
    const c = this.def.rules.castling;
    if (!c) return [];
    const geo = this.geo;
    const rank = c.rank[color];
    const kingFrom = geo.sq(c.kingFile, rank);
    this.rightsKeep[kingFrom] &= ~(RIGHT_CASTLE_K[color] | RIGHT_CASTLE_Q[color]);
    return ([0, 1] as const).map((side) => {
      const right = side === 1 ? RIGHT_CASTLE_K[color] : RIGHT_CASTLE_Q[color];
      const rookFile = c.rookFiles[side];
      const kingToFile = c.kingTargets[side];
      const rookToFile = kingToFile + (side === 1 ? -1 : 1);
      const rookFrom = geo.sq(rookFile, rank);
      this.rightsKeep[rookFrom] &= ~right;
      const files = new Set<number>();
      const lo = Math.min(c.kingFile, rookFile, kingToFile, rookToFile);
      const hi = Math.max(c.kingFile, rookFile, kingToFile, rookToFile);
      for (let f = lo; f <= hi; f++) if (f !== c.kingFile && f !== rookFile) files.add(f);
      const safe: number[] = [];
      const step = kingToFile > c.kingFile ? 1 : -1;
      for (let f = c.kingFile; ; f += step) {
        safe.push(geo.sq(f, rank));
        if (f === kingToFile) break;
      }
      return {
        right,
        kingFrom,
        kingTo: geo.sq(kingToFile, rank),
        rookFrom,
        rookTo: geo.sq(rookToFile, rank),
        empty: [...files].map((f) => geo.sq(f, rank)),
        safe,
      };
    });
  }
}

const key = (kind: number): KindKey => KIND_KEYS[kind - 1]!;

function push(m: Map<number, number[]>, offset: number, code: number): void {
  const list = m.get(offset);
  if (list) list.push(code);
  else m.set(offset, [code]);
}

function rayIndex(offset: number): number {
  const i = RAY_OFFSETS.indexOf(offset);
  if (i < 0) throw new Error(`slide offset ${offset} is not a ray`);
  return i;
}

function eyeDiagonals(geo: Geometry, eye: number): Uint8Array {
  const out = new Uint8Array(geo.size);
  for (const [dx, dy] of DIAGONAL) {
    for (let f = geo.fileOf(eye), r = geo.rankOf(eye); geo.inBox(f, r); f += dx, r += dy) {
      const s = geo.sq(f, r);
      if (geo.exists[s]) out[s] = 1;
    }
  }
  return out;
}

/** Compiles a variant by id with its array and rule switches; unknown names are reported. */
export function compileRuleset(variantId: string, options: RulesetOptions = {}): Result<Ruleset> {
  const def = findVariant(variantId);
  if (!def) return err(`unknown variant '${excerpt(variantId)}'`);
  const arrayId = options.array ?? def.arrays[0]!.id;
  const array = def.arrays.find((a) => a.id === arrayId);
  if (!array)
    return err(
      `unknown array '${excerpt(arrayId)}' for ${def.id} (choose: ${def.arrays.map((a) => a.id).join(', ')})`,
    );
  const switches: Record<string, string> = {};
  for (const s of def.switches) switches[s.name] = s.values[0]!;
  for (const [name, value] of Object.entries(options.rules ?? {})) {
    const spec = def.switches.find((s) => s.name === name);
    if (!spec)
      return err(
        `unknown rule switch '${excerpt(name)}' for ${def.id}` +
          (def.switches.length ? ` (choose: ${def.switches.map((s) => s.name).join(', ')})` : ''),
      );
    if (!spec.values.includes(value))
      return err(
        `rule switch '${name}' takes ${spec.values.join(' or ')}, not '${excerpt(value)}'`,
      );
    switches[name] = value;
  }
  const cacheKey = `${def.id}|${array.id}|${JSON.stringify(switches)}`;
  let rs = CACHE.get(cacheKey);
  if (!rs) {
    rs = new Ruleset(def, array, switches);
    CACHE.set(cacheKey, rs);
  }
  return ok(rs);
}

const CACHE = new Map<string, Ruleset>();
