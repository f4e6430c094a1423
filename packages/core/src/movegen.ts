/**
 * The one move generator under both layers (DESIGN.md principle 6). `generateLegal` writes the
 * legal moves of the side to move into `pos.moves` from `start` and returns the end index.
 *
 * Steps: (1) nothing when the game already ended by rule (citadel draw, bare king);
 * (2) pseudo-legal moves of every piece from the compiled tables; (3) the legality filter —
 * no move may leave the mover's royal attacked (RULES.md §0), with a cheap path for moves that
 * cannot expose it; (4) the special moves: castling, rendezvous, the pawn of pawns' relocation;
 * (5) the king swap last, because "no other legal move" is one of its conditions (RULES.md §2).
 */
import { isAttacked } from './attacks.ts';
import type { FastPosition } from './fast-position.ts';
import { STRIDE } from './geometry.ts';
import {
  CASTLE,
  CITADEL_SWAP,
  DOUBLE_STEP,
  EN_PASSANT,
  KING_SWAP,
  NORMAL,
  PAWN_OF_PAWNS_RETURN,
  PROMOTE,
  RELOCATE,
  RENDEZVOUS,
  encodeMove,
  moveFlag,
  moveFrom,
  moveTo,
} from './move.ts';
import { MODE_CAPTURE, MODE_MOVE } from './betza.ts';
import { EMPTY, KIND, OFF, pieceCode } from './piece-kinds.ts';
import { RAY_OFFSETS, RIGHT_SWAP } from './ruleset.ts';

const DIAGONAL_STEPS = [STRIDE + 1, STRIDE - 1, -STRIDE + 1, -STRIDE - 1] as const;
const ORTHOGONAL_OFFSETS = [1, -1, STRIDE, -STRIDE] as const;
/** For each orthogonal direction, the perpendicular unit offset. */
const PERPENDICULAR = [STRIDE, STRIDE, 1, 1] as const;

/** The royal cell that must not be left attacked, or -1 (Tamerlane with King and Prince both on board). */
export function royalSquare(pos: FastPosition, color: number): number {
  const k = pos.kingSq[color]!;
  if (!pos.rs.royalPool) return k;
  const h = pos.princeSq[color]!;
  if (k >= 0 && h >= 0) return -1;
  return k >= 0 ? k : h;
}

/** True when the side to move is in check. */
export function inCheck(pos: FastPosition): boolean {
  const r = royalSquare(pos, pos.side);
  return r >= 0 && isAttacked(pos, r, pos.side ^ 1);
}

/** True when the game ended by a rule that is not "no legal move" (perft stops there too). */
export function endedByRule(pos: FastPosition): boolean {
  if (pos.citadelDrawn) return true;
  return pos.rs.bareKing && bareKingLoser(pos) >= 0;
}

/**
 * Shatranj's bare-king rule as Fairy-Stockfish plays it: the side not to move, left with its king
 * alone, has lost when the side to move has more; the side to move, left bare, has lost only
 * when it cannot bare the opponent in reply (the opponent has two or more pieces besides the
 * king). Two bare kings play on. Returns the losing colour or -1.
 */
export function bareKingLoser(pos: FastPosition): number {
  const us = pos.side;
  const them = us ^ 1;
  const mine = pos.pieceCount[us]!;
  const theirs = pos.pieceCount[them]!;
  if (theirs === 1 && mine >= 2) return them;
  if (mine === 1 && theirs >= 3) return us;
  return -1;
}

