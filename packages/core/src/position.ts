/**
 * The readable layer (docs/design.md principle 6) for UI, server, CLI and tests: a game position
 * with legal moves as objects, `play` returning a result (an illegal move is rejected with its
 * reason and changes nothing), undo, SAN, outcome and the special rights. It drives the fast layer
 * underneath, so both layers share one move generator.
 */
import { FastPosition, type Setup } from './fast-position.ts';
import { makeFen, parseFen, pieceText, startSetup } from './fen.ts';
import {
  CASTLE,
  EN_PASSANT,
  FLAG_NAMES,
  KING_SWAP,
  PROMOTE,
  RELOCATE,
  RENDEZVOUS,
  moveExtra,
  moveFlag,
  moveFrom,
  moveTo,
} from './move.ts';
import { makeMoveText, matchMoveText, parseMoveText } from './move-text.ts';
import { generateLegal, generatePseudo, inCheck } from './movegen.ts';
import { isClaimableDraw, outcomeOf, type Outcome } from './outcome.ts';
import { EMPTY, codeKind, kindInfo, kindKey, type KindKey } from './piece-kinds.ts';
import {
  RIGHT_CASTLE_K,
  RIGHT_CASTLE_Q,
  RIGHT_RENDEZVOUS,
  RIGHT_SWAP,
  compileRuleset,
  type Ruleset,
  type RulesetOptions,
} from './ruleset.ts';
import { makeSan, parseSan } from './san.ts';
import { colorName, err, ok, type ByColor, type Color, type Result } from './types.ts';
import { excerpt } from './excerpt.ts';

export type MoveKind = (typeof FLAG_NAMES)[number];

export interface MoveInfo {
  /** Move text (`g3g4`, `e9e10q`). */
  readonly text: string;
  readonly san: string;
  readonly from: string;
  readonly to: string;
  readonly kind: MoveKind;
  readonly capture: boolean;
  /** The piece kind a pawn becomes, if any. */
  readonly promotion?: KindKey;
  /** Integer move of the fast layer. */
  readonly code: number;
}

export interface PieceOnBoard {
  readonly square: string;
  readonly color: Color;
  readonly kind: KindKey;
  readonly name: string;
  /** FEN text of the piece (`P[H]`, `n`). */
  readonly text: string;
}

export interface SpecialRights {
  readonly kingSwap: ByColor<boolean> | null;
  readonly rendezvous: ByColor<boolean> | null;
  readonly castling: ByColor<{ kingSide: boolean; queenSide: boolean }> | null;
  /** Every pawn of pawns on the board with its stage (1 first life, 'waiting', 2, 3). */
  readonly pawnsOfPawns: ReadonlyArray<{
    square: string;
    color: Color;
    stage: 1 | 'waiting' | 2 | 3;
  }>;
}

const STAGES: Partial<Record<KindKey, 1 | 'waiting' | 2 | 3>> = {
  pawnOfPawns: 1,
  pawnOfPawnsWaiting: 'waiting',
  pawnOfPawns2: 2,
  pawnOfPawns3: 3,
};

/**
 * How a position is made: its ruleset's options, and the size of its move-generation buffer
 * (MOVE_BUFFER, enough for a search, unless a position only played, such as a server's game,
 * asks for PLAY_MOVE_BUFFER).
 */
export interface PositionOptions extends RulesetOptions {
  readonly moveBuffer?: number | undefined;
}

export class Position {
  private readonly fast: FastPosition;
  private readonly played: MoveInfo[] = [];
  private legalCache: number[] | null = null;
  /** FEN of the position this game started from. */
  readonly startFen: string;

  private constructor(
    readonly rs: Ruleset,
    setup: Setup,
    moveBuffer: number | undefined,
  ) {
    this.fast = new FastPosition(rs, moveBuffer);
    this.fast.load(setup);
    this.startFen = this.fen();
  }

