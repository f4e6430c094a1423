/**
 * A game in the app: its setup (variant, array, opponent), the moves played, how it ended, and
 * which ply the user is looking at. Saved to local storage after every change so a reload resumes
 * it; one saved game per variant.
 */
import {
  Position,
  colorTitle,
  makePgn,
  otherColor,
  type Color,
  type MoveInfo,
  type PgnGame,
} from '@citadel/core';
import type { GameSpec } from '@citadel/engine';
import type { EngineClock } from './engine-messages.ts';
import { readStored, writeStored } from './safe-storage.ts';

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
  /** The time control, or none. */
  readonly clock?: TimeControl | null | undefined;
  /** A start position other than the array's (imported FEN or PGN with a FEN tag). */
  readonly fen?: string | undefined;
  /** Rule switches other than the defaults (a PGN `Rules` tag). */
  readonly rules?: Readonly<Record<string, string>> | undefined;
}

export interface TimeControl {
  /** Minutes for each side at the start. */
  readonly minutes: number;
  /** Seconds added after each of one's moves. */
  readonly increment: number;
}

/** Milliseconds left on each side's clock. */
export interface Clocks {
  white: number;
  black: number;
}

export interface GameEnd {
  readonly winner: Color | null;
  readonly text: string;
  readonly reason: string;
}

export interface Saved {
  readonly version: 1;
  /** The game's archive key; saves made before the archive have none (a new one is given). */
  readonly id?: string;
  /** When the game began, ms since 1970. */
  readonly startedAt?: number;
  readonly setup: GameSetup;
  readonly moves: readonly string[];
  readonly resigned: Color | null;
  readonly clocks?: Clocks | null;
  readonly flagged?: Color | null;
}

const KEY_PREFIX = 'citadel.game.';
const SETTINGS_KEY = 'citadel.settings';
export class Game {
  /** The live position, after every move played. */
  readonly position: Position;
  private resignedBy: Color | null = null;
  /** The side whose time ran out. */
  private flaggedBy: Color | null = null;
  /** Time left, when the game has a time control. */
  clocks: Clocks | null = null;
  /** Ply shown on the board (0 = start; moves().length = live). */
  viewPly = 0;
  /** The game's key in the archive (archive/archive-store.ts). */
  id = newGameId();
  /** When the game began, ms since 1970. */
  startedAt = Date.now();

  private constructor(
    /** Replaced as a whole when the user changes the level mid-game. */
    public setup: GameSetup,
    position: Position,
  ) {
    this.position = position;
    const tc = setup.clock;
    if (tc) this.clocks = { white: tc.minutes * 60_000, black: tc.minutes * 60_000 };
  }

  private static startPosition(setup: GameSetup) {
    const options = { array: setup.array, rules: setup.rules ?? {} };
    return setup.fen
      ? Position.fromFen(setup.variant, setup.fen, options)
      : Position.start(setup.variant, options);
  }

  /** A new game from the array's start position; null with a reason if the setup is unknown. */
  static create(setup: GameSetup): { game: Game } | { error: string } {
    const start = Game.startPosition(setup);
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
    const mover = otherColor(this.position.turn());
    if (this.clocks && this.setup.clock && !this.end())
      this.clocks[mover] += this.setup.clock.increment * 1000;
    return r.value;
  }

  /**
   * Whether a clock is running: a time control, a first move made (nobody's time runs while the
   * players settle in, as on the big chess sites), and the game not over.
   */
  clockRunning(): boolean {
    return this.clocks !== null && this.moves().length > 0 && !this.end();
  }

  /** Takes `ms` off the clock of the side to move; true when its time has just run out. */
  tick(ms: number): boolean {
    if (!this.clocks || !this.clockRunning()) return false;
    const side = this.position.turn();
    this.clocks[side] = Math.max(0, this.clocks[side] - ms);
    if (this.clocks[side] > 0) return false;
    this.flaggedBy = side;
    return true;
  }

  /** Both clocks and increments as the engine reads them, or null without a time control. */
  engineClock(): EngineClock | null {
    const tc = this.setup.clock;
    if (!this.clocks || !tc) return null;
    const inc = tc.increment * 1000;
    return { wtime: this.clocks.white, btime: this.clocks.black, winc: inc, binc: inc };
  }

  /** The game as the engine reads it. */
  spec(): GameSpec {
    return {
      variant: this.setup.variant,
      array: this.setup.array,
      ...(this.setup.rules ? { rules: this.setup.rules } : {}),
      ...(this.setup.fen ? { fen: this.setup.fen } : {}),
      moves: this.moves().map((m) => m.text),
    };
  }

  /** The whole game in PGN (the core's makePgn), with who played and how it ended. */
  pgn(date = new Date(this.startedAt)): string {
    const engine = this.setup.opponent === 'engine';
    const name = (c: Color): string =>
      engine ? (c === this.setup.side ? 'You' : `Citadel engine (level ${this.setup.level})`) : '?';
    const end = this.end();
    const tags: Record<string, string> = {
      Event: 'Citadel game',
      Site: 'Citadel web app',
      Date: date.toISOString().slice(0, 10).replace(/-/g, '.'),
      White: name('white'),
      Black: name('black'),
    };
    if (end) {
      tags['Result'] = end.winner === null ? '1/2-1/2' : end.winner === 'white' ? '1-0' : '0-1';
      tags['Termination'] = end.text;
    }
    if (this.setup.clock)
      tags['TimeControl'] =
        `${Math.round(this.setup.clock.minutes * 60)}+${this.setup.clock.increment}`;
    return makePgn(this.position, tags);
  }

