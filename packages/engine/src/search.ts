/**
 * The search (issue 3), read as numbered steps like Stockfish's search.cpp:
 *
 *   iterate(): iterative deepening with aspiration windows; MultiPV by excluding the best moves
 *              already reported at this depth.
 *   search():  1 abort / draw / rule-ended checks (a draw scores 0, or −contempt for the side
 *              to move at the root: SearchLimits.contempt; a repetition is a draw when it repeats
 *              a position of this search, one seen twice before it, or one seen once before
 *              it by a side well ahead)  2 mate-distance
 *              pruning  3 check extension
 *              4 transposition table  5 static evaluation ("improving" against two plies ago),
 *              reverse futility, razoring  6 null move (not in check, not without pieces:
 *              zugzwang)  7 move generation (after the table move), terminal positions (mate,
 *              stalemate as a win, loss or draw per variant)  8 PVS over ordered moves:
 *              late-move, futility and history pruning (not of safe checks: safe-checks.ts), a
 *              singular extension of the table move (a ply less when it is not singular but
 *              its table score fails high), no check extension for a check that is not
 *              safe, late-move reductions (each child told whether it is in check; two plies
 *              more at expected cut nodes, Stockfish's `cutNode`)  9 killers,
 *              counter-moves, history and continuation history (quiet-history.ts) and capture
 *              history (capture-history.ts) on cut-offs  10 store in the table  11 correction
 *              history (correction-history.ts): how far the result was from the static evaluation.
 *   Static evaluations are corrected by the correction history (pawn structure, material).
 *   qsearch(): stand pat (sharpened by a table bound), the table move first, then captures
 *              and promotions ordered by MVV-LVA and capture history, filtered by SEE; all
 *              evasions when in check; where stalemate loses, a stalemate test only when the
 *              side to move has few men left. Its best capture is stored as the table move.
 *
 * The searcher never prints: it reports through callbacks. It reads the clock and the stop flag
 * only through `SearchCallbacks`, so it runs anywhere (main thread, Node worker, Web Worker).
 */
import {
  EMPTY,
  EN_PASSANT,
  NORMAL,
  PAWN_OF_PAWNS_RETURN,
  PROMOTE,
  bareKingLoser,
  generateLegal,
  generateTactical,
  inCheck,
  isOrdinaryLegal,
  moveFlag,
  moveFrom,
  moveTo,
  type FastPosition,
} from '@citadel/core';
import type { EvalTables } from './eval-tables.ts';
import { Evaluator } from './evaluate.ts';
import {
  DRAW,
  INFINITE,
  MATE,
  MATE_BOUND,
  isMateScore,
  scoreFromTable,
  scoreToTable,
} from './score.ts';
import { CaptureHistory } from './capture-history.ts';
import { CorrectionHistory } from './correction-history.ts';
import { historyBonus } from './history-table.ts';
import { QuietHistory } from './quiet-history.ts';
import { givesSafeCheck, mayGiveCheck, playedCheckIsSafe } from './safe-checks.ts';
import { seeAtLeast } from './see.ts';
import type { TranspositionTable } from './transposition-table.ts';
import {
  BOUND_EXACT,
  BOUND_LOWER,
  BOUND_UPPER,
  boundDecides,
  boundSharpens,
  type TableProbe,
} from './transposition-table.ts';

export const MAX_PLY = 96;
/** Late-move reductions by depth and move index: 0.75 + ln(depth) * ln(index) / 2.1, rounded down. */
const LMR = new Int8Array(64 * 64).map((_, i) => {
  const d = i >> 6;
  const n = i & 63;
  return d && n ? Math.floor(0.75 + (Math.log(d) * Math.log(n)) / 2.1) : 0;
});
/** The late-move reduction of the move at `index` (0 = first) with `depth` plies left. */
function reduction(depth: number, index: number): number {
  return LMR[Math.min(depth, 63) * 64 + Math.min(index, 63)]!;
}
/**
 * Quiet moves searched at most at non-PV nodes not in check, by remaining depth (up to
 * LATE_MOVE_DEPTH): 3 + depth^2, twice that when the position improves (Stockfish's shape).
 */
const LATE_MOVE_DEPTH = 6;
const MAX_MOVES_PER_PLY = 1024;
/**
 * Remaining depth from which the table move is tested for a singular extension: Stockfish's 4.
 * (It was 6 before the twenty-third stop; in a 9-ply search, as at 100 ms a move, only the top
 * plies were tested. Not shown better than 6 over four seeds, but it does not lose, so it stays:
 * README, twenty-third and twenty-fourth stops.)
 */