  /** True when the game started from the variant's standard start position. */
  startedFromArray(): boolean {
    return this.startFen === makeFen(this.rs, startSetup(this.rs));
  }

  /** The start position of a variant (with its array and rule switches). */
  static start(variant: string, options: PositionOptions = {}): Result<Position> {
    const rs = compileRuleset(variant, options);
    if (!rs.ok) return rs;
    return ok(new Position(rs.value, startSetup(rs.value), options.moveBuffer));
  }

  /** A position from our FEN; errors say what is wrong and where. */
  static fromFen(variant: string, fen: string, options: PositionOptions = {}): Result<Position> {
    const rs = compileRuleset(variant, options);
    if (!rs.ok) return rs;
    const setup = parseFen(rs.value, fen);
    if (!setup.ok) return err(`bad position: ${setup.error}`);
    return ok(new Position(rs.value, setup.value, options.moveBuffer));
  }

  static fromSetup(rs: Ruleset, setup: Setup, moveBuffer?: number): Position {
    return new Position(rs, setup, moveBuffer);
  }

  get variant(): string {
    return this.rs.def.id;
  }

  fen(): string {
    return makeFen(this.rs, this.fast.toSetup());
  }

  turn(): Color {
    return colorName(this.fast.side as 0 | 1);
  }

  isCheck(): boolean {
    return inCheck(this.fast);
  }

  /** Integer legal moves of the fast layer (cached until the position changes). */
  legalCodes(): readonly number[] {
    if (!this.legalCache) {
      const end = generateLegal(this.fast, 0);
      this.legalCache = Array.from(this.fast.moves.subarray(0, end));
    }
    return this.legalCache;
  }

  /** Legal moves with their text and SAN, sorted by from-cell then to-cell. */
  legalMoves(): MoveInfo[] {
    const legal = this.legalCodes();
    return legal.map((m) => this.describe(m, legal)).sort((a, b) => a.text.localeCompare(b.text));
  }

  private describe(m: number, legal: readonly number[]): MoveInfo {
    const rs = this.rs;
    const flag = moveFlag(m);
    const to = moveTo(m);
    const captured =
      flag === EN_PASSANT ||
      (flag !== KING_SWAP &&
        flag !== RENDEZVOUS &&
        flag !== CASTLE &&
        flag !== RELOCATE &&
        this.fast.board[to] !== EMPTY);
    const info: MoveInfo = {
      text: makeMoveText(rs, m),
      san: makeSan(this.fast, m, legal),
      from: rs.geo.name(moveFrom(m)),
      to: rs.geo.name(to),
      kind: FLAG_NAMES[flag]!,
      capture: captured,
      code: m,
    };
    return flag === PROMOTE ? { ...info, promotion: kindKey(moveExtra(m)) } : info;
  }

  /**
   * Plays move text (`g3g4`) or SAN (`Nc4`); an illegal move is rejected with its reason and
   * changes nothing. After the game has ended no move is legal, except past a draw that is only a
   * claim (`isClaimableDraw`).
   */
  play(move: string): Result<MoveInfo> {
    const over = this.outcome();
    if (over && !isClaimableDraw(over, this.rs.def.rules))
      return err(`the game is over (${over.text})`);
    const code = this.resolve(move);
    if (!code.ok) return code;
    const info = this.describe(code.value, this.legalCodes());
    this.fast.make(code.value);
    this.played.push(info);
    this.legalCache = null;
    return ok(info);
  }

  /** Resolves move text or SAN to a legal integer move, or explains why it is not legal. */
  resolve(move: string): Result<number> {
    const legal = this.legalCodes();
    const text = move.trim();
    const parts = parseMoveText(this.rs, text);
    if (parts.ok) {
      const hit = matchMoveText(this.rs, legal, parts.value);
      if (hit.ok) return hit;
      return err(
        `illegal move ${excerpt(text)}: ${this.whyIllegal(parts.value.from, parts.value.to, hit.error)}`,
      );
    }
    if (/^[a-z][0-9]{1,2}[a-z][0-9]{1,2}[a-z]?$/.test(text)) return parts;
    const san = parseSan(this.fast, text, legal);
    if (san.ok) return san;
    return err(
      `illegal move ${excerpt(text)}: not a legal move in SAN or move text for ${this.turn()} here`,
    );
  }

