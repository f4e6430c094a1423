/**
 * The fast layer (docs/design.md principle 6): a position in preallocated typed arrays with
 * make/unmake of integer moves and an incremental 2x32-bit Zobrist hash. No allocation per move.
 * Move generation lives in `movegen.ts`; this file only changes and restores state.
 */
import { STRIDE } from './geometry.ts';
import {
  CASTLE,
  CITADEL_SWAP,
  DOUBLE_STEP,
  EN_PASSANT,
  KING_SWAP,
  PAWN_OF_PAWNS_RETURN,
  PROMOTE,
  RELOCATE,
  RENDEZVOUS,
  moveExtra,
  moveFlag,
  moveFrom,
  moveTo,
} from './move.ts';
import { EMPTY, KIND, OFF, pieceCode } from './piece-kinds.ts';
import { RIGHT_RENDEZVOUS, RIGHT_SWAP, type Ruleset } from './ruleset.ts';
import { MAX_SIZE } from './geometry.ts';
import {
  MATERIAL,
  PAWN_STRUCTURE,
  PIECE_HI,
  PIECE_LO,
  RIGHTS_HI,
  RIGHTS_LO,
  SIDE_HI,
  SIDE_LO,
} from './zobrist.ts';

/** Piece-list capacity per colour. */
const LIST = 128;
const INITIAL_PLIES = 1024;
/** Size of the shared move buffer (generation for every ply of a search or perft lives in it). */
export const MOVE_BUFFER = 1 << 18;
/**
 * A move buffer for a position that is only played and asked for its legal moves and outcome
 * (a few plies of generation deep, never searched): 32 KiB instead of MOVE_BUFFER's 1 MiB, for
 * programs that hold many positions at once (a server's games).
 */
export const PLAY_MOVE_BUFFER = 1 << 13;

/** What a position is, independent of any text format (filled by FEN parsing, read by FEN writing). */
export interface Setup {
  /** Piece code per mailbox cell (EMPTY / OFF as in the ruleset's geometry). */
  readonly board: Uint8Array;
  readonly side: number;
  readonly rights: number;
  readonly ep: number;
  readonly halfmove: number;
  readonly fullmove: number;
}

export class FastPosition {
  readonly board: Uint8Array;
  side = 0;
  /** En-passant target cell or -1. */
  ep = -1;
  rights = 0;
  halfmove = 0;
  fullmove = 1;
  hashLo = 0;
  hashHi = 0;
  /** Hash of the pawns alone (PAWN_STRUCTURE), for the search's correction history. */
  pawnKey = 0;
  /** Hash of the piece counts (MATERIAL summed), for the search's correction history. */
  materialKey = 0;
  /** Set when the last move took a royal into the enemy citadel (docs/rules.md: drawn at once). */
  citadelDrawn = false;
  readonly kingSq = new Int16Array(2).fill(-1);
  readonly princeSq = new Int16Array(2).fill(-1);
  readonly pieceList = new Int16Array(2 * LIST);
  readonly pieceCount = new Int32Array(2);
  /** How many pieces of each code stand on the board. */
  readonly codeCount = new Int32Array(256);
  private readonly listIndex: Int16Array;
  /** Number of moves made since the setup. */
  ply = 0;
  /** Shared move buffer for generation (see MOVE_BUFFER; its size is the constructor's). */
  readonly moves: Int32Array;
  /** Guards the pawn-of-pawns relocation test, which generates the opponent's moves. */
  nestedGeneration = 0;
  /** Pin candidates of the node being generated: cells marked with the current `pinGeneration`. */
  readonly pinStamp: Int32Array;
  pinGeneration = 0;

  // Undo stack, one entry per ply.
  private undoMoved = new Uint8Array(INITIAL_PLIES);
  private undoCaptured = new Uint8Array(INITIAL_PLIES);
  private undoCaptureSq = new Int16Array(INITIAL_PLIES);
  private undoRemoved = new Uint8Array(INITIAL_PLIES);
  private undoExtraSq = new Int16Array(INITIAL_PLIES);
  private undoEp = new Int16Array(INITIAL_PLIES);
  private undoRights = new Uint8Array(INITIAL_PLIES);
  private undoHalfmove = new Int32Array(INITIAL_PLIES);
  private undoDrawn = new Uint8Array(INITIAL_PLIES);
  /** Hash before each move; also the history repetition detection reads. */
  hashHistoryLo = new Int32Array(INITIAL_PLIES);
  hashHistoryHi = new Int32Array(INITIAL_PLIES);