/** Pseudo-legal moves of the side to move (ordinary movement, pawns, promotions, en passant). */
export function generatePseudo(pos: FastPosition, start: number): number {
  const rs = pos.rs;
  const board = pos.board;
  const buf = pos.moves;
  const stop = rs.stop;
  const size = rs.size;
  const us = pos.side;
  let n = start;
  const count = pos.pieceCount[us]!;
  for (let i = 0; i < count; i++) {
    const from = pos.pieceAt(us, i);
    const code = board[from]!;
    const stopBase = code * size;
    if (rs.isPawn[code] === 1) {
      n = pawnMoves(pos, from, code, n);
      continue;
    }
    for (let j = rs.leapStart[code]!, end = rs.leapEnd[code]!; j < end; j++) {
      const to = from + rs.leapOff[j]!;
      const t = board[to]!;
      if (t === EMPTY) {
        if (rs.leapMode[j] !== MODE_CAPTURE && stop[stopBase + to] === 1)
          buf[n++] = from | (to << 9);
      } else if (t !== OFF && (t & 1) !== us) {
        if (rs.leapMode[j] !== MODE_MOVE && rs.capturable[t] === 1 && stop[stopBase + to] === 1)
          buf[n++] = from | (to << 9);
      }
    }
    for (let j = rs.slideStart[code]!, end = rs.slideEnd[code]!; j < end; j++) {
      const off = rs.slideOff[j]!;
      let to = from + off;
      if (rs.slideMin[j] === 2) {
        if (board[to] !== EMPTY) continue; // the picket/crocodile's first cell must be empty
        to += off;
      }
      for (;;) {
        const t = board[to]!;
        if (t === EMPTY) {
          if (stop[stopBase + to] === 1) buf[n++] = from | (to << 9);
          to += off;
          continue;
        }
        if (t !== OFF && (t & 1) !== us && rs.capturable[t] === 1 && stop[stopBase + to] === 1)
          buf[n++] = from | (to << 9);
        break;
      }
    }
    if (rs.giraffe[code] === 1) n = giraffeMoves(pos, from, code, n);
  }
  return n;
}

/** RULES.md §2 giraffe: diagonal step to an empty cell, then >= 3 cells orthogonally outward. */
function giraffeMoves(pos: FastPosition, from: number, code: number, start: number): number {
  const board = pos.board;
  const rs = pos.rs;
  const buf = pos.moves;
  const stopBase = code * rs.size;
  const us = code & 1;
  let n = start;
  for (let i = 0; i < 4; i++) {
    const diag = DIAGONAL_STEPS[i]!;
    const d = from + diag;
    if (board[d] !== EMPTY) continue;
    const vertical = diag > 0 ? STRIDE : -STRIDE;
    const horizontal = diag - vertical;
    for (let leg = 0; leg < 2; leg++) {
      const o = leg === 0 ? vertical : horizontal;
      if (board[d + o] !== EMPTY || board[d + 2 * o] !== EMPTY) continue;
      for (let to = d + 3 * o; ; to += o) {
        const t = board[to]!;
        if (t === EMPTY) {
          if (rs.stop[stopBase + to] === 1) buf[n++] = from | (to << 9);
          continue;
        }
        if (t !== OFF && (t & 1) !== us && rs.capturable[t] === 1 && rs.stop[stopBase + to] === 1)
          buf[n++] = from | (to << 9);
        break;
      }
    }
  }
  return n;
}

function pawnMoves(pos: FastPosition, from: number, code: number, start: number): number {
  const rs = pos.rs;
  const board = pos.board;
  const buf = pos.moves;
  const us = code & 1;
  const fwd = us === 0 ? STRIDE : -STRIDE;
  const stopBase = code * rs.size;
  let n = start;
  const to = from + fwd;
  if (board[to] === EMPTY && rs.stop[stopBase + to] === 1) {
    n = pawnArrival(pos, from, to, code, n);
    const two = to + fwd;
    if (
      rs.geo.rankOf(from) === rs.doubleStepRank[us] &&
      board[two] === EMPTY &&
      rs.stop[stopBase + two] === 1
    )
      buf[n++] = encodeMove(from, two, DOUBLE_STEP);
  }
  for (let cap = to - 1; cap <= to + 1; cap += 2) {
    const t = board[cap]!;
    if (t !== EMPTY && t !== OFF) {
      if ((t & 1) !== us && rs.capturable[t] === 1 && rs.stop[stopBase + cap] === 1)
        n = pawnArrival(pos, from, cap, code, n);
    } else if (t === EMPTY && cap === pos.ep && rs.enPassant) {
      buf[n++] = encodeMove(from, cap, EN_PASSANT);
    }
  }
  return n;
}

