/**
 * The engine facade: a game (variant, array, rule switches, start position, moves played) and
 * limits in, a best move and search reports out. Protocol front-ends (UCI in the CLI, the web
 * Worker) own the clock and the stop flag and pass them in; the engine never prints.
 */
import { err, ok, type Position, type Result, makeMoveText, mulberry32 } from '@citadel/core';
import { evalTables } from './eval-tables.ts';
import type { EvalWeights } from './eval-weights.ts';
import { GameCache, setUpGame, type GameSpec } from './game-setup.ts';
import { gaussian, levelSettings, MAX_LEVEL } from './levels.ts';
import { toUciScore, type UciScore } from './score.ts';
import { Searcher, type IterationInfo, type RootLine, type SearchLimits } from './search.ts';
import { budget } from './time-manager.ts';
import { TranspositionTable } from './transposition-table.ts';

export type { GameSpec };

export interface GoLimits {
  readonly depth?: number;
  readonly nodes?: number;
  readonly movetime?: number;
  readonly wtime?: number;
  readonly btime?: number;
  readonly winc?: number;
  readonly binc?: number;
  readonly movestogo?: number;
  readonly infinite?: boolean;
  readonly searchMoves?: readonly string[];
}

export interface EngineIo {
  readonly now: () => number;
  /** When the request arrived, on the `now` clock; time limits count from it (default: now). */
  readonly startedAt?: number;
  readonly shouldStop?: () => boolean;
  readonly onInfo?: (info: EngineInfo) => void;
}

export interface EngineInfo {
  readonly depth: number;
  readonly selDepth: number;
  readonly multiPv: number;
  readonly score: UciScore;
  readonly nodes: number;
  readonly nps: number;
  readonly timeMs: number;
  readonly pv: readonly string[];
  readonly hashfull: number;
}

export interface EngineResult {
  readonly bestMove: string | null;
  readonly ponder: string | null;
  readonly score: UciScore;
  readonly depth: number;
  readonly nodes: number;
  readonly timeMs: number;
  readonly pv: readonly string[];
  /** Every root line searched (MultiPV), best first. */
  readonly lines: ReadonlyArray<{ move: string; score: UciScore; pv: readonly string[] }>;
}

export interface EngineOptions {
  /** Transposition table size in MiB. */
  hashMb: number;
  multiPv: number;
  /** 1 (weakest) .. 10 (full strength). */
  level: number;
  /** Milliseconds kept back per move for communication. */
  moveOverhead: number;
  /** Centipawns a draw is worth less than an even position to the side searching (see `SearchLimits`). */
  contempt: number;
  /** Seed of the randomness of levels below 10 (0 = different every game). */
  seed: number;
  /** Evaluation weights; absent = the tuned weights of each variant. */
  weights?: EvalWeights;
}

export const DEFAULT_OPTIONS: EngineOptions = {
  hashMb: 32,
  multiPv: 1,
  level: MAX_LEVEL,
  moveOverhead: 10,
  contempt: 0,
  seed: 0,
};

export class Engine {
  readonly options: EngineOptions;
  private tt: TranspositionTable;
  private readonly searchers = new Map<string, Searcher>();
  /** The searcher of the last `go` (see `searcherToGo`). */
  private lastSearcher: Searcher | null = null;
  private random: () => number;
  /** The last game searched: the next `go`, two plies on, plays only the new moves. */
  private readonly games = new GameCache();