  /** A game from an imported PGN, with the given opponent, side, level and clock. */
  static fromPgn(pgn: PgnGame, base: GameSetup): { game: Game } | { error: string } {
    const fen = pgn.tags.find(([k]) => k === 'FEN')?.[1];
    const rules = pgn.options.rules ?? {};
    const setup: GameSetup = {
      ...base,
      variant: pgn.variant,
      array: pgn.position.rs.array.id,
      fen,
      rules: Object.keys(rules).length ? rules : undefined,
    };
    const made = Game.create(setup);
    if (!('game' in made)) return made;
    for (const m of pgn.moves) {
      const r = made.game.position.play(m.text);
      if (!r.ok) return { error: r.error };
    }
    made.game.viewPly = made.game.moves().length;
    return made;
  }

  /** Takes back `plies` moves (fewer if there are not so many); undoes a resignation first. */
  takeback(plies: number): number {
    let n = 0;
    if (this.flaggedBy) return 0;
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
      const winner = otherColor(this.resignedBy);
      return {
        winner,
        reason: 'resignation',
        text: `${colorTitle(this.resignedBy)} resigned: ${colorTitle(winner)} wins`,
      };
    }
    if (this.flaggedBy) {
      const winner = otherColor(this.flaggedBy);
      return {
        winner,
        reason: 'time',
        text: `${colorTitle(this.flaggedBy)}'s time ran out: ${colorTitle(winner)} wins`,
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
      rules: this.setup.rules ?? {},
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
      id: this.id,
      startedAt: this.startedAt,
      setup: this.setup,
      moves: this.moves().map((m) => m.text),
      resigned: this.resignedBy,
      clocks: this.clocks,
      flagged: this.flaggedBy,
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
    if (typeof saved.id === 'string' && saved.id) game.id = saved.id;
    if (typeof saved.startedAt === 'number') game.startedAt = saved.startedAt;
    if (saved.resigned === 'white' || saved.resigned === 'black') game.resignedBy = saved.resigned;
    if (saved.flagged === 'white' || saved.flagged === 'black') game.flaggedBy = saved.flagged;
    if (game.clocks && saved.clocks && typeof saved.clocks.white === 'number')
      game.clocks = { white: saved.clocks.white, black: saved.clocks.black };
    return game;
  }
}

/** A key no other game on this device has: the time and a random part. */
export function newGameId(): string {
  const random = Math.floor(Math.random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
  return `${Date.now().toString(36)}-${random}`;
}

/** The local-storage key of a variant's saved game. */
export const savedGameKey = (variant: string): string => KEY_PREFIX + variant;

/**
 * Saves `game` as its variant's game; false when the browser refused (the game is then held for
 * the page's life, and the refusal reported: safe-storage.ts).
 */
export function saveGame(game: Game): boolean {
  return writeStored(savedGameKey(game.setup.variant), JSON.stringify(game), 'game');
}

/**
 * Makes a new game from a position (editor, analysis board) the variant's saved game, which the
 * play page then opens: under the given rule switches, with the player's last choices of
 * opponent, level and clock (the play page's form changes them before the first move, keeping
 * the position), the player taking the side to move. Returns why not when the position is
 * refused. Where the browser refuses to save it, the game is held for the page's life (the play
 * page then says so).
 */
export function saveGameFrom(
  variant: string,
  array: string,
  fen: string,
  rules?: Readonly<Record<string, string>>,
): string | null {
  const made = Game.create({ ...loadSettings(), variant, array, rules, fen });
  if ('error' in made) return made.error;
  const game = made.game;
  game.setup = { ...game.setup, side: game.position.turn() };
  saveGame(game);
  return null;
}

export function loadGame(variant: string): Game | null {
  try {
    const text = readStored(savedGameKey(variant));
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
  readonly clock?: TimeControl | null;
  readonly muted?: boolean;
}

export const DEFAULT_SETTINGS: Settings = { opponent: 'engine', side: 'white', level: 3 };

export function loadSettings(): Settings {
  try {
    const s = JSON.parse(readStored(SETTINGS_KEY) ?? 'null') as Partial<Settings> | null;
    if (!s) return DEFAULT_SETTINGS;
    return {
      opponent: s.opponent === 'human' ? 'human' : 'engine',
      side: s.side === 'black' ? 'black' : 'white',
      level: typeof s.level === 'number' && s.level >= 1 && s.level <= 10 ? Math.round(s.level) : 3,
      clock: validClock(s.clock),
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** Saves the choices; false when the browser refused (they hold for the page's life). */
export function saveSettings(s: Settings): boolean {
  return writeStored(SETTINGS_KEY, JSON.stringify(s), 'setting');
}

/** A time control read back from storage or a form, or null when none or nonsense. */
export function validClock(c: unknown): TimeControl | null {
  const t = c as Partial<TimeControl> | null | undefined;
  if (!t || typeof t.minutes !== 'number' || typeof t.increment !== 'number') return null;
  if (!(t.minutes > 0 && t.minutes <= 600 && t.increment >= 0 && t.increment <= 600)) return null;
  return { minutes: t.minutes, increment: t.increment };
}
