/**
 * One engine-vs-engine game, refereed by the rules core: every `bestmove` is checked with
 * `Position.play` (an illegal or missing move loses), each engine's clock is kept here (an engine
 * over its time plus the margin loses), an engine that exits or stops answering loses, and the
 * game ends when the core's `outcome()` says so (checkmate, stalemate, citadel, bare king,
 * repetition, move rule) or by an adjudication (max plies, draw or resign scores).
 */
import {
  colorTitle,
  moveExtra,
  otherColor,
  type MoveInfo,
  type Outcome,
  type Position,
} from '@citadel/core';
import { openingPosition, type Opening, type VariantSetup } from './openings.ts';
import { Clock, goCommand, type Limit } from './time-control.ts';
import { EngineExitedError, EngineTimeoutError, UciEngine, type SearchInfo } from './uci-client.ts';

/** How positions and moves are written for an engine. */
export type Notation = 'citadel' | 'fsf';

/** Variants whose FEN and move text Fairy-Stockfish shares with us (promotions aside). */
export const FSF_COMPATIBLE = new Set(['chess', 'shatranj', 'husun10', 'tamerlane11']);

export interface EngineConfig {
  /** Command line of the engine process (run by the shell). */
  readonly command: string;
  /** Name in the PGN and the progress lines; default: the engine's `id name`. */
  readonly name?: string;
  /** `setoption` pairs, in order. */
  readonly options: ReadonlyArray<readonly [string, string]>;
  /** The UCI_Variant value to send, when it is not our variant id. */
  readonly uciVariant?: string;
  /** Notation; 'auto' = 'fsf' for an engine whose id name says Fairy-Stockfish. */
  readonly notation: Notation | 'auto';
  readonly limit: Limit;
}

export interface DrawAdjudication {
  /** Not before this full move number. */
  readonly moveNumber: number;
  /** This many consecutive plies (both sides' moves) ... */
  readonly moveCount: number;
  /** ... with |score| <= this (centipawns). */
  readonly score: number;
}

export interface ResignAdjudication {
  /** This many consecutive moves of the losing side (and the winner agreeing) ... */
  readonly moveCount: number;
  /** ... with a score of at least this (centipawns) against it. */
  readonly score: number;
}

export interface GameSettings {
  readonly setup: VariantSetup;
  /** Grace over the clock or movetime before a loss on time, ms. */
  readonly marginMs: number;
  /** Longest wait for a node-limited search, ms. */
  readonly hangMs: number;
  /** Longest wait for `uciok` / `readyok`, ms. */
  readonly startupMs: number;
  /** Draw after this many plies (0 = no limit). */
  readonly maxPlies: number;
  readonly drawAdjudication?: DrawAdjudication;
  readonly resignAdjudication?: ResignAdjudication;
  /** Warnings (unknown options and the like), once per engine start. */
  readonly log?: (message: string) => void;
}

/** A started, configured engine of the match; restarted after a crash or a hang. */
export class MatchEngine {
  private engine: UciEngine | null = null;
  notation: Notation = 'citadel';

  constructor(
    readonly config: EngineConfig,
    private readonly settings: GameSettings,
  ) {}

