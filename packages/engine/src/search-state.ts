/**
 * What every node of a search shares, main search and quiescence alike: the position, the
 * counters, the limits and how they are polled, the principal-variation table, the table probe,
 * the evaluation with its correction history, and the tests that end a line by rule (rule-ended
 * positions, draws and repetitions).
 */
import { bareKingLoser, type FastPosition } from '@citadel/core';
import { CorrectionHistory } from './correction-history.ts';
import type { EvalTables } from './eval-tables.ts';
import { Evaluator } from './evaluate.ts';
import { MoveOrdering } from './move-ordering.ts';
import { DRAW, MATE } from './score.ts';
import { MAX_PLY, type SearchCallbacks, type SearchLimits } from './search-limits.ts';
import type { TableProbe, TranspositionTable } from './transposition-table.ts';

/**
 * A position seen once in the game before the root counts as a draw when the side that came
 * back to it stands at least this far ahead by the static evaluation (see `isRepetition`).
 */
const PROGRESS_MARGIN = 150;

export class SearchState {
  protected readonly evaluator: Evaluator;
  protected pos!: FastPosition;
  protected nodes = 0;
  protected selDepth = 0;
  protected aborted = false;
  protected limits: SearchLimits = {};
  protected callbacks!: SearchCallbacks;
  protected startMs = 0;
  protected readonly probe: TableProbe = { hit: false, move: 0, score: 0, depth: 0, bound: 0 };
  protected readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  protected readonly pvLength = new Int32Array(MAX_PLY);
  protected readonly correctionHistory = new CorrectionHistory();
  /**
   * Per ply: whether the side to move there is in check, when the caller already knows (1 / 0),
   * or -1; read once on entry, so the check test is not made twice.
   */
  protected readonly checkHint = new Int8Array(MAX_PLY + 1).fill(-1);
  protected readonly ordering: MoveOrdering;
  protected rootPly = 0;
  /** The first position (ply) the repetition test may look back to: after the last null move. */
  protected repetitionFloor = 0;

  constructor(
    readonly tables: EvalTables,
    readonly tt: TranspositionTable,
  ) {
    this.evaluator = new Evaluator(tables);
    this.ordering = new MoveOrdering(tables);
  }

  /** Forget move-ordering statistics (new game). */
  clearHistory(): void {
    this.ordering.clear();
    this.correctionHistory.clear();
  }

  evaluate(pos: FastPosition): number {
    return this.evaluator.evaluate(pos);
  }

  get nodeCount(): number {
    return this.nodes;
  }

  /** Starts a search of `pos` (at the root) within `limits`. */
  protected begin(pos: FastPosition, limits: SearchLimits, callbacks: SearchCallbacks): void {
    this.pos = pos;
    this.ordering.pos = pos;
    this.limits = limits;
    this.callbacks = callbacks;
    this.nodes = 0;
    this.selDepth = 0;
    this.aborted = false;
    this.startMs = callbacks.startedAt ?? callbacks.now();
    this.rootPly = pos.ply;
    this.repetitionFloor = 0;
  }

  /** The static evaluation `raw` of the current position plus the correction history's estimate. */
  protected corrected(raw: number): number {
    return this.correctionHistory.corrected(this.pos, raw);
  }

  protected elapsed(): number {
    return this.callbacks.now() - this.startMs;
  }

  protected probeTable(pos: FastPosition): void {
    this.tt.probe(pos.hashLo, pos.hashHi, this.probe);
  }

  /**
   * Stops at the node limit (tested every 2048 nodes, so node-limited searches stay as they were)
   * or at the time limit and the stop flag (every 256 nodes: about 1.5 ms, so the reply is prompt).
   */
  protected checkLimits(): void {
    if ((this.nodes & 255) !== 0) return;
    const l = this.limits;
    if (l.nodes !== undefined && (this.nodes & 2047) === 0 && this.nodes >= l.nodes)
      this.aborted = true;
    else if (l.hardMs !== undefined && this.elapsed() >= l.hardMs) this.aborted = true;
    else if (this.callbacks.shouldStop?.()) this.aborted = true;
  }

  /** Score of a position that ended by rule or has no legal move, or null while the game goes on. */
  protected ruleScore(ply: number): number | null {
    const pos = this.pos;
    if (pos.citadelDrawn) return this.drawScore(ply);
    if (pos.rs.bareKing) {
      const loser = bareKingLoser(pos);
      if (loser >= 0) return loser === pos.side ? -(MATE - ply) : MATE - ply;
    }
    return null;
  }

  /** A draw's score for the side to move `ply` plies from the root (see `contempt`). */
  protected drawScore(ply: number): number {
    const contempt = this.limits.contempt ?? 0;
    return (ply & 1) === 0 ? DRAW - contempt : DRAW + contempt;
  }

  /**
   * Whether the position repeats in a way the side that wants a draw can force to go on: an
   * earlier occurrence after the root (inside this search: either side could have avoided the
   * cycle and did not), or two before it (Stockfish's rule). A single occurrence in the game
   * before the root is no draw: the opponent need not play the cycle again. The scan stops at the
   * last null move of the line (a repetition through a passed turn is not one). A single
   * occurrence before the root does count against a side that came back to it while
   * `PROGRESS_MARGIN` ahead: the variants without a repetition rule would otherwise let a side
   * that is winning shuffle instead of making progress.
   */
  protected isRepetition(): boolean {
    const pos = this.pos;
    if (pos.halfmove < 4) return false;
    const limit = Math.max(0, pos.ply - pos.halfmove, this.repetitionFloor);
    let before = 0;
    for (let i = pos.ply - 2; i >= limit; i -= 2)
      if (pos.hashHistoryLo[i] === pos.hashLo && pos.hashHistoryHi[i] === pos.hashHi) {
        if (i > this.rootPly || ++before === 2) return true;
      }
    // Seen once before the root: a draw only for a side that came back to it well ahead.
    return before === 1 && this.evaluator.evaluate(pos) <= -PROGRESS_MARGIN;
  }

  /** Makes `m` followed by the child's principal variation the one of `ply`. */
  protected updatePv(ply: number, m: number): void {
    const row = ply * MAX_PLY;
    const childRow = (ply + 1) * MAX_PLY;
    this.pvTable[row] = m;
    const n = this.pvLength[ply + 1]!;
    for (let k = 0; k < n; k++) this.pvTable[row + 1 + k] = this.pvTable[childRow + k]!;
    this.pvLength[ply] = n + 1;
  }
}