  /** `tableBuffer`: share one transposition table between engines (Lazy SMP workers). */
  constructor(options: Partial<EngineOptions> = {}, tableBuffer?: SharedArrayBuffer) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
    this.tt = new TranspositionTable(this.options.hashMb, tableBuffer);
    this.random = this.options.seed ? mulberry32(this.options.seed) : Math.random;
  }

  /** Resizes the table (clears it). */
  setHash(mb: number): void {
    this.options.hashMb = mb;
    this.tt = new TranspositionTable(mb);
    this.searchers.clear();
    this.lastSearcher = null;
  }

  /** A new game: forget the table, move-ordering statistics and the last game set up. */
  newGame(): void {
    this.tt.clear();
    this.games.clear();
    for (const s of this.searchers.values()) s.clearHistory();
    if (this.options.seed) this.random = mulberry32(this.options.seed);
  }

  /** Sets up the game's current position, or says what is wrong with it. */
  static setUp(game: GameSpec): Result<Position> {
    return setUpGame(game);
  }

  private searcherFor(position: Position): Searcher {
    const rs = position.rs;
    const key = `${rs.def.id}|${rs.array.id}|${JSON.stringify(rs.switches)}`;
    let s = this.searchers.get(key);
    if (!s) {
      s = new Searcher(evalTables(rs, this.options.weights), this.tt);
      this.searchers.set(key, s);
    }
    return s;
  }

  /**
   * The searcher for `position`, the table cleared when the last search was of another variant,
   * array or rule set: the same board can have the same hash there, and the table's scores and
   * moves belong to one rule set.
   */
  private searcherToGo(position: Position): Searcher {
    const s = this.searcherFor(position);
    if (this.lastSearcher !== null && this.lastSearcher !== s) this.tt.clear();
    this.lastSearcher = s;
    return s;
  }

  /**
   * Static evaluation of the game's position (side to move's view), centipawns. Set up through
   * the same cache as `go`, so evaluating after each move plays only the new moves.
   */
  evaluate(game: GameSpec): Result<number> {
    const p = this.games.get(game);
    if (!p.ok) return p;
    return ok(this.searcherFor(p.value).evaluate(p.value.fastPosition()));
  }

  /** Searches the game's position within the limits. */
  go(game: GameSpec, limits: GoLimits, io: EngineIo): Result<EngineResult> {
    const p = this.games.get(game);
    if (!p.ok) return p;
    const position = p.value;
    const fast = position.fastPosition();
    const searcher = this.searcherToGo(position);
    const white = fast.side === 0;
    const clock = budget({
      ...(limits.movetime !== undefined ? { movetime: limits.movetime } : {}),
      ...((white ? limits.wtime : limits.btime) !== undefined
        ? { time: (white ? limits.wtime : limits.btime)! }
        : {}),
      increment: (white ? limits.winc : limits.binc) ?? 0,
      ...(limits.movestogo !== undefined ? { movesToGo: limits.movestogo } : {}),
      overhead: this.options.moveOverhead,
    });
    const legal = position.legalCodes();
    let rootMoves: number[] | undefined;
    if (limits.searchMoves?.length) {
      rootMoves = [];
      for (const text of limits.searchMoves) {
        const m = position.resolve(text);
        if (!m.ok) return err(`searchmoves: ${m.error}`);
        rootMoves.push(m.value);
      }
    }
    const level = levelSettings(this.options.level);
    const searchLimits: SearchLimits = {
      ...(limits.infinite ? {} : clock),
      ...(limits.depth !== undefined || level
        ? { depth: Math.min(limits.depth ?? 99, level?.depth ?? 99) }
        : {}),
      ...(limits.nodes !== undefined || level
        ? { nodes: Math.min(limits.nodes ?? Infinity, level?.nodes ?? Infinity) }
        : {}),
      ...(rootMoves ? { rootMoves } : {}),
      multiPv: level
        ? Math.max(this.options.multiPv, Math.min(level.candidates, legal.length))
        : this.options.multiPv,
      contempt: this.options.contempt,
    };
    const text = (m: number): string => makeMoveText(position.rs, m);
    const pvText = (pv: readonly number[]): string[] => pv.map(text);
    const outcome = searcher.iterate(fast, searchLimits, {
      now: io.now,
      ...(io.startedAt !== undefined ? { startedAt: io.startedAt } : {}),
      ...(io.shouldStop ? { shouldStop: io.shouldStop } : {}),
      onIteration: (info: IterationInfo) => {
        if (level && info.multiPv > this.options.multiPv) return;
        io.onInfo?.({
          depth: info.depth,
          selDepth: info.selDepth,
          multiPv: info.multiPv,
          score: toUciScore(info.score),
          nodes: info.nodes,
          nps: Math.round((info.nodes * 1000) / Math.max(1, info.timeMs)),
          timeMs: Math.round(info.timeMs),
          pv: pvText(info.pv),
          hashfull: this.tt.hashfull(),
        });
      },
    });
    let lines: readonly RootLine[] = outcome.lines;
    if (level && lines.length > 1) lines = this.humanChoice(lines, level.noise);
    const best = lines[0];
    return ok({
      bestMove: best ? text(best.move) : null,
      ponder: best && best.pv.length > 1 ? text(best.pv[1]!) : null,
      score: toUciScore(best?.score ?? 0),
      depth: outcome.depth,
      nodes: outcome.nodes,
      timeMs: Math.round(outcome.timeMs),
      pv: best ? pvText(best.pv) : [],
      lines: lines.map((l) => ({
        move: text(l.move),
        score: toUciScore(l.score),
        pv: pvText(l.pv),
      })),
    });
  }

  /** Levels below 10: the best move after adding noise to every candidate's score. */
  private humanChoice(lines: readonly RootLine[], noise: number): RootLine[] {
    const noisy = lines.map((l) => ({ l, s: l.score + noise * gaussian(this.random) }));
    noisy.sort((a, b) => b.s - a.s);
    return noisy.map((x) => x.l);
  }
}