/** A pawn step or capture: promotion choices, a Tamerlane tag, or the pawn of pawns' stages. */
function pawnArrival(
  pos: FastPosition,
  from: number,
  to: number,
  code: number,
  start: number,
): number {
  const rs = pos.rs;
  const buf = pos.moves;
  let n = start;
  if (rs.promotionZone[code & 1]![to] !== 1) {
    buf[n++] = from | (to << 9);
    return n;
  }
  const arrival = rs.arrivalKind[code]!;
  if (arrival === 0) {
    for (const kind of rs.promotionChoices) buf[n++] = encodeMove(from, to, PROMOTE, kind);
  } else if (arrival === KIND.pawnOfPawns3) {
    buf[n++] = encodeMove(from, to, PAWN_OF_PAWNS_RETURN);
  } else {
    buf[n++] = encodeMove(from, to, PROMOTE, arrival);
  }
  return n;
}

/**
 * Marks with `stamp` the friendly pieces that may be shielding `royal` from an enemy slider,
 * picket, crocodile or giraffe (pin candidates). Only their moves need a test on the board when
 * the royal is not in check; every other non-royal move keeps the royal safe.
 */
function markPinCandidates(pos: FastPosition, royal: number, stamp: number): void {
  const rs = pos.rs;
  const board = pos.board;
  const us = pos.side;
  const them = us ^ 1;
  const pins = pos.pinStamp;
  const dirs = rs.slideDirections[them]!;
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i]!;
    const off = RAY_OFFSETS[d]!;
    let s = royal - off;
    let dist = 1;
    while (board[s] === EMPTY) {
      s -= off;
      dist++;
    }
    const own = board[s]!;
    if (own === OFF || (own & 1) !== us) continue;
    const shield = s;
    s -= off;
    dist++;
    while (board[s] === EMPTY) {
      s -= off;
      dist++;
    }
    const c = board[s]!;
    if (
      (c & 1) === them &&
      (rs.slideAttack1[(d << 8) | c] === 1 || (dist >= 2 && rs.slideAttack2[(d << 8) | c] === 1))
    )
      pins[shield] = stamp;
  }
  if (rs.giraffeColors[them] === 1) {
    for (let i = 0; i < 4; i++) {
      const e = ORTHOGONAL_OFFSETS[i]!;
      const perp = PERPENDICULAR[i]!;
      let shield = -1;
      for (let s = royal + e, dist = 1; ; s += e, dist++) {
        const c = board[s]!;
        if (c !== EMPTY) {
          if (c === OFF || (c & 1) !== us || shield >= 0) break;
          shield = s;
        }
        if (dist < 3 || shield < 0) continue;
        const g1 = board[s + e + perp]!;
        const g2 = board[s + e - perp]!;
        if (
          (rs.giraffe[g1] === 1 && (g1 & 1) === them) ||
          (rs.giraffe[g2] === 1 && (g2 & 1) === them)
        ) {
          pins[shield] = stamp;
          break;
        }
      }
    }
  }
}

/**
 * Legality of a pseudo-legal move. `royal` is the mover's royal cell (-1: none to protect),
 * `checked` whether it is attacked now, `stamp` the mark of this node's pin candidates.
 */
function isLegal(
  pos: FastPosition,
  move: number,
  royal: number,
  checked: boolean,
  stamp: number,
): boolean {
  if (royal < 0) return true;
  const from = moveFrom(move);
  const flag = moveFlag(move);
  const board = pos.board;
  const them = pos.side ^ 1;
  // A promotion may create a Prince, after which no royal is in check (RULES.md §2): try it on the board.
  if (flag === NORMAL || flag === DOUBLE_STEP || (flag === PROMOTE && !pos.rs.royalPool)) {
    const to = moveTo(move);
    if (from === royal) {
      const code = board[from]!;
      board[from] = EMPTY;
      const attacked = isAttacked(pos, to, them);
      board[from] = code;
      return !attacked;
    }
    if (!checked && pos.pinStamp[from] !== stamp) return true;
    const code = board[from]!;
    const captured = board[to]!;
    board[from] = EMPTY;
    board[to] = code;
    const attacked = isAttacked(pos, royal, them);
    board[from] = code;
    board[to] = captured;
    return !attacked;
  }
  return legalByMaking(pos, move);
}

