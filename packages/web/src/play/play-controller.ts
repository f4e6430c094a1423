/**
 * The play page's controller: the game on the board and what happens to it — the user's and the
 * engine's moves, hints, takeback, resignation, new and imported games, another tab's game taken
 * over, the clocks' ticks and the ply being looked at. It knows no elements: after every change it
 * saves the game (`GameStore`) and calls `changed`, and the page redraws its views from the
 * controller's state.
 */
import { otherColor, type MoveInfo } from '@citadel/core';
import { movesFor, premoveTargets, type Side } from '../adapter.ts';
import type { EngineClient } from '../engine-client.ts';
import { Game, type GameSetup } from '../game.ts';
import { loadBehaviour } from '../game-behaviour.ts';
import { onAbort } from '../lifetime.ts';

/** A new game from a setup the page has checked (an unknown setup is a bug, so it throws). */
export function newGameFrom(setup: GameSetup): Game {
  const made = Game.create(setup);
  if ('error' in made) throw new Error(made.error);
  return made.game;
}

export interface ControllerEvents {
  /** The state changed; `animate` when the board should animate one move. */
  readonly changed: (animate: boolean) => void;
  /** The engine failed or refused its own move: a message for the status line. */
  readonly problem: (text: string) => void;
  /** A new game replaced the old one (the page resets what belongs to a game). */
  readonly replaced: (game: Game) => void;
  /** The engine has played `move`, now the game's last (before the page redraws). */
  readonly engineMoved?: (move: MoveInfo) => void;
}

/** Where the game is saved after every change (play/game-sync.ts: local storage, tabs in step). */
export interface GameStore {
  save(game: Game): void;
}

export class PlayController {
  private flipped = false;
  /** Whether the engine is searching for its move. */
  thinking = false;
  /** Bumped whenever the game changes under a running search, so its answer is dropped. */
  private generation = 0;
  /** The engine's suggestion for the user's move, shown until the position changes. */
  private hintMove: MoveInfo | null = null;
  hintPending = false;
  /** The number of moves played when the hint was given. */
  private hintAt = -1;
  /** The move the user set up while the engine thinks, played on its reply if still legal. */
  private premove: { from: string; to: string } | null = null;

  /** `signal`: the page's life; once it aborts, the engine's answers are dropped. */
  constructor(
    public game: Game,
    private readonly engine: EngineClient,
    private readonly events: ControllerEvents,
    private readonly store: GameStore,
    private readonly signal: AbortSignal,
  ) {
    onAbort(signal, () => this.stopEngine());
  }

  /** The side drawn at the bottom: the user's side against the engine, else White; flippable. */
  orientation(): Side {
    const setup = this.game.setup;
    const base: Side = setup.opponent === 'engine' ? setup.side : 'white';
    return this.flipped ? otherColor(base) : base;
  }

  /** Whether the user may move on the board now. */
  userMayMove(): boolean {
    const g = this.game;
    const userTurn = g.setup.opponent === 'human' || g.position.turn() === g.setup.side;
    return g.isLive() && !g.end() && !this.thinking && userTurn;
  }

  /**
   * Whether the user may set up a premove now: against the engine, while it thinks, unless the
   * player switched premoves off (game-behaviour.ts).
   */
  premoveAllowed(): boolean {
    const g = this.game;
    const on = this.thinking && g.isLive() && !g.end() && g.setup.opponent === 'engine';
    return on && loadBehaviour().premoves;
  }

  /** Where the user's pieces may be premoved now (nothing when premoves are not allowed). */
  premoveTargets(): ((from: string) => readonly string[]) | undefined {
    return this.premoveAllowed() ? premoveTargets(this.game.position) : undefined;
  }

  /** Sets (or with null cancels) the move to play as soon as the engine has replied. */
  setPremove(move: { from: string; to: string } | null): void {
    this.premove = move && this.premoveAllowed() ? move : null;
    this.events.changed(false);
  }

  /** The premove waiting for the engine's reply, if any. */
  pendingPremove(): { from: string; to: string } | null {
    return this.premove;
  }

  /** The hint for the live position, if one was asked for and nothing moved since. */
  hint(): MoveInfo | null {
    const g = this.game;
    const valid = g.isLive() && !g.end() && this.hintAt === g.moves().length;
    if (!valid) this.hintMove = null;
    return this.hintMove;
  }

  /** Replaces the game (new, imported or reopened) and lets the engine move if it is its turn. */
  replace(game: Game): void {
    this.stopEngine();
    this.game = game;
    this.flipped = false;
    this.hintMove = null;
    this.engine.newGame();
    this.events.replaced(game);
    this.changed(false);
    this.maybeEngine();
  }

  /**
   * Shows the game another tab saved (the same game further on, or a new one) in place of this
   * one, without saving it again and without starting the engine: the tab that made the change
   * runs the engine's reply, and this one takes that over in turn.
   */
  adopt(game: Game): void {
    this.stopEngine();
    const same = game.id === this.game.id;
    this.game = game;
    this.hintMove = null;
    if (!same) {
      this.flipped = false;
      this.engine.newGame();
      this.events.replaced(game);
    }
    this.events.changed(false);
  }

  /**
   * A board move from one cell to another: played when it is one legal move; the candidates when
   * several share the cells (the page lets the user choose); nothing when none.
   */
  boardMove(from: string, to: string): MoveInfo[] {
    if (!this.userMayMove()) return [];
    const options = movesFor(this.game.position, from, to);
    if (options.length === 1) this.play(options[0]!.text);
    return options.length > 1 ? options : [];
  }

  /** Plays a move (SAN or move text); returns why not, changing nothing. */
  play(text: string): string | null {
    const r = this.game.play(text);
    if (typeof r === 'string') return r;
    // The engine starts before the page redraws, so its clock is not charged for the drawing.
    this.startEngine();
    this.changed(true);
    return null;
  }

