/**
 * One UCI conversation: commands in (one line at a time), protocol lines out. Searches and
 * `go perft` run in worker threads, so `isready`, `stop` and `quit` are answered while the engine
 * thinks. Every input is validated; anything wrong is answered with `info string ...` and changes
 * nothing.
 *
 * Order, as Stockfish keeps it: a command that needs the engine idle (`go`, `go perft`,
 * `ucinewgame`, `setoption name Hash|Threads`) waits while a search runs, and every line after it
 * waits too; they are handled in order once the search has answered. Every `go` gets exactly one
 * `bestmove`. `stop` ends the running search (a later `stop` the next one); `isready` is answered
 * at once; `quit` and the end of input stop the search, print its `bestmove`, answer the `go`s
 * still waiting at once, and end the session.
 */
import { resultToken } from '@citadel/core';
import {
  Engine,
  GameCache,
  type EngineResult,
  type GameSpec,
  type GoLimits,
} from '@citadel/engine';
import { asciiBoard } from '../ascii-board.ts';
import { clipMessage } from '../input-text.ts';
import { gameEnd } from './game-end.ts';
import { absoluteNow } from './messages.ts';
import { UciOptions, optionLines } from './options.ts';
import { PerftRun, type PerftRows } from './perft-run.ts';
import {
  bestMoveLine,
  infoLine,
  parseGo,
  parsePosition,
  type PositionCommand,
} from './protocol.ts';
import { SearchPool } from './search-pool.ts';

export const ENGINE_NAME = 'Citadel 0.1';
export const ENGINE_AUTHOR = 'Citadel developers';

/** The longest wait, after `quit`, for a stopped search to answer before the session ends anyway. */
const QUIT_GRACE_MS = 2000;

/** A running `go` or `go perft`. */
interface Activity {
  readonly kind: 'search' | 'perft';
  readonly infinite: boolean;
  stopped: boolean;
  /** A result that arrived during `go infinite` before `stop`: printed on `stop`. */
  held: string | null;
  /** The count of a `go perft`, ended by `stop`. */
  perft: PerftRun | null;
}

/** Commands that need the engine idle: they wait for the running search to answer. */
function needsIdle(line: string): boolean {
  const words = line.split(/\s+/);
  if (words[0] === 'go' || words[0] === 'ucinewgame') return true;
  if (words[0] !== 'setoption' || words[1] !== 'name') return false;
  const at = words.indexOf('value');
  const name = (at >= 0 ? words.slice(2, at) : words.slice(2)).join(' ').toLowerCase();
  return name === 'hash' || name === 'threads';
}

export class UciSession {
  private readonly options = new UciOptions();
  private position: PositionCommand = { fen: undefined, moves: [] };
  /**
   * The game's position for every command that reads it (`position`, `go`, `d`, `eval`, a rule
   * change): set up once and then only the moves added since are played.
   */
  private readonly games = new GameCache();
  private pool: SearchPool | null = null;
  private activity: Activity | null = null;
  private evalEngine: Engine | null = null;
  /** After `quit` or the end of input: finishing what was asked, then ending. */
  private closing = false;
  private closed = false;
  /** Lines waiting for the running search to answer, oldest first. */
  private waiting: string[] = [];

  constructor(
    private readonly out: (line: string) => void,
    private readonly workerUrl: URL,
    /** Called once when the session is over (after `quit` or the end of input). */
    private readonly onQuit: () => void,
  ) {}