const SINGULAR_DEPTH = 4;
/** Extra late-move reduction at expected cut nodes (Stockfish's `cutNode`). */
const CUT_NODE_REDUCTION = 2;
/** Quiescence looks for a stalemate (where it loses) only when the side to move has this few men. */
const STALEMATE_MEN = 4;
/**
 * A position seen once in the game before the root counts as a draw when the side that came
 * back to it stands at least this far ahead by the static evaluation (thirty-sixth stop).
 */
const PROGRESS_MARGIN = 150;

export interface SearchLimits {
  readonly depth?: number;
  readonly nodes?: number;
  /** Hard time limit for this move, milliseconds. */
  readonly hardMs?: number;
  /** Do not start another iteration after this many milliseconds. */
  readonly softMs?: number;
  /** Restrict the root to these integer moves. */
  readonly rootMoves?: readonly number[];
  readonly multiPv?: number;
  /**
   * Centipawns a draw is worth less than an even position to the side to move at the root
   * (Stockfish's contempt): a draw by rule in the tree scores −contempt where that side is to
   * move and +contempt where its opponent is. 0 (default) scores every draw 0.
   */
  readonly contempt?: number;
}

export interface SearchCallbacks {
  /** Milliseconds since some fixed origin. */
  readonly now: () => number;
  /**
   * When the request for this search arrived, on the `now` clock: time limits count from it, so
   * the time spent before the search starts (setting up the position, messages) is not lost.
   */
  readonly startedAt?: number;
  /** Polled every few thousand nodes; true stops the search at once. */
  readonly shouldStop?: () => boolean;
  /** After each completed iteration (and each PV line in MultiPV). */
  readonly onIteration?: (info: IterationInfo) => void;
}

export interface IterationInfo {
  readonly depth: number;
  readonly selDepth: number;
  readonly multiPv: number;
  readonly score: number;
  readonly bound: 'exact' | 'lower' | 'upper';
  readonly nodes: number;
  readonly timeMs: number;
  readonly pv: readonly number[];
}

export interface RootLine {
  readonly move: number;
  readonly score: number;
  readonly pv: readonly number[];
}

export interface SearchOutcome {
  readonly lines: readonly RootLine[];
  readonly depth: number;
  readonly nodes: number;
  readonly timeMs: number;
}

export class Searcher {
  private readonly evaluator: Evaluator;
  private pos!: FastPosition;
  private nodes = 0;
  private selDepth = 0;
  private aborted = false;
  private limits: SearchLimits = {};
  private callbacks!: SearchCallbacks;
  private startMs = 0;
  private readonly probe: TableProbe = { hit: false, move: 0, score: 0, depth: 0, bound: 0 };
  private readonly scores = new Int32Array(MAX_PLY * MAX_MOVES_PER_PLY);
  /**
   * Per move-buffer index: 1 for a capture whose exchange test (SEE) is put off until it would be
   * tried (`pickNext`), so captures that a cut-off leaves untried cost no exchange test.
   */
  private readonly seePending = new Uint8Array(MAX_PLY * MAX_MOVES_PER_PLY);
  private readonly killers = new Int32Array(MAX_PLY * 2);
  private readonly counter: Int32Array;
  private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLength = new Int32Array(MAX_PLY);
  private readonly playedAt = new Int32Array(MAX_PLY);
  /** Per ply: the move a singular-extension test leaves out (0: none). */
  private readonly excludedMove = new Int32Array(MAX_PLY);
  private readonly correctionHistory = new CorrectionHistory();
  /** Static evaluation per ply (-INFINITE when in check), for the "improving" test. */
  private readonly staticEvals = new Int32Array(MAX_PLY);
  /** Per ply: the played move's piece and destination (code * size + to), -1 after a null move. */
  private readonly pieceTo = new Int32Array(MAX_PLY).fill(-1);
  /**
   * Per ply: whether the side to move there is in check, when the caller already knows (1 / 0),
   * or -1; read once on entry, so the check test is not made twice.
   */
  private readonly checkHint = new Int8Array(MAX_PLY + 1).fill(-1);
  /**
   * Per ply: 1 when the node is an expected cut node (a null-window search whose parent expects
   * it to fail high: Stockfish's `cutNode`), set by the caller and read once on entry.
   */
  private readonly cutHint = new Uint8Array(MAX_PLY + 1);
  private readonly quietHistory: QuietHistory;
  private readonly captureHistory: CaptureHistory;
  private excludedRoot: number[] = [];
  /** Whether the last root search's best move scored above its window's alpha (not a mere upper bound). */
  private rootRaised = false;
  private rootPly = 0;
  /** The first position (ply) the repetition test may look back to: after the last null move. */
  private repetitionFloor = 0;

  constructor(
    readonly tables: EvalTables,
    readonly tt: TranspositionTable,
  ) {
    this.evaluator = new Evaluator(tables);
    this.counter = new Int32Array(256 * tables.rs.size);
    this.quietHistory = new QuietHistory(tables.rs);
    this.captureHistory = new CaptureHistory(tables.rs);
  }

