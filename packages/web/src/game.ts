/**
 * A game in the app: its setup (variant, array, opponent), the moves played, how it ended, and
 * which ply the user is looking at. Saved to local storage after every change so a reload resumes
 * it; one saved game per variant.
 */
import { Position, type Color, type MoveInfo } from '@citadel/core';

export type Opponent = 'engine' | 'human';

export interface GameSetup {
  readonly variant: string;
  readonly array: string;
  /** Against the engine or two players on one device. */
  readonly opponent: Opponent;
  /** The side the user plays against the engine (and the side drawn at the bottom). */
  readonly side: Color;
  /** Engine level 1-10. */
  readonly level: number;
}

export interface GameEnd {
  readonly winner: Color | null;
  readonly text: string;
  readonly reason: string;
}

interface Saved {
  readonly version: 1;
  readonly setup: GameSetup;
  readonly moves: readonly string[];
  readonly resigned: Color | null;
}

const KEY_PREFIX = 'citadel.game.';
const SETTINGS_KEY = 'citadel.settings';
const cap = (c: Color): string => (c === 'white' ? 'White' : 'Black');

export class Game {
  /** The live position, after every move played. */
  readonly position: Position;
  private resignedBy: Color | null = null;
  /** Ply shown on the board (0 = start; moves().length = live). */
  viewPly = 0;

  private constructor(
    /** Replaced as a whole when the user changes the level mid-game. */
    public setup: GameSetup,
    position: Position,
  ) {
    this.position = position;
  }

  /** A new game from the array's start position; null with a reason if the setup is unknown. */
  static create(setup: GameSetup): { game: Game } | { error: string } {
    const start = Position.start(setup.variant, { array: setup.array });
    if (!start.ok) return { error: start.error };
    return { game: new Game(setup, start.value) };
  }

  moves(): readonly MoveInfo[] {
    return this.position.history();
  }

  isLive(): boolean {
    return this.viewPly === this.moves().length;
  }

  play(move: string): MoveInfo | string {
    if (this.end()) return 'the game is over';
    const r = this.position.play(move);
    if (!r.ok) return r.error;
    this.viewPly = this.moves().length;
    return r.value;
  }

  /** Takes back `plies` moves (fewer if there are not so many); undoes a resignation first. */
  takeback(plies: number): number {
    let n = 0;
    if (this.resignedBy) {
      this.resignedBy = null;
      if (plies <= 1) return 0;
    }
    while (n < plies && this.position.undo()) n++;
    this.viewPly = this.moves().length;
    return n;
  }

  resign(side: Color): void {
    if (!this.end()) this.resignedBy = side;
  }

  /** How the game ended, or null while it goes on. */
  end(): GameEnd | null {
    if (this.resignedBy) {
      const winner: Color = this.resignedBy === 'white' ? 'black' : 'white';
      return {
        winner,
        reason: 'resignation',
        text: `${cap(this.resignedBy)} resigned: ${cap(winner)} wins`,
      };
    }
    const o = this.position.outcome();
    return o ? { winner: o.winner, reason: o.reason, text: o.text } : null;
  }

  /** The position after `ply` moves (a new object; the live position when ply is the last). */
  positionAt(ply: number): Position {
    if (ply >= this.moves().length) return this.position;
    const start = Position.fromFen(this.setup.variant, this.position.startFen, {
      array: this.setup.array,
    });
    const p = start.ok ? start.value : this.position.clone();
    for (const m of this.moves().slice(0, ply)) p.play(m.text);
    return p;
  }

  /** The engine's turn: against the engine, the side the user does not play is to move. */
  engineToMove(): boolean {
    return (
      this.setup.opponent === 'engine' && !this.end() && this.position.turn() !== this.setup.side
    );
  }

  toJSON(): Saved {
    return {
      version: 1,
      setup: this.setup,
      moves: this.moves().map((m) => m.text),
      resigned: this.resignedBy,
    };
  }

  /** Rebuilds a saved game; null when it does not replay (rules changed since, storage edited). */
  static fromJSON(data: unknown): Game | null {
    const saved = data as Partial<Saved> | null;
    if (!saved || saved.version !== 1 || !saved.setup || !Array.isArray(saved.moves)) return null;
    const made = Game.create(saved.setup);
    if (!('game' in made)) return null;
    const game = made.game;
    for (const m of saved.moves)
      if (typeof m !== 'string' || !game.position.play(m).ok) return null;
    game.viewPly = game.moves().length;
    if (saved.resigned === 'white' || saved.resigned === 'black') game.resignedBy = saved.resigned;
    return game;
  }
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function saveGame(game: Game): void {
  try {
    storage()?.setItem(KEY_PREFIX + game.setup.variant, JSON.stringify(game));
  } catch {
    // Storage full or disabled: the game still plays, it just won't survive a reload.
  }
}

export function loadGame(variant: string): Game | null {
  try {
    const text = storage()?.getItem(KEY_PREFIX + variant);
    return text ? Game.fromJSON(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

/** The user's last choices of opponent, side and level (shared by every variant). */
export interface Settings {
  readonly opponent: Opponent;
  readonly side: Color;
  readonly level: number;
  readonly muted?: boolean;
}

export const DEFAULT_SETTINGS: Settings = { opponent: 'engine', side: 'white', level: 3 };

export function loadSettings(): Settings {
  try {
    const s = JSON.parse(storage()?.getItem(SETTINGS_KEY) ?? 'null') as Partial<Settings> | null;
    if (!s) return DEFAULT_SETTINGS;
    return {
      opponent: s.opponent === 'human' ? 'human' : 'engine',
      side: s.side === 'black' ? 'black' : 'white',
      level: typeof s.level === 'number' && s.level >= 1 && s.level <= 10 ? Math.round(s.level) : 3,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(s: Settings): void {
  try {
    storage()?.setItem(SETTINGS_KEY, JSON.stringify(s));
  } catch {
    // ignore
  }
}