  /** Handles one input line; never throws. */
  handle(line: string): void {
    if (this.closed) return;
    const text = line.trim();
    const a = this.activity;
    if (a || this.waiting.length) {
      if (text === 'quit') return this.quit();
      if (text === 'isready') return this.out('readyok');
      if ((text === 'stop' || text === 'ponderhit') && a && !a.stopped) return this.stop();
      if (this.waiting.length || !a || a.stopped || needsIdle(text)) {
        this.waiting.push(text);
        return;
      }
    }
    try {
      this.dispatch(text);
    } catch (e) {
      this.info(`internal error: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** End of input: the same as `quit`. */
  end(): void {
    this.quit();
  }

  private info(text: string): void {
    this.out(`info string ${clipMessage(text)}`);
  }

  private dispatch(line: string): void {
    if (line === '') return;
    const words = line.split(/\s+/);
    const cmd = words[0]!;
    const args = words.slice(1);
    switch (cmd) {
      case 'uci':
        this.out(`id name ${ENGINE_NAME}`);
        this.out(`id author ${ENGINE_AUTHOR}`);
        this.out('');
        for (const l of optionLines()) this.out(l);
        this.out('uciok');
        return;
      case 'isready':
        // Once the search threads exist, hold their table and have built the current variant's
        // evaluation tables, so the first move's clock pays for none of it.
        void this.ensurePool()
          .whenReady(this.spec())
          .then(() => {
            if (!this.closed) this.out('readyok');
          });
        return;
      case 'debug':
      case 'register':
        return;
      case 'setoption':
        return this.setOption(args);
      case 'ucinewgame':
        this.position = { fen: undefined, moves: [] };
        this.pool?.newGame();
        this.evalEngine?.newGame();
        return;
      case 'position':
        return this.setPosition(args);
      case 'go':
        return this.go(args);
      case 'stop':
      case 'ponderhit':
        // `ponderhit`: we do not offer pondering; a `go ponder` search simply plays its move.
        return this.stop();
      case 'quit':
        return this.quit();
      case 'd':
        return this.display();
      case 'eval':
        return this.evaluate();
      default:
        this.info(`unknown command '${line.slice(0, 200)}'`);
    }
  }

  /** The game the options and the last `position` describe. */
  private spec(position = this.position): GameSpec {
    const r = this.options.ruleset();
    return {
      variant: this.options.variant,
      array: r.array,
      rules: r.rules,
      fen: position.fen,
      moves: position.moves,
    };
  }

  private setOption(args: string[]): void {
    if (args[0] !== 'name') return this.info('setoption takes: name <id> value <x>');
    const at = args.indexOf('value');
    const name = (at >= 0 ? args.slice(1, at) : args.slice(1)).join(' ');
    if (!name) return this.info('setoption: missing option name');
    if (at < 0) return this.info(`setoption name ${name}: missing value`);
    const value = args.slice(at + 1).join(' ');
    const set = this.options.set(name, value);
    if (!set.ok) return this.info(set.error);
    switch (set.value.name) {
      case 'Hash':
        try {
          this.pool?.setHash(set.value.value as number);
        } catch (e) {
          this.info(`cannot allocate the table: ${e instanceof Error ? e.message : String(e)}`);
        }
        return;
      case 'Threads':
        this.pool?.resize(set.value.value as number);
        return;
      case 'UCI_Variant':
        this.position = { fen: undefined, moves: [] };
        this.arrayNote();
        return;
      case 'Array':
        this.arrayNote();
        this.revalidate();
        return;
      default:
        if (
          [
            'repetition',
            'pawn-of-pawns-occupied',
            'citadel-claim-or-swap',
            'omega-rendezvous',
          ].includes(set.value.name)
        )
          this.revalidate();
    }
  }

  private arrayNote(): void {
    const note = this.options.ruleset().note;
    if (note) this.info(note);
  }

  /** After a rule change: keep the position if it is still valid, else the start position. */
  private revalidate(): void {
    const p = this.games.get(this.spec());
    if (p.ok) return;
    this.info(`the position no longer applies (${p.error}); back to the start position`);
    this.position = { fen: undefined, moves: [] };
  }

  private setPosition(args: string[]): void {
    const parsed = parsePosition(args);
    if (!parsed.ok) return this.info(`${parsed.error}; position unchanged`);
    const p = this.games.get(this.spec(parsed.value));
    if (!p.ok) return this.info(`${p.error}; position unchanged`);
    this.position = parsed.value;
  }

  private go(args: string[]): void {
    const goAt = absoluteNow();
    const parsed = parseGo(args);
    if (!parsed.ok) return this.info(parsed.error);
    const cmd = parsed.value;
    const game = this.spec();
    const p = this.games.get(game);
    if (!p.ok) return this.info(p.error);
    const pos = p.value;
    if (cmd.kind === 'perft') return this.perft(game, cmd.depth);
    const limits: GoLimits = cmd.limits;
    for (const m of limits.searchMoves ?? []) {
      const r = pos.resolve(m);
      if (!r.ok) return this.info(`searchmoves: ${r.error}`);
    }
    const over = gameEnd(pos);
    if (over) {
      this.info(`game over: ${over.text} (${resultToken(pos)})`);
      this.out(bestMoveLine(null, null));
      return;
    }
    // The move to name if the search gives none (it always should while the game goes on).
    const fallback = limits.searchMoves?.[0] ?? pos.legalMoves()[0]?.text ?? null;
    const pool = this.ensurePool();
    const state: Activity = {
      kind: 'search',
      infinite: limits.infinite === true,
      stopped: false,
      held: null,
      perft: null,
    };
    this.activity = state;
    pool.start(
      game,
      limits,
      {
        multiPv: this.options.number('MultiPV'),
        level: this.options.number('Skill Level'),
        moveOverhead: this.options.number('Move Overhead'),
        contempt: this.options.number('Contempt'),
      },
      {
        info: (info, nodes) => this.out(infoLine(info, nodes)),
        done: (result, error) => this.searchDone(state, result, error, fallback),
      },
      goAt,
    );
    if (this.closing) this.stop();
  }

  private searchDone(
    state: Activity,
    result: EngineResult | null,
    error: string | null,
    fallback: string | null,
  ): void {
    if (error) this.info(error);
    const best = result?.bestMove ?? fallback;
    const line = bestMoveLine(best, result?.bestMove ? result.ponder : null);
    if (state.infinite && !state.stopped) {
      state.held = line;
      return;
    }
    this.finish(line);
  }

  /** `go perft N`: the count per root move, sorted, then `Nodes searched: N`. */
  private perft(game: GameSpec, depth: number): void {
    if (this.closing) return;
    const state: Activity = {
      kind: 'perft',
      infinite: false,
      stopped: false,
      held: null,
      perft: null,
    };
    this.activity = state;
    state.perft = new PerftRun(this.workerUrl, game, depth, (rows, error) =>
      this.finish(null, () => this.perftLines(rows, error)),
    );
  }

  private perftLines(rows: PerftRows | null, error: string | null): void {
    if (!rows) return this.info(error ?? 'perft failed');
    const sorted = [...rows].sort((a, b) => a.move.localeCompare(b.move));
    for (const r of sorted) this.out(`${r.move}: ${r.nodes}`);
    this.out('');
    this.out(`Nodes searched: ${sorted.reduce((a, r) => a + r.nodes, 0)}`);
  }

  /**
   * The running search or count is over: print its answer, then handle the lines that waited for
   * it, in order, until one of them starts the next.
   */
  private finish(line: string | null, print?: () => void): void {
    this.activity = null;
    if (line !== null) this.out(line);
    print?.();
    const waiting = this.waiting;
    this.waiting = [];
    for (const l of waiting) this.handle(l);
    if (this.closing && !this.activity && !this.waiting.length) this.close();
  }

  private stop(): void {
    const a = this.activity;
    if (!a || a.stopped) return;
    a.stopped = true;
    if (a.kind === 'perft') {
      a.perft?.stop();
      return this.finish(null, () => this.info('go perft stopped before the count was complete'));
    }
    if (a.held !== null) this.finish(a.held);
    else this.pool?.stop();
  }

  private ensurePool(): SearchPool {
    if (!this.pool)
      this.pool = new SearchPool(
        this.workerUrl,
        this.options.number('Hash'),
        this.options.number('Threads'),
        (message) => this.info(message),
      );
    return this.pool;
  }

  private display(): void {
    const p = this.games.get(this.spec());
    if (!p.ok) return this.info(p.error);
    const pos = p.value;
    const rs = pos.rs;
    this.out('');
    for (const l of asciiBoard(pos).split('\n')) this.out(l);
    this.out('');
    this.out(`Variant: ${rs.def.id} (${rs.array.id})`);
    this.out(`Fen: ${pos.fen()}`);
    this.out(`Side to move: ${pos.turn()}${pos.isCheck() ? ' (in check)' : ''}`);
    const over = pos.outcome();
    if (over) this.out(`Game over: ${over.text}`);
  }

  private evaluate(): void {
    this.evalEngine ??= new Engine({ hashMb: 1 });
    const game = this.spec();
    const p = this.games.get(game);
    if (!p.ok) return this.info(p.error);
    const e = this.evalEngine.evaluate(game);
    if (!e.ok) return this.info(e.error);
    const white = p.value.turn() === 'white' ? e.value : -e.value;
    const pawns = (white / 100).toFixed(2);
    this.out(
      `Final evaluation: ${white >= 0 ? '+' : ''}${pawns} (white side) [${e.value} cp for the side to move]`,
    );
  }

  /**
   * `quit` or the end of input: stop what runs, let it answer (at most QUIT_GRACE_MS), answer the
   * `go`s still waiting at once (each search is stopped as it starts), then end.
   */
  private quit(): void {
    if (this.closing) return;
    this.closing = true;
    if (!this.activity && !this.waiting.length) return this.close();
    setTimeout(() => this.close(), QUIT_GRACE_MS).unref();
    this.stop();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    if (pool) void pool.close().finally(this.onQuit);
    else this.onQuit();
  }
}