/** Plays the move and asks whether the mover's royal is attacked afterwards. */
function legalByMaking(pos: FastPosition, move: number): boolean {
  const us = pos.side;
  pos.make(move);
  const royal = royalSquare(pos, us);
  const legal = royal < 0 || !isAttacked(pos, royal, us ^ 1);
  pos.unmake(move);
  return legal;
}

/** All legal moves of the side to move into `pos.moves[start..]`; returns the end index. */
export function generateLegal(pos: FastPosition, start: number): number {
  if (endedByRule(pos)) return start;
  const rs = pos.rs;
  const buf = pos.moves;
  const us = pos.side;
  const them = us ^ 1;
  const royal = royalSquare(pos, us);
  const checked = royal >= 0 && isAttacked(pos, royal, them);
  const end = generatePseudo(pos, start);
  const stamp = ++pos.pinGeneration;
  if (royal >= 0 && !checked) markPinCandidates(pos, royal, stamp);
  let n = start;
  for (let i = start; i < end; i++) {
    const m = buf[i]!;
    if (isLegal(pos, m, royal, checked, stamp)) buf[n++] = m;
  }
  if (rs.citadelClaimOrSwap) n = citadelSwaps(pos, start, n);
  if (!checked) n = castlingMoves(pos, n);
  if (rs.rendezvous !== null) {
    const r = rs.rendezvous[us]!;
    if (
      (pos.rights & r.right) !== 0 &&
      pos.board[r.from] === r.pieceCode &&
      pos.board[r.to] === r.partnerCode
    ) {
      const m = encodeMove(r.from, r.to, RENDEZVOUS);
      if (legalByMaking(pos, m)) buf[n++] = m;
    }
  }
  if (rs.pawnOfPawns && pos.codeCount[pieceCode(KIND.pawnOfPawnsWaiting, us)]! > 0)
    n = relocations(pos, n);
  if (rs.kingSwap) n = kingSwaps(pos, start, n, royal, checked);
  return n;
}

function castlingMoves(pos: FastPosition, start: number): number {
  const rs = pos.rs;
  const us = pos.side;
  let n = start;
  const rook = pieceCode(KIND.rook, us);
  for (const side of rs.castling[us]!) {
    if ((pos.rights & side.right) === 0) continue;
    if (pos.board[side.kingFrom] !== rs.kingCode[us] || pos.board[side.rookFrom] !== rook) continue;
    if (side.empty.some((s) => pos.board[s] !== EMPTY)) continue;
    if (side.safe.some((s) => isAttacked(pos, s, us ^ 1))) continue;
    pos.moves[n++] = encodeMove(
      side.kingFrom,
      side.kingTo,
      CASTLE,
      side.kingTo > side.kingFrom ? 1 : 0,
    );
  }
  return n;
}

/** Option `citadel-claim-or-swap`: each legal royal entry into the enemy citadel may also swap. */
function citadelSwaps(pos: FastPosition, start: number, end: number): number {
  const rs = pos.rs;
  const us = pos.side;
  let n = end;
  for (let i = start; i < end; i++) {
    const m = pos.moves[i]!;
    const from = moveFrom(m);
    const to = moveTo(m);
    if (moveFlag(m) !== NORMAL || rs.citadelDrawCode[pos.board[from]!] !== 1) continue;
    if (rs.geo.citadelOwner[to] !== (us ^ 1)) continue;
    for (const kind of [KIND.king, KIND.prince, KIND.adventitiousKing]) {
      const partner = pos.findPartner(us, kind);
      if (partner < 0 || partner === from) continue;
      const swap = encodeMove(from, to, CITADEL_SWAP, kind);
      if (legalByMaking(pos, swap)) pos.moves[n++] = swap;
    }
  }
  return n;
}

/**
 * RULES.md §2 pawn of pawns, stage 1: the waiting pawn may be lifted to any empty cell (option:
 * any cell but a king's) from which, as a pawn, it attacks two enemy pieces, or one enemy piece
 * that then has no legal move (judged with the opponent to move).
 */
