/**
 * The seat's own moves on the online board, between the board and the server. A move is shown at
 * once and sent; with move confirmation on for the game (game-behaviour.ts: correspondence and
 * untimed games by default) it is shown and held until the player confirms it, and cancelling
 * puts the position back. During the opponent's turn a premove may be set (unless switched off):
 * it is sent as soon as the opponent's move arrives if it is legal then, and dropped otherwise, or
 * when the player cancels it on the board. Nothing here knows elements: the page draws from it.
 */
import type { BoardMove } from '@citadel/board';
import { movesFor, premoveTargets } from '../adapter.ts';
import { confirmsMoves, loadBehaviour } from '../game-behaviour.ts';
import type { Change, OnlineGame } from './online-game.ts';

export interface MoveHooks {
  /** A move was played on the board (shown, not necessarily sent): sound and redraw. */
  readonly shown: () => void;
  /** Sends a move to the server. */
  readonly send: (move: string, ply: number) => void;
  /** A move could not be played: why, for the status line. */
  readonly refused: (text: string) => void;
  /** Something else changed (a held move cancelled, a premove set or dropped): redraw. */
  readonly changed: () => void;
}

export class OnlineMoves {
  /** The move shown on the board and waiting for the player's confirmation, if any. */
  private held: { move: string; ply: number; san: string } | null = null;
  /** The move set during the opponent's turn, played when the opponent has moved. */
  private premove: BoardMove | null = null;

  constructor(
    private readonly g: OnlineGame,
    private readonly hooks: MoveHooks,
  ) {}

  /** Whether the player may move on the board now: their turn, the last move shown, none held. */
  mayMove(): boolean {
    const g = this.g;
    return g.myTurn() && g.board.isLive() && !g.hasUnconfirmedMove();
  }

  /** Whether moves in this game wait for confirmation (read at each move: the setting may change). */
  confirming(): boolean {
    return confirmsMoves(loadBehaviour(), this.g.live());
  }

  /** Plays `text` (a legal move of the position) on the board, then sends or holds it. */
  play(text: string, sendNow = false): void {
    const r = this.g.playLocal(text);
    if ('error' in r) {
      this.hooks.refused(r.error);
      return;
    }
    if (!sendNow && this.confirming()) {
      this.held = { ...r, san: this.g.board.moves().at(-1)?.san ?? r.move };
      this.hooks.shown();
      return;
    }
    this.hooks.shown();
    this.hooks.send(r.move, r.ply);
  }

  /** The move waiting for confirmation (its SAN), if any. */
  heldMove(): string | null {
    return this.held?.san ?? null;
  }

  /** Sends the held move. */
  confirm(): void {
    const held = this.held;
    if (!held) return;
    this.held = null;
    this.hooks.send(held.move, held.ply);
  }

  /** Takes the held move back off the board. */
  cancel(): void {
    if (!this.held) return;
    this.held = null;
    this.g.revert();
    this.hooks.changed();
  }

  /**
   * Whether a premove may be set now: the setting on, a seat, the game started, the last move
   * shown, and the opponent to move (or this seat's own move on its way to the server).
   */
  premoveAllowed(): boolean {
    const g = this.g;
    return (
      loadBehaviour().premoves &&
      g.you !== null &&
      g.started() &&
      g.board.isLive() &&
      this.held === null &&
      g.board.position.turn() !== g.you &&
      !g.board.position.outcome()
    );
  }

  /** Where the player's pieces may be premoved now (nothing when premoves are not allowed). */
  premoveTargets(): ((from: string) => readonly string[]) | undefined {
    return this.premoveAllowed() ? premoveTargets(this.g.board.position) : undefined;
  }

  /** Sets (or with null cancels) the premove. */
  setPremove(move: BoardMove | null): void {
    this.premove = move && this.premoveAllowed() ? move : null;
    this.hooks.changed();
  }

  pendingPremove(): BoardMove | null {
    return this.premove;
  }

  /**
   * After a server event: a held move the server's state replaced is gone; when the opponent has
   * just moved, the premove is played if legal now (a promotion takes the first piece offered),
   * and dropped either way; a premove the game no longer allows is dropped.
   */
  afterEvent(change: Change): void {
    const g = this.g;
    const heldBefore = this.held;
    // A held move stands while the game waits for it: the server's moves plus this one, our turn.
    if (this.held && (!g.myTurn() || g.board.moves().length !== g.state.moves.length + 1)) {
      this.held = null;
      g.revert();
    }
    const pre = this.premove;
    if (pre && change.moved && this.mayMove()) {
      this.premove = null;
      const options = loadBehaviour().premoves ? movesFor(g.board.position, pre.from, pre.to) : [];
      if (options.length > 0) {
        this.play(options[0]!.text, true);
        return;
      }
    } else if (pre && !this.premoveAllowed()) this.premove = null;
    if (this.premove !== pre || this.held !== heldBefore) this.hooks.changed();
  }

  /** The server refused the last move sent: the board shows its moves again, no premove kept. */
  refusedByServer(): void {
    this.held = null;
    this.premove = null;
    this.g.revert();
  }
}