  /**
   * The name for PGN tags and reports: --nameN, else the `id name` without bracketed build
   * details (`Fairy-Stockfish [commit: ...] LB` -> `Fairy-Stockfish LB`).
   */
  get name(): string {
    if (this.config.name !== undefined) return this.config.name;
    const id = this.engine?.name ?? this.config.command;
    return (
      id
        .replace(/\s*\[[^\]]*\]/g, '')
        .replace(/\s+/g, ' ')
        .trim() || id
    );
  }

  /** Starts (or restarts) the process and sets its options and variant. */
  async ensure(): Promise<UciEngine> {
    if (this.engine && this.engine.exitReason === null) return this.engine;
    const { config, settings } = this;
    const e = await UciEngine.start(config.command, settings.startupMs);
    this.notation =
      config.notation === 'auto'
        ? /fairy-stockfish/i.test(e.name)
          ? 'fsf'
          : 'citadel'
        : config.notation;
    const { variant, options } = settings.setup;
    const log = settings.log ?? (() => {});
    for (const [name, value] of config.options) {
      if (!e.option(name)) log(`${e.name} declares no option '${name}'; sending it anyway`);
      e.setOption(name, value);
    }
    const uciVariant = config.uciVariant ?? variant;
    const combo = e.option('UCI_Variant');
    if (combo) {
      if (combo.vars.length && !combo.vars.includes(uciVariant)) {
        e.kill();
        throw new Error(
          `${e.name} does not offer UCI_Variant ${uciVariant} (it offers ${combo.vars.join(', ')})`,
        );
      }
      e.setOption(combo.name, uciVariant);
    } else if (config.uciVariant || variant !== 'chess') {
      log(`${e.name} declares no UCI_Variant option; sending UCI_Variant ${uciVariant} anyway`);
      e.setOption('UCI_Variant', uciVariant);
    }
    if (this.notation === 'fsf' && !FSF_COMPATIBLE.has(variant))
      log(`${variant}: Fairy-Stockfish cannot play this variant's board; expect illegal moves`);
    // Our own engine takes the array and rule switches as options of those names.
    const array = e.option('Array');
    if (array && options.array) e.setOption(array.name, options.array);
    for (const [k, v] of Object.entries(options.rules ?? {})) {
      const opt = e.option(k);
      if (!opt) continue;
      const value = opt.type === 'check' ? (v === 'on' ? 'true' : v === 'off' ? 'false' : v) : v;
      e.setOption(opt.name, value);
    }
    try {
      await e.isReady(settings.startupMs);
    } catch (err) {
      e.kill();
      throw new Error(
        `engine '${config.command}' did not answer isready: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    }
    this.engine = e;
    return e;
  }

  /** `ucinewgame` + `isready`. */
  async newGame(): Promise<UciEngine> {
    const e = await this.ensure();
    e.send('ucinewgame');
    try {
      await e.isReady(this.settings.startupMs);
      return e;
    } catch {
      e.kill();
      this.engine = null;
      const fresh = await this.ensure();
      fresh.send('ucinewgame');
      await fresh.isReady(this.settings.startupMs);
      return fresh;
    }
  }

  /** Moves as this engine reads them: Fairy-Stockfish always names the promotion piece. */
  moveText(pos: Position, m: MoveInfo): string {
    return this.notation === 'fsf' ? fsfMoveText(pos, m) : m.text;
  }

  /** After a timeout: stop the search, or restart the process when it does not answer. */
  async recover(): Promise<void> {
    if (!this.engine) return;
    if (!(await this.engine.recover(2000))) {
      this.engine.kill();
      this.engine = null;
    }
  }

  /** Kills the process at once (interrupts). */
  kill(): void {
    this.engine?.kill();
  }

  async quit(): Promise<void> {
    const e = this.engine;
    this.engine = null;
    if (e) await e.quit();
  }
}

/** A move as Fairy-Stockfish reads it: our move text, with the promotion piece always named. */
export function fsfMoveText(pos: Position, m: MoveInfo): string {
  if (m.kind === 'promotion' && /\d$/.test(m.text))
    return m.text + pos.rs.kindLetter[moveExtra(m.code)]!.toLowerCase();
  return m.text;
}

/** How a game ended: the PGN result, a short Termination tag and a sentence. */
export interface GameEnd {
  readonly result: '1-0' | '0-1' | '1/2-1/2';
  /** PGN `Termination`: checkmate, stalemate, citadel, bare king, repetition, move rule,
   * insufficient material, time forfeit, illegal move, engine crash, max plies, adjudication. */
  readonly termination: string;
  readonly text: string;
}

export interface GameRecord {
  readonly end: GameEnd;
  /** The final position; its history holds the opening moves, then the game's. */
  readonly position: Position;
  /** Plies of the history that came from the opening. */
  readonly openingPlies: number;
  /** PGN comments by ply index (engine score/depth/time, `book` for opening moves). */
  readonly comments: Record<number, string>;
}

const TERMINATION: Record<Outcome['reason'], string> = {
  checkmate: 'checkmate',
  stalemate: 'stalemate',
  citadel: 'citadel',
  'bare-king': 'bare king',
  repetition: 'repetition',
  'move-rule': 'move rule',
  'insufficient-material': 'insufficient material',
};

const winFor = (c: 'white' | 'black'): '1-0' | '0-1' => (c === 'white' ? '1-0' : '0-1');

/** `+0.35/12 0.52s`, cutechess style; mate scores as `+M5`. */
function moveComment(info: SearchInfo, elapsedMs: number): string {
  const time = `${(elapsedMs / 1000).toFixed(2)}s`;
  if (!info.score) return time;
  const s = info.score;
  const score =
    s.kind === 'mate'
      ? `${s.value >= 0 ? '+' : '-'}M${Math.abs(s.value)}`
      : `${s.value >= 0 ? '+' : ''}${(s.value / 100).toFixed(2)}`;
  return `${score}${info.depth !== undefined ? `/${info.depth}` : ''} ${time}`;
}

/** Plays one game between two started engines; `white`/`black` have their own limits. */
export async function playGame(
  white: MatchEngine,
  black: MatchEngine,
  opening: Opening,
  settings: GameSettings,
): Promise<GameRecord> {
  const started = openingPosition(settings.setup, opening);
  if (!started.ok) throw new Error(started.error);
  const pos = started.value;
  const openingPlies = pos.history().length;
  const comments: Record<number, string> = {};
  for (let i = 0; i < openingPlies; i++) comments[i] = 'book';
  const engines = { white, black };
  const clocks = { white: new Clock(white.config.limit), black: new Clock(black.config.limit) };
  const uci = { white: await white.newGame(), black: await black.newGame() };
  // Scores from White's side, one per ply played by an engine, for the adjudications.
  const whiteScores: Array<number | null> = [];
  const finish = (end: GameEnd): GameRecord => ({ end, position: pos, openingPlies, comments });

  for (;;) {
    const outcome = pos.outcome();
    if (outcome)
      return finish({
        result: outcome.winner ? winFor(outcome.winner) : '1/2-1/2',
        termination: TERMINATION[outcome.reason],
        text: outcome.text,
      });
    const plies = pos.history().length;
    if (settings.maxPlies > 0 && plies - openingPlies >= settings.maxPlies)
      return finish({
        result: '1/2-1/2',
        termination: 'max plies',
        text: `${settings.maxPlies} plies played: draw by adjudication`,
      });
    const adjudicated = adjudicate(pos, whiteScores, settings);
    if (adjudicated) return finish(adjudicated);

    const turn = pos.turn();
    const other = otherColor(turn);
    const me = engines[turn];
    const clock = clocks[turn];
    const engine = uci[turn];
    const start = pos.startedFromArray() ? 'startpos' : `fen ${pos.startFen}`;
    const moves = pos.history();
    const moveTexts = moves.length ? ` moves ${notate(me, pos, moves)}` : '';
    let result;
    try {
      result = await engine.search(
        `position ${start}${moveTexts}`,
        goCommand(clocks.white, clocks.black, turn),
        clock.deadlineMs(settings.marginMs, settings.hangMs),
      );
    } catch (e) {
      if (e instanceof EngineTimeoutError) {
        await me.recover();
        const hung = clock.limit.kind === 'nodes';
        return finish({
          result: winFor(other),
          termination: 'time forfeit',
          text: hung
            ? `${colorTitle(turn)} (${me.name}) gave no bestmove within ${settings.hangMs} ms: ${colorTitle(other)} wins`
            : `${colorTitle(turn)} (${me.name}) lost on time: ${colorTitle(other)} wins`,
        });
      }
      if (e instanceof EngineExitedError)
        return finish({
          result: winFor(other),
          termination: 'engine crash',
          text: `${colorTitle(turn)} (${me.name}) ${e.message}: ${colorTitle(other)} wins`,
        });
      throw e;
    }
    if (!clock.charge(result.elapsedMs, settings.marginMs))
      return finish({
        result: winFor(other),
        termination: 'time forfeit',
        text: `${colorTitle(turn)} (${me.name}) lost on time (${Math.round(result.elapsedMs)} ms): ${colorTitle(other)} wins`,
      });
    const mv = result.bestmove;
    const played = /^[a-z][0-9]{1,2}[a-z][0-9]{1,2}[a-z]?$/.test(mv)
      ? pos.play(mv)
      : ({ ok: false, error: `'${mv}' is not move text` } as const);
    if (!played.ok)
      return finish({
        result: winFor(other),
        termination: 'illegal move',
        text: `${colorTitle(turn)} (${me.name}) played an illegal move ${mv}: ${played.error.replace(/^illegal move \S+: /, '')}: ${colorTitle(other)} wins`,
      });
    comments[pos.history().length - 1] = moveComment(result.info, result.elapsedMs);
    const s = result.info.score;
    const cp = s ? (s.kind === 'mate' ? (s.value >= 0 ? 100000 : -100000) : s.value) : null;
    whiteScores.push(cp === null ? null : turn === 'white' ? cp : -cp);
  }
}

function notate(engine: MatchEngine, pos: Position, moves: readonly MoveInfo[]): string {
  return moves.map((m) => engine.moveText(pos, m)).join(' ');
}

/** Draw and resign adjudication from the engines' latest scores (White's side). */
function adjudicate(
  pos: Position,
  whiteScores: ReadonlyArray<number | null>,
  settings: GameSettings,
): GameEnd | null {
  const draw = settings.drawAdjudication;
  const fullMove = Number(pos.fen().split(' ')[5] ?? '1');
  if (draw && fullMove >= draw.moveNumber && whiteScores.length >= draw.moveCount) {
    const last = whiteScores.slice(-draw.moveCount);
    if (last.every((s) => s !== null && Math.abs(s) <= draw.score))
      return {
        result: '1/2-1/2',
        termination: 'adjudication',
        text: `scores within ±${draw.score} cp for ${draw.moveCount} plies: draw by adjudication`,
      };
  }
  const resign = settings.resignAdjudication;
  if (resign && whiteScores.length >= 2 * resign.moveCount) {
    const last = whiteScores.slice(-2 * resign.moveCount);
    if (last.every((s) => s !== null && s <= -resign.score))
      return {
        result: '0-1',
        termination: 'adjudication',
        text: `both engines score White at -${resign.score} cp or worse: Black wins by adjudication`,
      };
    if (last.every((s) => s !== null && s >= resign.score))
      return {
        result: '1-0',
        termination: 'adjudication',
        text: `both engines score Black at -${resign.score} cp or worse: White wins by adjudication`,
      };
  }
  return null;
}
