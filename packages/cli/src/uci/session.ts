/**
 * One UCI conversation: commands in (one line at a time), protocol lines out. Searches run in
 * worker threads (SearchPool), so `isready` and `stop` are answered while the engine thinks.
 * Every input is validated; anything wrong is answered with `info string ...` and changes nothing.
 */
import { divide, makeMoveText, resultToken } from '@citadel/core';
import {
  Engine,
  GameCache,
  type EngineResult,
  type GameSpec,
  type GoLimits,
} from '@citadel/engine';
import { asciiBoard } from '../ascii-board.ts';
import { UciOptions, optionLines } from './options.ts';
import {
  bestMoveLine,
  infoLine,
  parseGo,
  parsePosition,
  type PositionCommand,
} from './protocol.ts';
import { SearchPool } from './search-pool.ts';
import { absoluteNow } from './messages.ts';

export const ENGINE_NAME = 'Citadel 0.1';
export const ENGINE_AUTHOR = 'Citadel developers';

interface SearchState {
  readonly infinite: boolean;
  stopped: boolean;
  /** A result that arrived during `go infinite` before `stop`: printed on `stop`. */
  held: string | null;
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
  /** Variant, array and rules the search threads were last warmed on. */
  private prepared = '';
  private search: SearchState | null = null;
  private evalEngine: Engine | null = null;
  private quitAfterSearch = false;
  private closed = false;
  /** Lines that arrived after `stop` before the search answered; handled after `bestmove`. */
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
    if (this.search?.stopped && text !== 'isready' && text !== 'quit') {
      this.waiting.push(text);
      return;
    }
    try {
      this.dispatch(text);
    } catch (e) {
      this.info(`internal error: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** End of input: finish a bounded search first, stop an infinite one, then quit. */
  end(): void {
    if (this.closed) return;
    this.quitAfterSearch = true;
    if (!this.search) return this.quit();
    if (this.search.infinite && !this.search.stopped) this.stop();
  }

  private info(text: string): void {
    this.out(`info string ${text.replace(/\s*\n\s*/g, ' ')}`);
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
        // While searching answer at once; otherwise once the search threads are set up and warm,
        // so the first move's clock does not pay for their start.
        if (this.search) this.out('readyok');
        else {
          // Warm the threads on the current variant too (its tables, its code paths).
          const game = this.spec();
          const prepared = this.prepared === JSON.stringify([game.variant, game.array, game.rules]);
          this.prepared = JSON.stringify([game.variant, game.array, game.rules]);
          void this.ensurePool()
            .whenReady(prepared ? undefined : game)
            .then(() => this.out('readyok'));
        }
        return;
      case 'debug':
      case 'register':
        return;
      case 'setoption':
        return this.setOption(args);
      case 'ucinewgame':
        if (this.busy('ucinewgame')) return;
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

  private busy(what: string): boolean {
    if (!this.search) return false;
    this.info(`${what} ignored while searching; send stop first`);
    return true;
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
    const lower = name.toLowerCase();
    if ((lower === 'hash' || lower === 'threads') && this.busy(`setoption name ${name}`)) return;
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
    if (cmd.kind === 'perft') {
      if (this.busy('go perft')) return;
      const fast = pos.fastPosition();
      const rows = divide(fast, cmd.depth).map((r) => ({
        text: makeMoveText(fast.rs, r.move),
        nodes: r.nodes,
      }));
      rows.sort((a, b) => a.text.localeCompare(b.text));
      for (const r of rows) this.out(`${r.text}: ${r.nodes}`);
      this.out('');
      this.out(`Nodes searched: ${rows.reduce((a, r) => a + r.nodes, 0)}`);
      return;
    }
    if (this.search) return this.info('already searching; send stop first');
    const limits: GoLimits = cmd.limits;
    const over = pos.outcome();
    if (over) {
      this.info(`game over: ${over.text} (${resultToken(pos)})`);
      this.out(bestMoveLine(null, null));
      return;
    }
    for (const m of limits.searchMoves ?? []) {
      const r = pos.resolve(m);
      if (!r.ok) return this.info(`searchmoves: ${r.error}`);
    }
    const pool = this.ensurePool();
    const state: SearchState = { infinite: limits.infinite === true, stopped: false, held: null };
    this.search = state;
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
        done: (result, error) => this.searchDone(state, result, error),
      },
      goAt,
    );
  }

  private searchDone(state: SearchState, result: EngineResult | null, error: string | null): void {
    if (error) this.info(error);
    const line = bestMoveLine(result?.bestMove ?? null, result?.ponder ?? null);
    if (state.infinite && !state.stopped) {
      state.held = line;
      return;
    }
    this.finishSearch(line);
  }

  private finishSearch(line: string): void {
    this.search = null;
    this.out(line);
    const waiting = this.waiting;
    this.waiting = [];
    for (const l of waiting) this.handle(l);
    if (this.quitAfterSearch && !this.waiting.length) this.end();
  }

  private stop(): void {
    const s = this.search;
    if (!s) return;
    s.stopped = true;
    if (s.held !== null) this.finishSearch(s.held);
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

  private quit(): void {
    if (this.closed) return;
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    if (pool) void pool.close().finally(this.onQuit);
    else this.onQuit();
  }
}