  /** Forget move-ordering statistics (new game). */
  clearHistory(): void {
    this.quietHistory.clear();
    this.captureHistory.clear();
    this.counter.fill(0);
    this.killers.fill(0);
    this.correctionHistory.clear();
  }

  /** The static evaluation `raw` of the current position plus the correction history's estimate. */
  private corrected(raw: number): number {
    return this.correctionHistory.corrected(this.pos, raw);
  }

  evaluate(pos: FastPosition): number {
    return this.evaluator.evaluate(pos);
  }

  get nodeCount(): number {
    return this.nodes;
  }

  /** Iterative deepening from `pos` (which must be at the root; it is restored afterwards). */
  iterate(pos: FastPosition, limits: SearchLimits, callbacks: SearchCallbacks): SearchOutcome {
    this.pos = pos;
    this.limits = limits;
    this.callbacks = callbacks;
    this.nodes = 0;
    this.selDepth = 0;
    this.aborted = false;
    this.startMs = callbacks.startedAt ?? callbacks.now();
    this.rootPly = pos.ply;
    this.repetitionFloor = 0;
    this.tt.newSearch();
    const end = generateLegal(pos, 0);
    let rootMoves = Array.from(pos.moves.subarray(0, end));
    if (limits.rootMoves && limits.rootMoves.length)
      rootMoves = rootMoves.filter((m) => limits.rootMoves!.includes(m));
    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 4, MAX_PLY - 4);
    const multiPv = Math.max(1, Math.min(limits.multiPv ?? 1, rootMoves.length));
    let lines: RootLine[] = rootMoves.length
      ? [{ move: rootMoves[0]!, score: 0, pv: [rootMoves[0]!] }]
      : [];
    let completedDepth = 0;
    if (rootMoves.length === 0) return { lines: [], depth: 0, nodes: 0, timeMs: 0 };

