/**
 * The search, read as numbered steps like Stockfish's search.cpp:
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
 *              stalemate as a win, loss or draw per variant)  8 PVS over ordered moves
 *              (move-ordering.ts): late-move, futility and history pruning (not of safe checks:
 *              safe-checks.ts), a singular extension of the table move (a ply less when it is
 *              not singular but its table score fails high), no check extension for a check that
 *              is not safe, late-move reductions (each child told whether it is in check; two
 *              plies more at expected cut nodes, Stockfish's `cutNode`)  9 killers,
 *              counter-moves, history and continuation history (quiet-history.ts) and capture
 *              history (capture-history.ts) on cut-offs  10 store in the table  11 correction
 *              history (correction-history.ts): how far the result was from the static evaluation.
 *   Static evaluations are corrected by the correction history (pawn structure, material).
 *   At depth 0 the quiescence search takes over (quiescence.ts); what every node shares (limits,
 *   draws, repetitions, the principal variation) is in search-state.ts.
 *
 * The searcher never prints: it reports through callbacks. It reads the clock and the stop flag
 * only through `SearchCallbacks`, so it runs anywhere (main thread, Node worker, Web Worker).
 */
import {
  PROMOTE,
  generateLegal,
  inCheck,
  isOrdinaryLegal,
  moveFlag,
  type FastPosition,
} from '@citadel/core';
import { INFINITE, MATE, MATE_BOUND, isMateScore, scoreFromTable, scoreToTable } from './score.ts';
import { MAX_MOVES_PER_PLY } from './move-ordering.ts';
import { QuiescenceSearch } from './quiescence.ts';
import { givesSafeCheck, mayGiveCheck, playedCheckIsSafe } from './safe-checks.ts';
import {
  MAX_PLY,
  type RootLine,
  type SearchCallbacks,
  type SearchLimits,
  type SearchOutcome,
} from './search-limits.ts';
import {
  BOUND_EXACT,
  BOUND_LOWER,
  BOUND_UPPER,
  boundDecides,
  boundSharpens,
} from './transposition-table.ts';

export { MAX_PLY } from './search-limits.ts';
export type {
  IterationInfo,
  RootLine,
  SearchCallbacks,
  SearchLimits,
  SearchOutcome,
} from './search-limits.ts';

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
/**
 * Remaining depth from which the table move is tested for a singular extension: Stockfish's 4,
 * so that searches of about 9 plies (100 ms a move) test more than their top plies.
 */
const SINGULAR_DEPTH = 4;
/** Extra late-move reduction at expected cut nodes (Stockfish's `cutNode`). */
const CUT_NODE_REDUCTION = 2;

export class Searcher extends QuiescenceSearch {
  /** Per ply: the move a singular-extension test leaves out (0: none). */
  private readonly excludedMove = new Int32Array(MAX_PLY);
  /** Static evaluation per ply (-INFINITE when in check), for the "improving" test. */
  private readonly staticEvals = new Int32Array(MAX_PLY);
  /**
   * Per ply: 1 when the node is an expected cut node (a null-window search whose parent expects
   * it to fail high: Stockfish's `cutNode`), set by the caller and read once on entry.
   */
  private readonly cutHint = new Uint8Array(MAX_PLY + 1);
  private excludedRoot: number[] = [];
  /** Whether the last root search's best move scored above its window's alpha (not a mere upper bound). */
  private rootRaised = false;

  /** Iterative deepening from `pos` (which must be at the root; it is restored afterwards). */
  iterate(pos: FastPosition, limits: SearchLimits, callbacks: SearchCallbacks): SearchOutcome {
    this.begin(pos, limits, callbacks);
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
      }
      // Best first (a stable sort: equal scores keep the order they were found in). A line
      // searched later can score above an earlier one: the earlier search saw it only through a
      // null window, where it failed low.
      found.sort((a, b) => b.score - a.score);
      if (found.length === multiPv || (found.length > 0 && !this.aborted)) {
        lines = found;
        completedDepth = depth;
      } else if (found.length > 0) {
        // An aborted iteration still improves the lines it finished; the others keep the
        // previous iteration's.
        const done = new Set(found.map((l) => l.move));
        lines = [...found, ...lines.filter((l) => !done.has(l.move))].slice(0, multiPv);
      }
      this.report(depth, found);
      if (this.aborted) break;
      if (isMateScore(lines[0]!.score) && depth > 4 && MATE - Math.abs(lines[0]!.score) < depth)
        break;
      if (limits.softMs !== undefined && this.elapsed() >= limits.softMs) break;
      if (rootMoves.length === 1 && limits.softMs !== undefined && depth >= 4) break;
    }
    return { lines, depth: completedDepth, nodes: this.nodes, timeMs: this.elapsed() };
  }

  /**
   * Reports the lines an iteration finished, best first, all at once when it ends: line 1 is
   * then always the move the search would play, and a depth's lines have distinct first moves.
   */
  private report(depth: number, found: readonly RootLine[]): void {
    const onIteration = this.callbacks.onIteration;
    if (!onIteration) return;
    const timeMs = this.elapsed();
    found.forEach((line, k) =>
      onIteration({
        depth,
        selDepth: this.selDepth,
        multiPv: k + 1,
        score: line.score,
        bound: 'exact',
        nodes: this.nodes,
        timeMs,
        pv: line.pv,
      }),
    );
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
      this.ordering.playedAt[0] = m;
      this.ordering.pieceTo[0] = this.ordering.pieceToKey(m);
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

  private search(
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    start: number,
    allowNull: boolean,
  ): number {
    const pos = this.pos;
    const order = this.ordering;
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
      order.playedAt[ply] = 0;
      order.pieceTo[ply] = -1;
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
      order.scoreTableMove(start);
      end = start + 1;
    } else {
      end = generateLegal(pos, start, checked);
      if (end === start)
        return checked || pos.rs.stalemateLoses ? -(MATE - ply) : this.drawScore(ply);
      order.scoreMoves(start, end, ttMove, ply);
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
    const history = order.quietHistory;
    const back1 = order.earlierMove(ply, 1);
    const back2 = order.earlierMove(ply, 2);
    for (let i = start; ; i++) {
      if (i === end) {
        if (generated) break;
        // The table move did not cut off: generate the rest (without it) behind it.
        generated = true;
        end = this.generateRest(i, ttMove, checked);
        order.scoreMoves(i, end, 0, ply);
        if (i === end) break;
      }
      const m = order.pickNext(i, end);
      const next = end;
      if (m === excluded) continue;
      const capture = order.isCapture(m);
      const index = i - start;
      const flag = moveFlag(m);
      const key = order.pieceToKey(m);
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
        } else if (!pvNode && depth <= 3 && order.scores[i]! < 0) continue;
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
      order.playedAt[ply] = m;
      order.pieceTo[ply] = key;
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
          if (order.isKiller(m, ply)) r--;
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
            order.rewardCutOff(m, capture, ply, depth, start, i);
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
      (bestMove === 0 || !order.isCapture(bestMove)) &&
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
}
