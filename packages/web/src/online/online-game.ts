/**
 * An online game as this browser sees it: the server's state (the truth, kept by @citadel/game's
 * applyEvent), the moves replayed on the rules core for the board and the move list, and the
 * clocks as they run between two server readings. Server events are applied here; the page only
 * draws.
 */
import {
  applyEvent,
  declinedOffer,
  isLive,
  mayAbort,
  mayAddTime,
  mayBerserk,
  mayClaimWin,
  mayMove,
} from '@citadel/game';
import {
  otherColor,
  type ByColor,
  type Clocks,
  type Color,
  type GameState,
  type OfferKind,
  type ServerEvent,
} from '@citadel/protocol';
import { Game } from '../game.ts';

/** What an event changed, so the page can sound and animate. */
export interface Change {
  readonly moved?: boolean;
  readonly ended?: boolean;
  /** The moves differ from a simple next move (a takeback, a resync): redraw without animation. */
  readonly reset?: boolean;
}

/** Time one player gave the other (the server's `time-added`). */
export interface TimeAdded {
  readonly by: Color;
  readonly ms: number;
}

export class OnlineGame {
  state: GameState;
  /** The seat this browser plays, or null for a spectator. */
  you: Color | null;
  /** The moves on the rules core, for the board, the move list and the notation. */
  board: Game;
  spectators = 0;
  /** When the opponent was last seen going away (this browser's epoch ms), while away. */
  opponentAwaySince: number | null = null;
  /** This seat's offer the opponent has just declined, until a move or another offer. */
  declined: OfferKind | null = null;
  /** The time a player last gave the other, until the next move. */
  timeAdded: TimeAdded | null = null;
  /**
   * When this seat's turn began as this browser saw it (performance.now()), while it is its turn:
   * its move reports the time since (`moveTime`), and the server credits the rest as lag.
   */
  private turnSeenAt: number | null = null;

  constructor(state: GameState, you: Color | null) {
    this.state = state;
    this.you = you;
    this.board = OnlineGame.replay(state);
    this.trackOpponent();
    if (this.myTurn()) this.turnSeenAt = performance.now();
  }

  /** Who is connected, by seat. */
  get connected(): ByColor<boolean> {
    return this.state.connected;
  }

  /** The core game after the state's moves; a state the core refuses is a server bug. */
  private static replay(state: GameState): Game {
    const made = Game.create({
      variant: state.variant,
      array: state.array,
      opponent: 'human',
      side: 'white',
      level: 1,
      rules: Object.keys(state.rules).length ? state.rules : undefined,
    });
    if ('error' in made) throw new Error(`the server's game cannot be shown: ${made.error}`);
    for (const m of state.moves) {
      const r = made.game.position.play(m);
      if (!r.ok) throw new Error(`the server's move ${m} cannot be replayed: ${r.error}`);
    }
    made.game.viewPly = state.moves.length;
    return made.game;
  }

  /** Applies one server event; returns what changed. */
  apply(e: ServerEvent, now = Date.now()): Change {
    const plies = this.state.moves.length;
    const wasMyTurn = this.myTurn();
    const change = this.applyEvent(e, now);
    if (e.type === 'move' || e.type === 'state') this.timeAdded = null;
    if (!this.myTurn()) this.turnSeenAt = null;
    else if (!wasMyTurn || this.state.moves.length !== plies || this.turnSeenAt === null)
      this.turnSeenAt = performance.now();
    return change;
  }

  /** How long this seat has held its turn (ms), for its move's report; undefined when not its turn. */
  moveTime(): number | undefined {
    if (this.turnSeenAt === null) return undefined;
    return Math.max(0, Math.round(performance.now() - this.turnSeenAt));
  }