  constructor(
    readonly rs: Ruleset,
    moveBuffer: number = MOVE_BUFFER,
  ) {
    this.moves = new Int32Array(moveBuffer);
    this.board = new Uint8Array(rs.size);
    this.listIndex = new Int16Array(rs.size);
    this.pinStamp = new Int32Array(rs.size);
  }

  /** Loads a setup (validated by the caller). */
  load(setup: Setup): void {
    const geo = this.rs.geo;
    this.board.fill(OFF);
    this.pieceCount.fill(0);
    this.codeCount.fill(0);
    this.kingSq.fill(-1);
    this.princeSq.fill(-1);
    this.hashLo = 0;
    this.hashHi = 0;
    this.pawnKey = 0;
    this.materialKey = 0;
    for (const s of geo.cells) {
      this.board[s] = EMPTY;
      const code = setup.board[s]!;
      if (code !== EMPTY && code !== OFF) this.addPiece(s, code);
    }
    this.side = setup.side;
    if (this.side === 1) this.toggleSide();
    this.ep = -1;
    this.setEp(setup.ep);
    this.rights = 0;
    this.setRights(setup.rights);
    this.halfmove = setup.halfmove;
    this.fullmove = setup.fullmove;
    this.ply = 0;
    this.citadelDrawn = !this.rs.citadelClaimOrSwap && this.royalOnEnemyCitadel();
  }

  /** A copy of the current state as a Setup. */
  toSetup(): Setup {
    return {
      board: this.board.slice(),
      side: this.side,
      rights: this.rights,
      ep: this.ep,
      halfmove: this.halfmove,
      fullmove: this.fullmove,
    };
  }

  /** True when a royal that draws by entering stands on an enemy citadel. */
  royalOnEnemyCitadel(): boolean {
    const owner = this.rs.geo.citadelOwner;
    for (let c = 0; c < 2; c++)
      for (const s of [this.kingSq[c]!, this.princeSq[c]!])
        if (s >= 0 && owner[s] === (c ^ 1) && this.rs.citadelDrawCode[this.board[s]!] === 1)
          return true;
    return false;
  }

  // ---- piece-list primitives (each keeps board, lists, royal squares and hash in step) ----

  addPiece(sq: number, code: number): void {
    const c = code & 1;
    this.board[sq] = code;
    this.codeCount[code]!++;
    const i = this.pieceCount[c]!++;
    this.pieceList[c * LIST + i] = sq;
    this.listIndex[sq] = i;
    this.hashLo ^= PIECE_LO[code * MAX_SIZE + sq]!;
    this.hashHi ^= PIECE_HI[code * MAX_SIZE + sq]!;
    this.pawnKey ^= PAWN_STRUCTURE[code * MAX_SIZE + sq]!;
    this.materialKey = (this.materialKey + MATERIAL[code]!) | 0;
    if (code === this.rs.kingCode[c]) this.kingSq[c] = sq;
    else if (code === this.rs.princeCode[c]) this.princeSq[c] = sq;
  }

  removePiece(sq: number): number {
    const code = this.board[sq]!;
    const c = code & 1;
    const i = this.listIndex[sq]!;
    const last = --this.pieceCount[c]!;
    const lastSq = this.pieceList[c * LIST + last]!;
    this.codeCount[code]!--;
    this.pieceList[c * LIST + i] = lastSq;
    this.listIndex[lastSq] = i;
    this.board[sq] = EMPTY;
    this.hashLo ^= PIECE_LO[code * MAX_SIZE + sq]!;
    this.hashHi ^= PIECE_HI[code * MAX_SIZE + sq]!;
    this.pawnKey ^= PAWN_STRUCTURE[code * MAX_SIZE + sq]!;
    this.materialKey = (this.materialKey - MATERIAL[code]!) | 0;
    if (code === this.rs.kingCode[c]) this.kingSq[c] = -1;
    else if (code === this.rs.princeCode[c]) this.princeSq[c] = -1;
    return code;
  }

