/**
 * Move ordering and move picking for the search: scores the moves of a node (table move, captures
 * by MVV-LVA and capture history, killers, counter-move, quiet histories, losing captures), hands
 * them out best first, and learns from cut-offs. It also keeps the moves played on the current
 * line, which the counter-move and continuation histories are keyed by.
 */
import {
  EMPTY,
  EN_PASSANT,
  NORMAL,
  PAWN_OF_PAWNS_RETURN,
  PROMOTE,
  moveFlag,
  moveFrom,
  moveTo,
  type FastPosition,
} from '@citadel/core';
import { CaptureHistory } from './capture-history.ts';
import type { EvalTables } from './eval-tables.ts';
import { historyBonus } from './history-table.ts';
import { QuietHistory } from './quiet-history.ts';
import { MAX_PLY } from './search-limits.ts';
import { seeAtLeast } from './see.ts';

/** Room in the move buffer for each ply's moves. */
export const MAX_MOVES_PER_PLY = 1024;
/** The ordering key of the table move: above every other. */
const TABLE_MOVE_SCORE = 1 << 30;

export class MoveOrdering {
  /** The position searched (set by the searcher at the root; made and unmade in place). */
  pos!: FastPosition;
  /** Ordering key per move-buffer index. */
  readonly scores = new Int32Array(MAX_PLY * MAX_MOVES_PER_PLY);
  /**
   * Per move-buffer index: 1 for a capture whose exchange test (SEE) is put off until it would be
   * tried (`pickNext`), so captures that a cut-off leaves untried cost no exchange test.
   */
  readonly seePending = new Uint8Array(MAX_PLY * MAX_MOVES_PER_PLY);
  readonly killers = new Int32Array(MAX_PLY * 2);
  private readonly counter: Int32Array;
  /** Per ply: the move played there (0 for a null move). */
  readonly playedAt = new Int32Array(MAX_PLY);
  /** Per ply: the played move's piece and destination (code * size + to), -1 after a null move. */
  readonly pieceTo = new Int32Array(MAX_PLY).fill(-1);
  readonly quietHistory: QuietHistory;
  readonly captureHistory: CaptureHistory;

  constructor(readonly tables: EvalTables) {
    this.counter = new Int32Array(256 * tables.rs.size);
    this.quietHistory = new QuietHistory(tables.rs);
    this.captureHistory = new CaptureHistory(tables.rs);
  }

  /** Forget move-ordering statistics (new game). */
  clear(): void {
    this.quietHistory.clear();
    this.captureHistory.clear();
    this.counter.fill(0);
    this.killers.fill(0);
  }

  /** Whether `m` is one of the two killer moves of `ply`. */
  isKiller(m: number, ply: number): boolean {
    return m === this.killers[ply * 2] || m === this.killers[ply * 2 + 1];
  }

  /** Middlegame value of what move `m` captures (a pawn for en passant; 0 for none). */
  victimValue(m: number): number {
    if (moveFlag(m) === EN_PASSANT) return 100;
    return this.tables.valueMg[this.pos.board[moveTo(m)]!]!;
  }

  /** Captures (an enemy piece on the target, en passant) and promotions. */
  isCapture(m: number): boolean {
    const flag = moveFlag(m);
    if (flag === EN_PASSANT || flag === PROMOTE) return true;
    if (flag !== NORMAL && flag !== PAWN_OF_PAWNS_RETURN) return false;
    const target = this.pos.board[moveTo(m)]!;
    return target !== EMPTY && (target & 1) !== this.pos.side;
  }

  /**
   * Whether capture `m` of a piece worth `victim` loses material by SEE. A capture of a piece
   * worth at least `capturerValue` (the capturer's value, as the caller counts it) cannot: the
   * exchange is skipped.
   */
  losesExchange(m: number, victim: number, capturerValue: number): boolean {
    const t = this.tables;
    return victim < capturerValue && !seeAtLeast(this.pos, m, 0, t.valueMg, t.kingLike);
  }

  /** Capture-history entry of the capture or promotion `m` in the current position. */
  captureKey(m: number): number {
    const board = this.pos.board;
    const from = moveFrom(m);
    const to = moveTo(m);
    const victim = moveFlag(m) === EN_PASSANT ? board[from]! ^ 1 : board[to]!;
    return this.captureHistory.key(board[from]!, to, victim);
  }

  /** Piece and destination of move `m` in the current position: code * size + to. */
  pieceToKey(m: number): number {
    return this.pos.board[moveFrom(m)]! * this.pos.rs.size + moveTo(m);
  }

  /** The key (piece code * size + to) of the move played `back` plies before `ply`, or -1. */
  earlierMove(ply: number, back: number): number {
    return ply >= back ? this.pieceTo[ply - back]! : -1;
  }

  /** Puts the table move at buffer index `i`, ahead of everything generated after it. */
  scoreTableMove(i: number): void {
    this.scores[i] = TABLE_MOVE_SCORE;
    this.seePending[i] = 0;
  }