    const previous = new Map<number, number>();
    for (let depth = 1; depth <= maxDepth; depth++) {
      const found: RootLine[] = [];
      this.excludedRoot = [];
      for (let k = 0; k < multiPv; k++) {
        const guess = lines[k]?.score ?? 0;
        const line = this.aspiration(depth, guess, rootMoves, previous);
        if (this.aborted) {
          // A root move searched to the end of this unfinished iteration that beat the move
          // searched first (the best so far) is the better choice (as in Stockfish).
          if (k === 0 && line && this.rootRaised && line.move !== lines[0]?.move) found.push(line);
          break;
        }
        if (!line) break;
        found.push(line);
        this.excludedRoot.push(line.move);
        this.callbacks.onIteration?.({
          depth,
          selDepth: this.selDepth,
          multiPv: k + 1,
          score: line.score,
          bound: 'exact',
          nodes: this.nodes,
          timeMs: this.elapsed(),
          pv: line.pv,
        });
      }
      if (found.length === multiPv || (found.length > 0 && !this.aborted)) {
        lines = found.sort((a, b) => b.score - a.score);
        completedDepth = depth;
      } else if (found.length > 0) {
        // An aborted iteration still improves the best move if its first line finished.
        lines = [found[0]!, ...lines.filter((l) => l.move !== found[0]!.move)].slice(0, multiPv);
      }
      if (this.aborted) break;
      if (isMateScore(lines[0]!.score) && depth > 4 && MATE - Math.abs(lines[0]!.score) < depth)
        break;
      if (limits.softMs !== undefined && this.elapsed() >= limits.softMs) break;
      if (rootMoves.length === 1 && limits.softMs !== undefined && depth >= 4) break;
    }
    return { lines, depth: completedDepth, nodes: this.nodes, timeMs: this.elapsed() };
  }

  private elapsed(): number {
    return this.callbacks.now() - this.startMs;
  }

  /** One root search with an aspiration window around the previous score. */
  private aspiration(
    depth: number,
    guess: number,
    rootMoves: number[],
    previous: Map<number, number>,
  ): RootLine | null {
    let delta = 30;
    let alpha = depth >= 5 ? Math.max(-INFINITE, guess - delta) : -INFINITE;
    let beta = depth >= 5 ? Math.min(INFINITE, guess + delta) : INFINITE;
    for (;;) {
      const line = this.root(depth, alpha, beta, rootMoves, previous);
      if (this.aborted) return line;
      if (!line) return null;
      if (line.score <= alpha && alpha > -INFINITE) {
        alpha = Math.max(-INFINITE, line.score - delta);
      } else if (line.score >= beta && beta < INFINITE) {
        beta = Math.min(INFINITE, line.score + delta);
      } else return line;
      delta *= 2;
      if (delta > 1000) {
        alpha = -INFINITE;
        beta = INFINITE;
      }
    }
  }

  private root(
    depth: number,
    alpha: number,
    beta: number,
    rootMoves: number[],
    previous: Map<number, number>,
  ): RootLine | null {
    const pos = this.pos;
    const moves = rootMoves.filter((m) => !this.excludedRoot.includes(m));
    if (moves.length === 0) return null;
    this.pvLength[0] = 0;
    this.staticEvals[0] = inCheck(pos) ? -INFINITE : this.corrected(this.evaluator.evaluate(pos));
    this.probeTable(pos);
    const ttMove = this.probe.hit ? this.probe.move : 0;
    moves.sort(
      (a, b) =>
        (b === ttMove ? 1 : 0) - (a === ttMove ? 1 : 0) ||
        (previous.get(b) ?? -INFINITE) - (previous.get(a) ?? -INFINITE),
    );
    this.rootRaised = false;
    let best: RootLine | null = null;
    let bestScore = -INFINITE;
    const origAlpha = alpha;
    for (let i = 0; i < moves.length; i++) {
      const m = moves[i]!;
      this.playedAt[0] = m;
      this.pieceTo[0] = this.pieceToKey(m);
      pos.make(m);
      this.nodes++;
      let score: number;
      if (i === 0) score = -this.search(depth - 1, -beta, -alpha, 1, MAX_MOVES_PER_PLY, true);
      else {
        this.cutHint[1] = 1;
        score = -this.search(depth - 1, -alpha - 1, -alpha, 1, MAX_MOVES_PER_PLY, true);
        if (score > alpha && score < beta && !this.aborted)
          score = -this.search(depth - 1, -beta, -alpha, 1, MAX_MOVES_PER_PLY, true);
      }
      pos.unmake(m);
      if (this.aborted) break;
      previous.set(m, score);
      if (score > bestScore) {
        bestScore = score;
        const pv = [m, ...Array.from(this.pvTable.subarray(MAX_PLY, MAX_PLY + this.pvLength[1]!))];
        best = { move: m, score, pv };
        if (score > alpha) {
          alpha = score;
          this.rootRaised = true;
        }
        if (alpha >= beta) break;
      }
    }
    if (best && !this.aborted && this.excludedRoot.length === 0) {
      const bound =
        bestScore >= beta ? BOUND_LOWER : bestScore > origAlpha ? BOUND_EXACT : BOUND_UPPER;
      this.tt.store(pos.hashLo, pos.hashHi, best.move, scoreToTable(bestScore, 0), depth, bound);
    }
    return best;
  }

  private probeTable(pos: FastPosition): void {
    this.tt.probe(pos.hashLo, pos.hashHi, this.probe);
  }

  /**
   * Stops at the node limit (tested every 2048 nodes, so node-limited searches stay as they were)
   * or at the time limit and the stop flag (every 256 nodes: about 1.5 ms, so the reply is prompt).
   */
  private checkLimits(): void {
    if ((this.nodes & 255) !== 0) return;
    const l = this.limits;
    if (l.nodes !== undefined && (this.nodes & 2047) === 0 && this.nodes >= l.nodes)
      this.aborted = true;
    else if (l.hardMs !== undefined && this.elapsed() >= l.hardMs) this.aborted = true;
    else if (this.callbacks.shouldStop?.()) this.aborted = true;
  }

  /** Score of a position that ended by rule or has no legal move, or null while the game goes on. */
  private ruleScore(ply: number): number | null {
    const pos = this.pos;
    if (pos.citadelDrawn) return this.drawScore(ply);
    if (pos.rs.bareKing) {
      const loser = bareKingLoser(pos);
      if (loser >= 0) return loser === pos.side ? -(MATE - ply) : MATE - ply;
    }
    return null;
  }

  /** A draw's score for the side to move `ply` plies from the root (see `contempt`). */
  private drawScore(ply: number): number {
    const contempt = this.limits.contempt ?? 0;
    return (ply & 1) === 0 ? DRAW - contempt : DRAW + contempt;
  }

  /**
   * Whether the position repeats in a way the side that wants a draw can force to go on: an
   * earlier occurrence after the root (inside this search: either side could have avoided the
   * cycle and did not), or two before it (Stockfish's rule). A single occurrence in the game
   * before the root is no draw: the opponent need not play the cycle again. Until the thirty-
   * fifth stop any earlier occurrence counted, and a side worse off scored a return to an old
   * position 0 while its opponent simply played on. The scan stops at the last null move of the
   * line (a repetition through a passed turn is not one). A single occurrence before the root
   * does count against a side that came back to it while `PROGRESS_MARGIN` ahead: the stand-ins
   * have no repetition rule, and a side that shuffles instead of making progress draws at the
   * match's ply limit (thirty-sixth stop).
   */
  private isRepetition(): boolean {
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

  /** Middlegame value of what move `m` captures (a pawn for en passant; 0 for none). */
  private victimValue(m: number): number {
    if (moveFlag(m) === EN_PASSANT) return 100;
    return this.tables.valueMg[this.pos.board[moveTo(m)]!]!;
  }

  /** Captures (an enemy piece on the target, en passant) and promotions. */
  private isCapture(m: number): boolean {
    const flag = moveFlag(m);
    if (flag === EN_PASSANT || flag === PROMOTE) return true;
    if (flag !== NORMAL && flag !== PAWN_OF_PAWNS_RETURN) return false;
    const target = this.pos.board[moveTo(m)]!;
    return target !== EMPTY && (target & 1) !== this.pos.side;
  }

  private search(
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    start: number,
    allowNull: boolean,
  ): number {
    const pos = this.pos;
    const pvNode = beta - alpha > 1;
    this.pvLength[ply] = 0;
    if (ply > this.selDepth) this.selDepth = ply;
    const hint = this.checkHint[ply]!;
    this.checkHint[ply] = -1;
    const cutNode = !pvNode && this.cutHint[ply] === 1;
    this.cutHint[ply] = 0;

    // 1. Abort, rule-ended positions, draws.
    this.checkLimits();
    if (this.aborted) return 0;
    const ruled = this.ruleScore(ply);
    if (ruled !== null) return ruled;
    if (this.isRepetition()) return this.drawScore(ply);
    const moveRule = pos.rs.moveRulePlies;
    if (moveRule !== null && pos.halfmove >= moveRule) return this.drawScore(ply);
    if (ply >= MAX_PLY - 2) return this.evaluator.evaluate(pos);

    // 2. Mate-distance pruning.
    alpha = Math.max(alpha, -(MATE - ply));
    beta = Math.min(beta, MATE - ply - 1);
    if (alpha >= beta) return alpha;

    // 3. Check extension.
    const checked = hint >= 0 ? hint === 1 : inCheck(pos);
    if (checked) depth++;
    if (depth <= 0) {
      this.checkHint[ply] = checked ? 1 : 0;
      return this.qsearch(alpha, beta, ply, start);
    }

    // 4. Transposition table (not while testing whether the table move is singular: that
    //    search is of the position without it).
    const excluded = this.excludedMove[ply]!;
    this.probeTable(pos);
    const tte = this.probe;
    if (excluded !== 0) tte.hit = false;
    let ttMove = 0;
    const ttScore = tte.hit ? scoreFromTable(tte.score, ply) : 0;
    const ttDepth = tte.depth;
    const ttBound = tte.bound;
    if (tte.hit) {
      ttMove = tte.move;
      if (!pvNode && ttDepth >= depth && boundDecides(ttBound, ttScore, alpha, beta))
        return ttScore;
    }

    // 5. Static evaluation (sharpened by a table bound), reverse futility pruning, razoring;
    //    without a table move, search shallower.
    let staticEval = -INFINITE;
    let rawEval = 0;
    let correctedEval = -INFINITE;
    if (!checked) {
      rawEval = this.evaluator.evaluate(pos);
      correctedEval = this.corrected(rawEval);
      staticEval = correctedEval;
      if (tte.hit && !isMateScore(tte.score) && boundSharpens(ttBound, ttScore, staticEval))
        staticEval = ttScore;
    }
    this.staticEvals[ply] = staticEval;
    // Improving: better than two plies ago (our previous turn), so less is pruned.
    const improving = !checked && ply >= 2 && staticEval > this.staticEvals[ply - 2]! ? 1 : 0;
    const pruneNode = !pvNode && !checked && excluded === 0;
    if (
      pruneNode &&
      depth <= 6 &&
      staticEval - 90 * (depth - improving) >= beta &&
      !isMateScore(beta)
    )
      return staticEval;
    if (pruneNode && depth <= 2 && staticEval + 250 * depth < alpha) {
      const q = this.qsearch(alpha, beta, ply, start);
      if (q < alpha) return q;
    }
    if (depth >= 4 && ttMove === 0 && excluded === 0) depth--;

    // 6. Null move, where zugzwang is unlikely: the side to move has a piece besides pawns and royals.
    if (pruneNode && allowNull && depth >= 3 && staticEval >= beta && this.hasPieces(pos.side)) {
      const r = 3 + (depth >> 2);
      this.playedAt[ply] = 0;
      this.pieceTo[ply] = -1;
      pos.makeNull();
      const floor = this.repetitionFloor;
      this.repetitionFloor = pos.ply;
      this.cutHint[ply + 1] = cutNode ? 0 : 1;
      const score = -this.search(depth - 1 - r, -beta, -beta + 1, ply + 1, start, false);
      this.repetitionFloor = floor;
      pos.unmakeNull();
      if (this.aborted) return 0;
      if (score >= beta) return isMateScore(score) ? beta : score;
    }

    // 7. Moves, in stages: a legal table move is tried before the others are generated (a
    //    cut-off then saves the generation). No legal move ends the game (mate, or stalemate
    //    as the variant rules).
    let end: number;
    let generated = false;
    if (ttMove !== 0 && isOrdinaryLegal(pos, ttMove)) {
      pos.moves[start] = ttMove;
      this.scores[start] = 1 << 30;
      this.seePending[start] = 0;
      end = start + 1;
    } else {
      end = generateLegal(pos, start, checked);
      if (end === start)
        return checked || pos.rs.stalemateLoses ? -(MATE - ply) : this.drawScore(ply);
      this.scoreMoves(start, end, ttMove, ply);
      generated = true;
    }

    // 8. Principal variation search with late-move reductions.
    let best = -INFINITE;
    let bestMove = 0;
    const origAlpha = alpha;
    const prunable = !pvNode && !checked;
    const lateMoveLimit =
      prunable && depth <= LATE_MOVE_DEPTH ? (3 + depth * depth) * (1 + improving) : 1 << 30;
    let quietsTried = 0;
    const history = this.quietHistory;
    const back1 = this.earlierMove(ply, 1);
    const back2 = this.earlierMove(ply, 2);
    for (let i = start; ; i++) {
      if (i === end) {
        if (generated) break;
        // The table move did not cut off: generate the rest (without it) behind it.
        generated = true;
        end = this.generateRest(i, ttMove, checked);
        this.scoreMoves(i, end, 0, ply);
        if (i === end) break;
      }
      const m = this.pickNext(i, end);
      const next = end;
      if (m === excluded) continue;
      const capture = this.isCapture(m);
      const index = i - start;
      const flag = moveFlag(m);
      const key = this.pieceToKey(m);
      const stat = capture ? 0 : history.score(key, pos.side, back1, back2);
      // Pruning near the leaves (never the first move): quiet moves past the late-move limit,
      // or futile at their reduced depth, or with a bad history (unless it gives a safe check:
      // mating nets are made of quiet checks); captures that lose material by SEE at shallow
      // depth.
      if (index > 0 && flag !== PROMOTE && best > -MATE_BOUND) {
        if (!capture) {
          if (quietsTried >= lateMoveLimit) continue;
          if (prunable) {
            const lmrDepth = depth - 1 - reduction(depth, index);
            if (
              ((lmrDepth <= 5 && staticEval + 120 + 130 * Math.max(0, lmrDepth) <= alpha) ||
                (lmrDepth <= 3 && stat < -3000 * depth)) &&
              !(mayGiveCheck(pos, m, this.tables) && givesSafeCheck(pos, m, this.tables))
            )
              continue;
          }
        } else if (!pvNode && depth <= 3 && this.scores[i]! < 0) continue;
      }
      if (!capture) quietsTried++;
      // Singular extension: the table move is searched a ply deeper when every other move,
      // searched shallower, fails low against a bound a little below its table score; when
      // even without it the node fails high, it is a cut node already (multi-cut).
      let extension = 0;
      if (
        m === ttMove &&
        ply > 0 &&
        excluded === 0 &&
        depth >= SINGULAR_DEPTH &&
        ttDepth >= depth - 3 &&
        ttBound !== BOUND_UPPER &&
        !isMateScore(ttScore)
      ) {
        const singularBeta = ttScore - 2 * depth;
        this.excludedMove[ply] = m;
        this.cutHint[ply] = cutNode ? 1 : 0;
        const others = this.search(
          (depth - 1) >> 1,
          singularBeta - 1,
          singularBeta,
          ply,
          next,
          false,
        );
        this.excludedMove[ply] = 0;
        if (this.aborted) return 0;
        if (others < singularBeta) extension = 1;
        else if (singularBeta >= beta) return singularBeta;
        // Not singular, and the table says it fails high anyway: search it a ply shallower.
        else if (ttScore >= beta) extension = -1;
      }
      this.playedAt[ply] = m;
      this.pieceTo[ply] = key;
      const mayCheck = mayGiveCheck(pos, m, this.tables);
      pos.make(m);
      this.nodes++;
      const givesCheck = mayCheck && inCheck(pos);
      // A check that loses the checking piece is not extended (the child's check extension is
      // taken back here), as in Stockfish: spite checks would otherwise deepen every line.
      if (givesCheck && !playedCheckIsSafe(pos, m, this.tables)) extension--;
      let score: number;
      if (index === 0)
        score = this.child(depth - 1 + extension, alpha, beta, ply, next, givesCheck, !cutNode);
      else {
        let r = 0;
        if (depth >= 3 && index >= 2 && !capture && !checked && flag !== PROMOTE) {
          r = reduction(depth, index);
          if (m === this.killers[ply * 2] || m === this.killers[ply * 2 + 1]) r--;
          r -= Math.max(-2, Math.min(2, Math.trunc(stat / 12000)));
          if (pvNode) r--;
          if (givesCheck) r--;
          if (cutNode) r += CUT_NODE_REDUCTION;
          r = Math.max(0, Math.min(depth - 2, r));
        }
        const full = depth - 1 + extension;
        // A reduced search expects to fail high (a cut node, as in Stockfish); searched again,
        // or not reduced, a child alternates with its parent.
        score = this.child(full - r, alpha, alpha + 1, ply, next, givesCheck, r > 0 || !cutNode);
        if (score > alpha && r > 0)
          score = this.child(full, alpha, alpha + 1, ply, next, givesCheck, !cutNode);
        if (score > alpha && score < beta)
          score = this.child(full, alpha, beta, ply, next, givesCheck, false);
      }
      pos.unmake(m);
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        bestMove = m;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, m);
          if (alpha >= beta) {
            // 9. Killers, counter-move and histories.
            this.rewardCutOff(m, capture, ply, depth, start, i);
            break;
          }
        }
      }
    }

    // 10. Store (not the search without the excluded move: it is not this position's result).
    if (excluded !== 0) return best === -INFINITE ? alpha : best;
    const bound = best >= beta ? BOUND_LOWER : best > origAlpha ? BOUND_EXACT : BOUND_UPPER;
    this.tt.store(pos.hashLo, pos.hashHi, bestMove, scoreToTable(best, ply), depth, bound);
    // 11. Correction history: a quiet (or no) best move whose score is not a bound on the wrong
    //     side of the evaluation tells how far off the evaluation was.
    if (
      !checked &&
      !isMateScore(best) &&
      (bestMove === 0 || !this.isCapture(bestMove)) &&
      !(bound === BOUND_LOWER && best <= correctedEval) &&
      !(bound === BOUND_UPPER && best >= correctedEval)
    )
      this.correctionHistory.update(pos, best - rawEval, depth);
    return best;
  }

  /**
   * The score, for the side to move at `ply`, of the position after its move: a search of the
   * child with the window (alpha, beta) of this node, told whether the child is in check.
   */
  private child(
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    start: number,
    inCheckThere: boolean,
    cutNode: boolean,
  ): number {
    this.checkHint[ply + 1] = inCheckThere ? 1 : 0;
    this.cutHint[ply + 1] = cutNode ? 1 : 0;
    return -this.search(depth, -beta, -alpha, ply + 1, start, true);
  }

  /** Legal moves except `skip` from `start` (`checked`: whether the side to move is in check); returns the end index. */
  private generateRest(start: number, skip: number, checked: boolean): number {
    const moves = this.pos.moves;
    const end = generateLegal(this.pos, start, checked);
    for (let i = start; i < end; i++) {
      if (moves[i] === skip) {
        moves[i] = moves[end - 1]!;
        return end - 1;
      }
    }
    return end;
  }

  private hasPieces(color: number): boolean {
    const pos = this.pos;
    const t = this.tables;
    for (let i = 0; i < pos.pieceCount[color]!; i++)
      if (t.phaseWeight[pos.board[pos.pieceAt(color, i)]!]! > 0) return true;
    return false;
  }

  private updatePv(ply: number, m: number): void {
    const row = ply * MAX_PLY;
    const childRow = (ply + 1) * MAX_PLY;
    this.pvTable[row] = m;
    const n = this.pvLength[ply + 1]!;
    for (let k = 0; k < n; k++) this.pvTable[row + 1 + k] = this.pvTable[childRow + k]!;
    this.pvLength[ply] = n + 1;
  }

  /**
   * Step 9, after move `m` at index `cutIndex` cut off: it gains in its history (capture history
   * for a capture; killers, counter-move, history and continuation history for a quiet move), and
   * every move of the same kind tried before it loses as much.
   */
  private rewardCutOff(
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

  /**
   * Whether capture `m` of a piece worth `victim` loses material by SEE. A capture of a piece
   * worth at least `capturerValue` (the capturer's value, as the caller counts it) cannot: the
   * exchange is skipped.
   */
  private losesExchange(m: number, victim: number, capturerValue: number): boolean {
    const t = this.tables;
    return victim < capturerValue && !seeAtLeast(this.pos, m, 0, t.valueMg, t.kingLike);
  }

  /** Capture-history entry of the capture or promotion `m` in the current position. */
  private captureKey(m: number): number {
    const board = this.pos.board;
    const from = moveFrom(m);
    const to = moveTo(m);
    const victim = moveFlag(m) === EN_PASSANT ? board[from]! ^ 1 : board[to]!;
    return this.captureHistory.key(board[from]!, to, victim);
  }

  /** Piece and destination of move `m` in the current position: code * size + to. */
  private pieceToKey(m: number): number {
    return this.pos.board[moveFrom(m)]! * this.pos.rs.size + moveTo(m);
  }

  /** The key (piece code * size + to) of the move played `back` plies before `ply`, or -1. */
  private earlierMove(ply: number, back: number): number {
    return ply >= back ? this.pieceTo[ply - back]! : -1;
  }

  /**
   * Move ordering keys: table move, winning/equal captures by MVV-LVA and capture history,
   * killers, counter-move, quiet histories, losing captures. A capture of a piece worth less
   * than its capturer is scored as if it did not lose, and marked for `pickNext` to test.
   */
  private scoreMoves(start: number, end: number, ttMove: number, ply: number): void {
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
      if (m === ttMove) s = 1 << 30;
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
   * Selection sort step: brings the best remaining move to index i. A capture marked by
   * `scoreMoves` is tested when it comes out best: one that loses by SEE goes last, without its
   * history (-2^20 + victim), and the choice is made again. The order is the one scoring every
   * capture's exchange first would give.
   */
  private pickNext(i: number, end: number): number {
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

  private qsearch(alpha: number, beta: number, ply: number, start: number): number {
    const pos = this.pos;
    this.pvLength[ply] = 0;
    if (ply > this.selDepth) this.selDepth = ply;
    const hint = this.checkHint[ply]!;
    this.checkHint[ply] = -1;
    this.checkLimits();
    if (this.aborted) return 0;
    const ruled = this.ruleScore(ply);
    if (ruled !== null) return ruled;
    if (ply >= MAX_PLY - 2) return this.evaluator.evaluate(pos);
    // The table: a stored bound of any depth decides a quiescence node.
    this.probeTable(pos);
    const tableHit = this.probe.hit;
    const tableScore = tableHit ? scoreFromTable(this.probe.score, ply) : 0;
    const tableBound = this.probe.bound;
    const tableMove = tableHit ? this.probe.move : 0;
    if (tableHit && boundDecides(tableBound, tableScore, alpha, beta)) return tableScore;
    const checked = hint >= 0 ? hint === 1 : inCheck(pos);
    let best = -INFINITE;
    // In check every evasion is searched. Where stalemate decides the game (it loses) and the
    // side to move has few men left — where a stalemate can happen — look for a legal move
    // before standing pat; otherwise only captures and promotions are generated.
    let end = start;
    const stalemateWatch = pos.rs.stalemateLoses && pos.pieceCount[pos.side]! <= STALEMATE_MEN;
    if (checked || stalemateWatch) {
      end = generateLegal(pos, start, checked);
      if (end === start) return -(MATE - ply);
    }
    if (!checked) {
      best = this.corrected(this.evaluator.evaluate(pos));
      // A table bound on the side of the evaluation it sharpens replaces it.
      if (tableHit && !isMateScore(tableScore) && boundSharpens(tableBound, tableScore, best))
        best = tableScore;
      if (best >= beta) return best;
      if (best > alpha) alpha = best;
      if (!stalemateWatch) end = generateTactical(pos, start, false);
    }
    const t = this.tables;
    // Keep captures and promotions (all moves when in check), ordered by MVV-LVA.
    let n = start;
    for (let i = start; i < end; i++) {
      const m = pos.moves[i]!;
      if (!checked && !this.isCapture(m)) continue;
      pos.moves[n] = m;
      this.seePending[n] = 0;
      const victim = this.victimValue(m);
      const attacker = t.valueMg[pos.board[moveFrom(m)]!]!;
      this.scores[n] =
        m === tableMove
          ? 1 << 30
          : victim * 16 - (attacker >> 4) + this.captureHistory.orderingBonus(this.captureKey(m));
      n++;
    }
    let bestMove = 0;
    for (let i = start; i < n; i++) {
      const m = this.pickNext(i, n);
      if (!checked && moveFlag(m) !== PROMOTE) {
        const victim = this.victimValue(m);
        if (best + victim + 200 < alpha) continue; // delta pruning
        // A royal capturer is always tested.
        const code = pos.board[moveFrom(m)]!;
        if (this.losesExchange(m, victim, t.kingLike[code] ? INFINITE : t.valueMg[code]!)) continue;
      }
      // The child's check test, skipped where the move cannot give check.
      if (!mayGiveCheck(pos, m, this.tables)) this.checkHint[ply + 1] = 0;
      pos.make(m);
      this.nodes++;
      const score = -this.qsearch(-beta, -alpha, ply + 1, n);
      pos.unmake(m);
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          bestMove = m;
          this.updatePv(ply, m);
          if (alpha >= beta) break;
        }
      }
    }
    const result = best === -INFINITE ? alpha : best;
    if (!this.aborted)
      this.tt.store(
        pos.hashLo,
        pos.hashHi,
        bestMove,
        scoreToTable(result, ply),
        0,
        result >= beta ? BOUND_LOWER : BOUND_UPPER,
      );
    return result;
  }
}