function relocations(pos: FastPosition, start: number): number {
  const rs = pos.rs;
  const us = pos.side;
  const waiting = pieceCode(KIND.pawnOfPawnsWaiting, us);
  let n = start;
  const waitingCells: number[] = [];
  for (let i = 0; i < pos.pieceCount[us]!; i++)
    if (pos.board[pos.pieceAt(us, i)] === waiting) waitingCells.push(pos.pieceAt(us, i));
  // Collected first: making a relocation with a removal reorders the piece list.
  for (const from of waitingCells) {
    const pawn = pieceCode(KIND.pawnOfPawns2, us);
    const fwd = us === 0 ? STRIDE : -STRIDE;
    for (const to of rs.geo.cells) {
      if (to === from || rs.stop[pawn * rs.size + to] !== 1) continue;
      const occupant = pos.board[to]!;
      if (occupant !== EMPTY) {
        if (!rs.pawnOfPawnsOccupied || rs.capturable[occupant] !== 1) continue;
        const kind = occupant >> 1;
        if (kind === KIND.king || kind === KIND.prince || kind === KIND.adventitiousKing) continue;
      }
      let targets = 0;
      let lone = -1;
      for (const side of [-1, 1]) {
        const a = to + fwd + side;
        const t = pos.board[a]!;
        if (
          t !== EMPTY &&
          t !== OFF &&
          (t & 1) !== us &&
          rs.capturable[t] === 1 &&
          rs.stop[pawn * rs.size + a] === 1
        ) {
          targets++;
          lone = a;
        }
      }
      if (targets === 0) continue;
      const m = encodeMove(from, to, RELOCATE);
      if (!legalByMaking(pos, m)) continue;
      if (targets >= 2 || hasNoMove(pos, m, lone, n)) pos.moves[n++] = m;
    }
  }
  return n;
}

/** After `move`, does the piece on `cell` (the opponent's) have no legal move? */
function hasNoMove(pos: FastPosition, move: number, cell: number, scratch: number): boolean {
  if (pos.nestedGeneration > 0) return false; // the opponent's own relocation test inside ours: not judged
  pos.make(move);
  pos.nestedGeneration++;
  const base = scratch + 1024;
  const end = generateLegal(pos, base);
  pos.nestedGeneration--;
  let stuck = true;
  for (let i = base; i < end; i++) if (moveFrom(pos.moves[i]!) === cell) stuck = false;
  pos.unmake(move);
  return stuck;
}

/**
 * RULES.md §2 king swap, once per game: when the King is in check, or the player has no other
 * legal move, the King exchanges cells with any friendly piece on the main board, provided the
 * King is not attacked afterwards (even when a Prince exists).
 */
function kingSwaps(
  pos: FastPosition,
  start: number,
  end: number,
  royal: number,
  checked: boolean,
): number {
  const rs = pos.rs;
  const us = pos.side;
  if ((pos.rights & RIGHT_SWAP[us]!) === 0) return end;
  const king = pos.kingSq[us]!;
  if (king < 0) return end;
  if (!((checked && royal === king) || end === start)) return end;
  const waiting = pieceCode(KIND.pawnOfPawnsWaiting, us);
  const kingCode = pos.board[king]!;
  let n = end;
  const partners: number[] = [];
  for (let i = 0; i < pos.pieceCount[us]!; i++) partners.push(pos.pieceAt(us, i));
  for (const p of partners) {
    if (p === king || !rs.geo.isMainBoard(p) || pos.board[p] === waiting) continue;
    if (rs.stop[pos.board[p]! * rs.size + king] !== 1 || rs.stop[kingCode * rs.size + p] !== 1)
      continue;
    const m = encodeMove(king, p, KING_SWAP);
    pos.make(m);
    const safe = !isAttacked(pos, p, us ^ 1);
    const r = royalSquare(pos, us);
    const legal = safe && (r < 0 || r === p || !isAttacked(pos, r, us ^ 1));
    pos.unmake(m);
    if (legal) pos.moves[n++] = m;
  }
  return n;
}