  /**
   * Move ordering keys: table move, winning/equal captures by MVV-LVA and capture history,
   * killers, counter-move, quiet histories, losing captures. A capture of a piece worth less
   * than its capturer is scored as if it did not lose, and marked for `pickNext` to test.
   */
  scoreMoves(start: number, end: number, ttMove: number, ply: number): void {
    const pos = this.pos;
    const t = this.tables;
    const size = pos.rs.size;
    const k1 = this.killers[ply * 2]!;
    const k2 = this.killers[ply * 2 + 1]!;
    const back1 = this.earlierMove(ply, 1);
    const back2 = this.earlierMove(ply, 2);
    let counterMove = 0;
    if (ply > 0) {
      const prevTo = moveTo(this.playedAt[ply - 1]!);
      counterMove = this.counter[pos.board[prevTo]! * size + prevTo]!;
    }
    const pending = this.seePending;
    for (let i = start; i < end; i++) {
      const m = pos.moves[i]!;
      let s: number;
      pending[i] = 0;
      if (m === ttMove) s = TABLE_MOVE_SCORE;
      else if (this.isCapture(m)) {
        const victim = this.victimValue(m);
        const capturer = pos.board[moveFrom(m)]!;
        const attacker = t.kingLike[capturer] ? 50 : t.valueMg[capturer]!;
        s =
          (1 << 28) +
          victim * 16 -
          (attacker >> 4) +
          this.captureHistory.orderingBonus(this.captureKey(m));
        if (victim < attacker) pending[i] = 1;
      } else if (m === k1) s = (1 << 27) + 2;
      else if (m === k2) s = (1 << 27) + 1;
      else if (m === counterMove) s = 1 << 26;
      else s = this.quietHistory.score(this.pieceToKey(m), pos.side, back1, back2);
      this.scores[i] = s;
    }
  }

  /**
   * The quiescence ordering key of capture (or evasion) `m` at buffer index `i`: the table move
   * first, then MVV-LVA and capture history. Exchanges are tested by the caller, not here.
   */
  scoreQuiescenceMove(i: number, m: number, tableMove: number): void {
    const t = this.tables;
    this.seePending[i] = 0;
    const victim = this.victimValue(m);
    const attacker = t.valueMg[this.pos.board[moveFrom(m)]!]!;
    this.scores[i] =
      m === tableMove
        ? TABLE_MOVE_SCORE
        : victim * 16 - (attacker >> 4) + this.captureHistory.orderingBonus(this.captureKey(m));
  }

  /**
   * Selection sort step: brings the best remaining move to index i. A capture marked by
   * `scoreMoves` is tested when it comes out best: one that loses by SEE goes last, without its
   * history (-2^20 + victim), and the choice is made again. The order is the one scoring every
   * capture's exchange first would give.
   */
  pickNext(i: number, end: number): number {
    const moves = this.pos.moves;
    const scores = this.scores;
    const pending = this.seePending;
    let best: number;
    for (;;) {
      best = i;
      for (let j = i + 1; j < end; j++) if (scores[j]! > scores[best]!) best = j;
      if (pending[best] !== 1) break;
      pending[best] = 0;
      const m = moves[best]!;
      const victim = this.victimValue(m);
      const capturer = this.pos.board[moveFrom(m)]!;
      const attacker = this.tables.kingLike[capturer] ? 50 : this.tables.valueMg[capturer]!;
      if (!this.losesExchange(m, victim, attacker)) break;
      scores[best] = -(1 << 20) + victim;
    }
    if (best !== i) {
      const m = moves[i]!;
      moves[i] = moves[best]!;
      moves[best] = m;
      const s = scores[i]!;
      scores[i] = scores[best]!;
      scores[best] = s;
      const p = pending[i]!;
      pending[i] = pending[best]!;
      pending[best] = p;
    }
    return moves[i]!;
  }

  /**
   * After move `m` at index `cutIndex` cut off: it gains in its history (capture history for a
   * capture; killers, counter-move, history and continuation history for a quiet move), and every
   * move of the same kind tried before it (from `start`) loses as much.
   */
  rewardCutOff(
    m: number,
    capture: boolean,
    ply: number,
    depth: number,
    start: number,
    cutIndex: number,
  ): void {
    const pos = this.pos;
    const bonus = historyBonus(depth);
    const back1 = this.earlierMove(ply, 1);
    const back2 = this.earlierMove(ply, 2);
    if (capture) this.captureHistory.add(this.captureKey(m), bonus);
    else {
      if (this.killers[ply * 2] !== m) {
        this.killers[ply * 2 + 1] = this.killers[ply * 2]!;
        this.killers[ply * 2] = m;
      }
      this.quietHistory.add(this.pieceToKey(m), pos.side, back1, back2, bonus);
      if (ply > 0) {
        const prevTo = moveTo(this.playedAt[ply - 1]!);
        this.counter[pos.board[prevTo]! * pos.rs.size + prevTo] = m;
      }
    }
    // Captures tried before any cut-off, and quiet moves tried before a quiet one, lose.
    for (let i = start; i < cutIndex; i++) {
      const q = pos.moves[i]!;
      if (this.isCapture(q)) this.captureHistory.add(this.captureKey(q), -bonus);
      else if (!capture) this.quietHistory.add(this.pieceToKey(q), pos.side, back1, back2, -bonus);
    }
  }
}