  private applyEvent(e: ServerEvent, now: number): Change {
    // A decline is told until the next state, move or change of offers.
    if (e.type === 'state' || e.type === 'move' || e.type === 'offers')
      this.declined = declinedOffer(this.state, e, this.you);
    const next = applyEvent(this.state, e);
    switch (e.type) {
      case 'state': {
        const shown = this.board.moves().map((m) => m.text);
        const viewing = this.board.viewPly;
        const live = this.board.isLive();
        this.state = next;
        this.you = e.you;
        const moves = e.game.moves;
        const same = moves.length === shown.length && moves.every((m, i) => shown[i] === m);
        const oneMore = moves.length === shown.length + 1 && shown.every((m, i) => moves[i] === m);
        if (!same) this.board = OnlineGame.replay(e.game);
        else if (!live) this.board.viewPly = viewing;
        this.trackOpponent(now);
        return { moved: oneMore, reset: !same && !oneMore, ended: e.game.status === 'ended' };
      }
      case 'move': {
        if (next === this.state) return {};
        const count = this.state.moves.length;
        const shown = this.board.moves();
        // The move this browser already showed (its own, played at once) is only confirmed.
        const confirmed = shown.length >= e.ply && shown[e.ply - 1]!.text === e.move;
        if (!confirmed) {
          if (shown.length > count) this.board = OnlineGame.replay(this.state);
          const live = this.board.isLive();
          if (!this.board.position.play(e.move).ok) return {};
          if (live) this.board.viewPly = e.ply;
        }
        this.state = next;
        return { moved: !confirmed };
      }
      case 'presence':
        this.state = next;
        this.spectators = e.spectators;
        this.trackOpponent(now);
        return {};
      case 'end': {
        if (next === this.state) return {};
        this.state = next;
        return { ended: true };
      }
      case 'time-added':
        this.state = next;
        this.timeAdded = { by: e.by, ms: e.ms };
        return {};
      default:
        this.state = next;
        return {};
    }
  }

  private trackOpponent(now = Date.now()): void {
    if (!this.you || this.connected[otherColor(this.you)]) this.opponentAwaySince = null;
    else this.opponentAwaySince ??= now;
  }

  ended(): boolean {
    return this.state.status === 'ended';
  }

  started(): boolean {
    return this.state.status === 'started';
  }

  myTurn(): boolean {
    return this.you !== null && mayMove(this.state, this.you);
  }

  /** A live game (minutes + increment), as opposed to correspondence or no clock. */
  live(): boolean {
    return isLive(this.state.clock);
  }

  /** The clocks at the server time `serverNow`: the running one has lost the time since `at`. */
  clocksAt(serverNow: number): { times: ByColor<number>; running: Color | null } | null {
    const c: Clocks | undefined = this.state.clocks;
    if (!c) return null;
    const running = this.ended() ? null : c.running;
    const times = { white: c.white, black: c.black };
    if (running) times[running] = Math.max(0, times[running] - Math.max(0, serverNow - c.at));
    return { times, running };
  }

  /**
   * Plays this seat's move on the board at once, before the server confirms it; returns the move
   * text to send, or why not (nothing changed).
   */
  playLocal(text: string): { move: string; ply: number } | { error: string } {
    if (!this.myTurn())
      return { error: this.ended() ? 'The game is over.' : 'It is not your turn.' };
    if (this.board.moves().length !== this.state.moves.length)
      return { error: 'Your last move is not confirmed yet.' };
    const r = this.board.position.play(text);
    if (!r.ok) return { error: r.error };
    this.board.viewPly = this.board.moves().length;
    return { move: r.value.text, ply: this.state.moves.length };
  }

  /** Whether the board shows a move of this seat that the server has not confirmed yet. */
  hasUnconfirmedMove(): boolean {
    return this.board.moves().length !== this.state.moves.length;
  }

  /** Drops a move the server refused: the board shows the server's moves again. */
  revert(): void {
    if (this.board.moves().length !== this.state.moves.length)
      this.board = OnlineGame.replay(this.state);
  }

  /** Whether this seat may claim the win: a live game whose opponent has been away long enough. */
  mayClaimWin(now = Date.now()): boolean {
    return this.you !== null && mayClaimWin(this.state, this.opponentAwaySince, now);
  }

  /** Whether this seat may give the opponent time: a live game in progress, within the limit. */
  mayAddTime(): boolean {
    return this.you !== null && mayAddTime(this.state, this.you);
  }

  /** Berserk is offered in a tournament game, before this seat's first move, once. */
  mayBerserk(): boolean {
    return this.you !== null && mayBerserk(this.state, this.you);
  }

  /** Abort is offered until this seat has made its first move. */
  mayAbort(): boolean {
    return this.you !== null && mayAbort(this.state, this.you);
  }
}