  movePiece(from: number, to: number): void {
    const code = this.board[from]!;
    const c = code & 1;
    this.board[to] = code;
    this.board[from] = EMPTY;
    const i = this.listIndex[from]!;
    this.pieceList[c * LIST + i] = to;
    this.listIndex[to] = i;
    const k = code * MAX_SIZE;
    this.hashLo ^= PIECE_LO[k + from]! ^ PIECE_LO[k + to]!;
    this.hashHi ^= PIECE_HI[k + from]! ^ PIECE_HI[k + to]!;
    this.pawnKey ^= PAWN_STRUCTURE[k + from]! ^ PAWN_STRUCTURE[k + to]!;
    if (code === this.rs.kingCode[c]) this.kingSq[c] = to;
    else if (code === this.rs.princeCode[c]) this.princeSq[c] = to;
  }

  /** Replaces the piece on `sq` by another of the same colour, keeping the list order. */
  changePiece(sq: number, code: number): void {
    const old = this.board[sq]!;
    const c = code & 1;
    this.board[sq] = code;
    this.codeCount[old]!--;
    this.codeCount[code]!++;
    this.hashLo ^= PIECE_LO[old * MAX_SIZE + sq]! ^ PIECE_LO[code * MAX_SIZE + sq]!;
    this.hashHi ^= PIECE_HI[old * MAX_SIZE + sq]! ^ PIECE_HI[code * MAX_SIZE + sq]!;
    this.pawnKey ^= PAWN_STRUCTURE[old * MAX_SIZE + sq]! ^ PAWN_STRUCTURE[code * MAX_SIZE + sq]!;
    this.materialKey = (this.materialKey - MATERIAL[old]! + MATERIAL[code]!) | 0;
    if (old === this.rs.kingCode[c]) this.kingSq[c] = -1;
    else if (old === this.rs.princeCode[c]) this.princeSq[c] = -1;
    if (code === this.rs.kingCode[c]) this.kingSq[c] = sq;
    else if (code === this.rs.princeCode[c]) this.princeSq[c] = sq;
  }

  /** Exchanges two pieces of the same colour in place (king swap, rendezvous, citadel swap). */
  private swapPieces(a: number, b: number): void {
    const ca = this.board[a]!;
    const cb = this.board[b]!;
    this.changePiece(a, cb);
    this.changePiece(b, ca);
    const c = ca & 1;
    const ia = this.listIndex[a]!;
    const ib = this.listIndex[b]!;
    this.pieceList[c * LIST + ia] = b;
    this.pieceList[c * LIST + ib] = a;
    this.listIndex[a] = ib;
    this.listIndex[b] = ia;
    // changePiece cleared then set the royal squares; restore both in case one overwrote the other.
    for (const s of [a, b]) {
      const code = this.board[s]!;
      if (code === this.rs.kingCode[c]) this.kingSq[c] = s;
      else if (code === this.rs.princeCode[c]) this.princeSq[c] = s;
    }
  }

  /** Square of the i-th piece of colour c. */
  pieceAt(c: number, i: number): number {
    return this.pieceList[c * LIST + i]!;
  }

  private toggleSide(): void {
    this.hashLo ^= SIDE_LO;
    this.hashHi ^= SIDE_HI;
  }

  private setEp(ep: number): void {
    if (this.ep >= 0) {
      this.hashLo ^= PIECE_LO[this.ep]!;
      this.hashHi ^= PIECE_HI[this.ep]!;
    }
    this.ep = ep;
    if (ep >= 0) {
      this.hashLo ^= PIECE_LO[ep]!;
      this.hashHi ^= PIECE_HI[ep]!;
    }
  }

  private setRights(rights: number): void {
    let diff = this.rights ^ rights;
    while (diff !== 0) {
      const bit = 31 - Math.clz32(diff);
      this.hashLo ^= RIGHTS_LO[bit]!;
      this.hashHi ^= RIGHTS_HI[bit]!;
      diff &= ~(1 << bit);
    }
    this.rights = rights;
  }

  /** Where the pawn of pawns lands on its second arrival (docs/rules.md §2 stage 2, house rule for royals). */
  private returnCell(color: number): number {
    const target = this.rs.kingsPawnStart[color]!;
    const occupant = this.board[target]!;
    if (!this.isRoyalCode(occupant)) return target;
    const geo = this.rs.geo;
    const code = pieceCode(KIND.pawnOfPawns3, color);
    const file = geo.fileOf(target);
    const rank = geo.rankOf(target);
    for (let d = 1; d < geo.files; d++)
      for (const f of [file - d, file + d]) {
        if (f < 0 || f >= geo.files) continue;
        const s = geo.sq(f, rank);
        if (this.board[s] === EMPTY && this.rs.stop[code * this.rs.size + s] === 1) return s;
      }
    return -1;
  }