  /** A move the user typed; returns why it was not played (null when it was). */
  typedMove(text: string): string | null {
    const g = this.game;
    if (g.end()) return `The game is over (${g.end()!.text}).`;
    if (!g.isLive()) return 'Go to the last move first (▶▶) to play on.';
    if (this.thinking || g.engineToMove()) return "It is the engine's turn.";
    return this.play(text);
  }

  /** Whether a hint may be asked for now. */
  hintAllowed(): boolean {
    return !this.hintPending && this.userMayMove() && !this.game.engineToMove();
  }

  /** Asks the engine for the user's best move; it shows as the hint when it comes. */
  askHint(): void {
    if (!this.hintAllowed()) return;
    this.hintPending = true;
    const mine = this.generation;
    const before = this.game.moves().length;
    this.changed(false);
    this.engine
      .analyse(this.game.spec(), { multiPv: 1, movetime: 600, depth: 12, signal: this.signal })
      .then((reply) => {
        if (this.signal.aborted) return;
        this.hintPending = false;
        if (mine === this.generation && this.game.moves().length === before) {
          this.hintMove =
            this.game.position.legalMoves().find((m) => m.text === reply?.bestMove) ?? null;
          this.hintAt = before;
        }
        this.changed(false);
      })
      .catch(() => {
        if (this.signal.aborted) return;
        this.hintPending = false;
        this.changed(false);
      });
  }

  /** Starts the engine's search when it is the engine's turn in the live position. */
  maybeEngine(): void {
    if (this.startEngine()) this.changed(false);
  }

  /**
   * Starts the engine's search if it is its turn; true when it started (nothing redrawn). Not
   * once the page has gone.
   */
  private startEngine(): boolean {
    const g = this.game;
    if (this.signal.aborted || !g.engineToMove() || !g.isLive() || this.thinking) return false;
    this.thinking = true;
    const mine = ++this.generation;
    this.engine
      .go(g.spec(), g.setup.level, g.engineClock() ?? undefined, this.signal)
      .then((reply) => {
        if (mine !== this.generation) return;
        this.thinking = false;
        if (reply?.bestMove && !g.end()) {
          g.viewPly = g.moves().length;
          const r = g.play(reply.bestMove);
          if (typeof r === 'string') this.events.problem(`engine: ${r}`);
          else this.events.engineMoved?.(r);
        }
        this.changed(true);
        this.playPremove();
      })
      .catch((e: unknown) => {
        if (mine !== this.generation) return;
        this.thinking = false;
        this.changed(false);
        this.events.problem(`The engine failed: ${e instanceof Error ? e.message : String(e)}`);
      });
    return true;
  }

  /**
   * Plays the premove if it is legal now (a promotion takes the first piece offered); it is
   * dropped either way.
   */
  private playPremove(): void {
    const pre = this.premove;
    this.premove = null;
    if (!pre || !this.userMayMove()) {
      if (pre) this.changed(false);
      return;
    }
    const options = movesFor(this.game.position, pre.from, pre.to);
    if (options.length > 0) this.play(options[0]!.text);
    else this.changed(false);
  }

  /** Drops a running search (its answer will be ignored). */
  stopEngine(): void {
    this.generation++;
    this.premove = null;
    if (this.thinking || this.hintPending) this.engine.cancel();
    this.thinking = false;
    this.hintPending = false;
  }

  /**
   * Whether a takeback is possible: moves to take back, no time loss, and against the engine a
   * game that goes on (a resignation, a mate or a draw against the engine is final).
   */
  takebackAllowed(): boolean {
    const g = this.game;
    const end = g.end();
    if (end && (end.reason === 'time' || g.setup.opponent === 'engine')) return false;
    return g.moves().length > 0;
  }

  /** Takes back to the user's turn (against the engine at least one of the user's moves). */
  takeback(): void {
    if (!this.takebackAllowed()) return;
    this.stopEngine();
    const g = this.game;
    const plies = g.setup.opponent === 'engine' && g.position.turn() === g.setup.side ? 2 : 1;
    g.takeback(plies);
    this.changed(true);
    this.maybeEngine();
  }

  /** Whether the game can be resigned: it goes on and has a move. */
  resignAllowed(): boolean {
    return this.game.end() === null && this.game.moves().length > 0;
  }

  /** The user (or, between two players, the side to move) resigns. */
  resign(): void {
    const g = this.game;
    if (g.end()) return;
    const side = g.setup.opponent === 'engine' ? g.setup.side : g.position.turn();
    this.stopEngine();
    g.resign(side);
    this.changed(false);
  }

  flip(): void {
    this.flipped = !this.flipped;
    this.changed(false);
  }

  /** Shows the position after `ply` moves (clamped to the game). */
  view(ply: number): void {
    const g = this.game;
    const clamped = Math.max(0, Math.min(g.moves().length, ply));
    if (clamped === g.viewPly) return;
    const step = Math.abs(clamped - g.viewPly) === 1;
    g.viewPly = clamped;
    this.changed(step);
  }

  /** Runs the clock of the side to move; true when the game just ended on time. */
  tick(elapsedMs: number): boolean {
    if (!this.game.clockRunning()) return false;
    if (!this.game.tick(elapsedMs)) return false;
    this.stopEngine();
    this.changed(false);
    return true;
  }

  /** Changes the engine's level for the rest of this game. */
  setLevel(level: number): void {
    this.game.setup = { ...this.game.setup, level };
    this.store.save(this.game);
  }

  /** Saves the game and tells the page to redraw. */
  private changed(animate: boolean): void {
    this.store.save(this.game);
    this.events.changed(animate);
  }
}