  private whyIllegal(from: number, to: number, fallback: string): string {
    const geo = this.rs.geo;
    const code = this.fast.board[from]!;
    if (code === EMPTY) return `there is no piece on ${geo.name(from)}`;
    if ((code & 1) !== this.fast.side)
      return `the piece on ${geo.name(from)} is ${colorName((code & 1) as 0 | 1)}'s`;
    if (fallback !== 'not a legal move') return fallback;
    const end = generatePseudo(this.fast, 0);
    const pseudo = Array.from(this.fast.moves.subarray(0, end));
    this.legalCache = null;
    const name = kindInfo(codeKind(code)).name;
    if (pseudo.some((m) => moveFrom(m) === from && moveTo(m) === to))
      return this.rs.royalPool
        ? `it would leave your royal piece attacked`
        : `it would leave your king in check`;
    return `the ${name} on ${geo.name(from)} cannot move to ${geo.name(to)}`;
  }

  /** Takes back the last move; false when there is none. */
  undo(): boolean {
    const last = this.played.pop();
    if (!last) return false;
    this.fast.unmake(last.code);
    this.legalCache = null;
    return true;
  }

  /** Moves played since this position was set up, oldest first. */
  history(): readonly MoveInfo[] {
    return this.played;
  }

  outcome(): Outcome | null {
    return outcomeOf(this.fast, this.legalCodes().length);
  }

  pieces(): PieceOnBoard[] {
    const out: PieceOnBoard[] = [];
    for (const s of this.rs.geo.cells) {
      const code = this.fast.board[s]!;
      if (code === EMPTY) continue;
      const kind = kindKey(codeKind(code));
      out.push({
        square: this.rs.geo.name(s),
        color: colorName((code & 1) as 0 | 1),
        kind,
        name: kindInfo(codeKind(code)).name,
        text: pieceText(this.rs, code),
      });
    }
    return out;
  }

  specialRights(): SpecialRights {
    const r = this.fast.rights;
    const rs = this.rs;
    const both = (bits: readonly [number, number]): ByColor<boolean> => ({
      white: (r & bits[0]) !== 0,
      black: (r & bits[1]) !== 0,
    });
    const pawnsOfPawns: Array<{ square: string; color: Color; stage: 1 | 'waiting' | 2 | 3 }> = [];
    for (const p of this.pieces()) {
      const stage = STAGES[p.kind];
      if (stage !== undefined) pawnsOfPawns.push({ square: p.square, color: p.color, stage });
    }
    return {
      kingSwap: rs.kingSwap ? both(RIGHT_SWAP) : null,
      rendezvous: rs.rendezvous ? both(RIGHT_RENDEZVOUS) : null,
      castling: rs.castling[0].length
        ? {
            white: {
              kingSide: (r & RIGHT_CASTLE_K[0]) !== 0,
              queenSide: (r & RIGHT_CASTLE_Q[0]) !== 0,
            },
            black: {
              kingSide: (r & RIGHT_CASTLE_K[1]) !== 0,
              queenSide: (r & RIGHT_CASTLE_Q[1]) !== 0,
            },
          }
        : null,
      pawnsOfPawns,
    };
  }

  /** The fast layer underneath (for perft, search and agreement tests). Do not keep it across plays. */
  fastPosition(): FastPosition {
    return this.fast;
  }

  /** A new independent position with the same setup (history not copied). */
  clone(): Position {
    return new Position(this.rs, this.fast.toSetup(), this.fast.moves.length);
  }
}