  private isRoyalCode(code: number): boolean {
    const c = code & 1;
    return (
      code !== EMPTY &&
      code !== OFF &&
      (code === this.rs.kingCode[c] || code === this.rs.princeCode[c])
    );
  }

  /** Plays a move produced by the generator (no legality check here). */
  make(move: number): void {
    const rs = this.rs;
    if (this.ply >= this.undoMoved.length) this.growUndo();
    const u = this.ply++;
    const from = moveFrom(move);
    const to = moveTo(move);
    const flag = moveFlag(move);
    const us = this.side;
    this.hashHistoryLo[u] = this.hashLo;
    this.hashHistoryHi[u] = this.hashHi;
    this.undoEp[u] = this.ep;
    this.undoRights[u] = this.rights;
    this.undoHalfmove[u] = this.halfmove;
    this.undoDrawn[u] = this.citadelDrawn ? 1 : 0;
    this.undoCaptured[u] = EMPTY;
    this.undoRemoved[u] = EMPTY;
    this.undoExtraSq[u] = -1;
    const moved = this.board[from]!;
    this.undoMoved[u] = moved;
    this.setEp(-1);
    this.halfmove++;
    let rights = this.rights;

    switch (flag) {
      case CASTLE: {
        const side = rs.castling[us]![moveExtra(move)]!;
        this.movePiece(side.kingFrom, side.kingTo);
        this.movePiece(side.rookFrom, side.rookTo);
        break;
      }
      case KING_SWAP:
        this.swapPieces(from, to);
        rights &= ~RIGHT_SWAP[us]!;
        break;
      case RENDEZVOUS:
        this.swapPieces(from, to);
        rights &= ~RIGHT_RENDEZVOUS[us]!;
        break;
      case RELOCATE:
        if (this.board[to] !== EMPTY) {
          this.undoRemoved[u] = this.removePiece(to);
          this.undoExtraSq[u] = to;
        }
        this.movePiece(from, to);
        this.changePiece(to, pieceCode(KIND.pawnOfPawns2, us));
        break;
      default: {
        let capSq = to;
        if (flag === EN_PASSANT) capSq = to - (us === 0 ? STRIDE : -STRIDE);
        if (this.board[capSq] !== EMPTY) {
          this.undoCaptured[u] = this.removePiece(capSq);
          this.undoCaptureSq[u] = capSq;
          this.halfmove = 0;
        }
        this.movePiece(from, to);
        if (rs.isPawn[moved] === 1) this.halfmove = 0;
        if (flag === DOUBLE_STEP) {
          const fwd = us === 0 ? STRIDE : -STRIDE;
          const enemyPawn = (s: number): boolean => {
            const c = this.board[s]!;
            return c !== EMPTY && c !== OFF && (c & 1) !== us && rs.isPawn[c] === 1;
          };
          if (enemyPawn(to - 1) || enemyPawn(to + 1)) this.setEp(to - fwd);
        } else if (flag === PROMOTE) {
          this.changePiece(to, pieceCode(moveExtra(move), us));
        } else if (flag === PAWN_OF_PAWNS_RETURN) {
          this.changePiece(to, pieceCode(KIND.pawnOfPawns3, us));
          const land = this.returnCell(us);
          if (land >= 0) {
            if (this.board[land] !== EMPTY) this.undoRemoved[u] = this.removePiece(land);
            this.movePiece(to, land);
          } else this.removePiece(to); // no empty cell on that rank: the pawn leaves the board
          this.undoExtraSq[u] = land;
        } else if (flag === CITADEL_SWAP) {
          const partner = this.findPartner(us, moveExtra(move));
          this.swapPieces(to, partner);
          this.undoExtraSq[u] = partner;
        }
        if (
          flag !== CITADEL_SWAP &&
          rs.citadelDrawCode[moved] === 1 &&
          rs.geo.citadelOwner[to] === (us ^ 1)
        )
          this.citadelDrawn = true;
      }
    }
    rights &= rs.rightsKeep[from]! & rs.rightsKeep[to]!;
    if (rights !== this.rights) this.setRights(rights);
    this.side = us ^ 1;
    this.toggleSide();
    if (us === 1) this.fullmove++;
  }

