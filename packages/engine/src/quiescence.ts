/**
 * Quiescence search: past the main search's horizon only captures and promotions are searched
 * (every evasion when in check), so the static evaluation is read in quiet positions. Read as
 * numbered steps:
 *
 *   1 abort, rule-ended positions, the ply limit  2 transposition table: a stored bound of any
 *   depth decides  3 in check, every evasion (none: mate); where stalemate loses and the side to
 *   move has few men left, every legal move (none: a stalemate, lost)  4 stand pat on the
 *   corrected static evaluation, sharpened by a table bound; then captures and promotions
 *   5 ordering: the table move, then MVV-LVA and capture history  6 delta and SEE pruning of
 *   captures (not in check, not of promotions), then each move searched  7 store the result, its
 *   best capture as the table move.
 */
import {
  PROMOTE,
  generateLegal,
  generateTactical,
  inCheck,
  moveFlag,
  moveFrom,
} from '@citadel/core';
import { mayGiveCheck } from './safe-checks.ts';
import { INFINITE, MATE, isMateScore, scoreFromTable, scoreToTable } from './score.ts';
import { MAX_PLY } from './search-limits.ts';
import { SearchState } from './search-state.ts';
import { BOUND_LOWER, BOUND_UPPER, boundDecides, boundSharpens } from './transposition-table.ts';

/** Quiescence looks for a stalemate (where it loses) only when the side to move has this few men. */
const STALEMATE_MEN = 4;
/** Delta pruning: a capture whose victim and this margin cannot lift the score to alpha is skipped. */
const DELTA_MARGIN = 200;

export class QuiescenceSearch extends SearchState {
  /**
   * The quiescence score of the current position, `ply` plies from the root, within (alpha,
   * beta); its moves go into the move buffer from `start`.
   */
  protected qsearch(alpha: number, beta: number, ply: number, start: number): number {
    const pos = this.pos;
    const order = this.ordering;
    this.pvLength[ply] = 0;
    if (ply > this.selDepth) this.selDepth = ply;
    const hint = this.checkHint[ply]!;
    this.checkHint[ply] = -1;

    // 1. Abort, rule-ended positions, the ply limit.
    this.checkLimits();
    if (this.aborted) return 0;
    const ruled = this.ruleScore(ply);
    if (ruled !== null) return ruled;
    if (ply >= MAX_PLY - 2) return this.evaluator.evaluate(pos);

    // 2. Transposition table: a stored bound of any depth decides a quiescence node.
    this.probeTable(pos);
    const tableHit = this.probe.hit;
    const tableScore = tableHit ? scoreFromTable(this.probe.score, ply) : 0;
    const tableBound = this.probe.bound;
    const tableMove = tableHit ? this.probe.move : 0;
    if (tableHit && boundDecides(tableBound, tableScore, alpha, beta)) return tableScore;

    // 3. In check every evasion is searched. Where stalemate decides the game (it loses) and the
    //    side to move has few men left — where a stalemate can happen — look for a legal move
    //    before standing pat. No legal move: mate, or a stalemate that loses.
    const checked = hint >= 0 ? hint === 1 : inCheck(pos);
    let best = -INFINITE;
    let end = start;
    const stalemateWatch = pos.rs.stalemateLoses && pos.pieceCount[pos.side]! <= STALEMATE_MEN;
    if (checked || stalemateWatch) {
      end = generateLegal(pos, start, checked);
      if (end === start) return -(MATE - ply);
    }

    // 4. Stand pat (not in check); otherwise only captures and promotions are generated.
    if (!checked) {
      best = this.corrected(this.evaluator.evaluate(pos));
      // A table bound on the side of the evaluation it sharpens replaces it.
      if (tableHit && !isMateScore(tableScore) && boundSharpens(tableBound, tableScore, best))
        best = tableScore;
      if (best >= beta) return best;
      if (best > alpha) alpha = best;
      if (!stalemateWatch) end = generateTactical(pos, start, false);
    }

    // 5. Keep captures and promotions (all moves when in check), ordered by MVV-LVA.
    const t = this.tables;
    let n = start;
    for (let i = start; i < end; i++) {
      const m = pos.moves[i]!;
      if (!checked && !order.isCapture(m)) continue;
      pos.moves[n] = m;
      order.scoreQuiescenceMove(n, m, tableMove);
      n++;
    }

    // 6. Search each move, best first, skipping hopeless and losing captures.
    let bestMove = 0;
    for (let i = start; i < n; i++) {
      const m = order.pickNext(i, n);
      if (!checked && moveFlag(m) !== PROMOTE) {
        const victim = order.victimValue(m);
        if (best + victim + DELTA_MARGIN < alpha) continue;
        // A royal capturer is always tested.
        const code = pos.board[moveFrom(m)]!;
        if (order.losesExchange(m, victim, t.kingLike[code] ? INFINITE : t.valueMg[code]!))
          continue;
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

    // 7. Store: a lower bound after a cut-off, an upper bound otherwise.
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