  /**
   * Passes the move to the opponent (the search's null move): only side, en passant and the
   * repetition history change. Undo with `unmakeNull`.
   */
  makeNull(): void {
    if (this.ply >= this.undoMoved.length) this.growUndo();
    const u = this.ply++;
    this.hashHistoryLo[u] = this.hashLo;
    this.hashHistoryHi[u] = this.hashHi;
    this.undoEp[u] = this.ep;
    this.undoHalfmove[u] = this.halfmove;
    this.setEp(-1);
    this.halfmove++;
    this.side ^= 1;
    this.toggleSide();
  }

  unmakeNull(): void {
    const u = --this.ply;
    this.side ^= 1;
    this.ep = this.undoEp[u]!;
    this.halfmove = this.undoHalfmove[u]!;
    this.hashLo = this.hashHistoryLo[u]!;
    this.hashHi = this.hashHistoryHi[u]!;
  }

  /** The cell of the first piece of `kind` and colour `us` (citadel-swap partner). */
  findPartner(us: number, kind: number): number {
    const code = pieceCode(kind, us);
    for (let i = 0; i < this.pieceCount[us]!; i++) {
      const s = this.pieceList[us * LIST + i]!;
      if (this.board[s] === code) return s;
    }
    return -1;
  }

  /** Takes back `move`, which must be the last move made. */
  unmake(move: number): void {
    const u = --this.ply;
    const from = moveFrom(move);
    const to = moveTo(move);
    const flag = moveFlag(move);
    this.side ^= 1;
    const us = this.side;
    const moved = this.undoMoved[u]!;
    switch (flag) {
      case CASTLE: {
        const side = this.rs.castling[us]![moveExtra(move)]!;
        this.movePiece(side.rookTo, side.rookFrom);
        this.movePiece(side.kingTo, side.kingFrom);
        break;
      }
      case KING_SWAP:
      case RENDEZVOUS:
        this.swapPieces(from, to);
        break;
      case RELOCATE:
        this.changePiece(to, moved);
        this.movePiece(to, from);
        if (this.undoRemoved[u] !== EMPTY) this.addPiece(to, this.undoRemoved[u]!);
        break;
      default: {
        if (flag === PAWN_OF_PAWNS_RETURN) {
          const land = this.undoExtraSq[u]!;
          if (land >= 0) {
            this.changePiece(land, moved);
            this.movePiece(land, from);
            if (this.undoRemoved[u] !== EMPTY) this.addPiece(land, this.undoRemoved[u]!);
          } else this.addPiece(from, moved);
        } else {
          if (flag === CITADEL_SWAP) this.swapPieces(to, this.undoExtraSq[u]!);
          if (flag === PROMOTE) this.changePiece(to, moved);
          this.movePiece(to, from);
        }
        if (this.undoCaptured[u] !== EMPTY)
          this.addPiece(this.undoCaptureSq[u]!, this.undoCaptured[u]!);
      }
    }
    this.ep = this.undoEp[u]!;
    this.rights = this.undoRights[u]!;
    this.halfmove = this.undoHalfmove[u]!;
    this.citadelDrawn = this.undoDrawn[u] === 1;
    this.hashLo = this.hashHistoryLo[u]!;
    this.hashHi = this.hashHistoryHi[u]!;
    if (us === 1) this.fullmove--;
  }

  private growUndo(): void {
    const n = this.undoMoved.length * 2;
    const grow = <T extends Uint8Array | Int16Array | Int32Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a);
      return b;
    };
    this.undoMoved = grow(this.undoMoved);
    this.undoCaptured = grow(this.undoCaptured);
    this.undoCaptureSq = grow(this.undoCaptureSq);
    this.undoRemoved = grow(this.undoRemoved);
    this.undoExtraSq = grow(this.undoExtraSq);
    this.undoEp = grow(this.undoEp);
    this.undoRights = grow(this.undoRights);
    this.undoHalfmove = grow(this.undoHalfmove);
    this.undoDrawn = grow(this.undoDrawn);
    this.hashHistoryLo = grow(this.hashHistoryLo);
    this.hashHistoryHi = grow(this.hashHistoryHi);
  }
}
