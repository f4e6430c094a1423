/**
 * An arena player's score sheet, game by game, following the published arena rules of the largest
 * chess site (lichess.org/tournament/help):
 * - a win scores 2, a draw 1, a loss 0;
 * - after two wins in a row the player is on fire: each game scores double until one that is not
 *   a win (that game is still doubled: win, win, draw scores 2 + 2 + 2);
 * - a player who went berserk gains 1 more for a win in which they made at least 7 moves of their
 *   own (the bonus is not doubled);
 * - a draw in fewer than 10 moves (fewer than 20 plies, so before both sides have made their tenth
 *   move) scores nothing for either player, and like any game that is not a win it puts out the
 *   fire.
 * "Moves" are full moves of one side: in a game of `plies` half-moves White has made
 * ceil(plies / 2) of them and Black floor(plies / 2).
 */
import type { Color } from '@citadel/core';
import type { Outcome } from './vocabulary.ts';

export const ARENA_POINTS: Readonly<Record<Outcome, number>> = { win: 2, draw: 1, loss: 0 };
/** Wins in a row after which the following games score double. */
export const WINS_TO_CATCH_FIRE = 2;
/** What a berserk win adds, and the moves of their own the berserker must have made for it. */
export const BERSERK_BONUS = 1;
export const BERSERK_MIN_MOVES = 7;
/** A draw with fewer plies than this scores nothing (10 moves of each side). */
export const EARLY_DRAW_PLIES = 20;

/** A finished arena game from one player's side. */
export interface ArenaGame {
  readonly outcome: Outcome;
  /** The player's colour. */
  readonly color: Color;
  /** Half-moves played in the game. */
  readonly plies: number;
  /** Whether the player went berserk. */
  readonly berserk: boolean;
}

/** What one game scored for the player, and why. */
export interface ScoredGame {
  readonly points: number;
  /** The player was on fire: the game's points were doubled. */
  readonly doubled: boolean;
  /** The player's berserk earned its bonus. */
  readonly berserkBonus: boolean;
  /** A draw too short to score. */
  readonly earlyDraw: boolean;
}

/** A player's sheet: every game scored, in the order played. */
export interface ArenaSheet {
  readonly games: readonly ScoredGame[];
  readonly score: number;
  /** Wins in a row up to the last game. */
  readonly winStreak: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export const EMPTY_SHEET: ArenaSheet = {
  games: [],
  score: 0,
  winStreak: 0,
  wins: 0,
  draws: 0,
  losses: 0,
};

/** Whether the player's next game scores double (a sheet's streak is all it reads). */
export const isOnFire = (sheet: Pick<ArenaSheet, 'winStreak'>): boolean =>
  sheet.winStreak >= WINS_TO_CATCH_FIRE;

/** The moves of `color`'s side in a game of `plies` half-moves (White moves first). */
export const movesBy = (color: Color, plies: number): number =>
  color === 'white' ? Math.ceil(plies / 2) : Math.floor(plies / 2);

/**
 * What `game` scores for a player whose sheet so far is `sheet` (only its streak counts, so the
 * service passes its stored totals). Throws on a negative or fractional ply count.
 */
export function scoreGame(sheet: Pick<ArenaSheet, 'winStreak'>, game: ArenaGame): ScoredGame {
  if (!Number.isInteger(game.plies) || game.plies < 0)
    throw new RangeError(`an arena game has a whole number of plies, not ${game.plies}`);
  const doubled = isOnFire(sheet);
  const earlyDraw = game.outcome === 'draw' && game.plies < EARLY_DRAW_PLIES;
  const berserkBonus =
    game.berserk && game.outcome === 'win' && movesBy(game.color, game.plies) >= BERSERK_MIN_MOVES;
  const base = earlyDraw ? 0 : ARENA_POINTS[game.outcome];
  const points = base * (doubled ? 2 : 1) + (berserkBonus ? BERSERK_BONUS : 0);
  return { points, doubled, berserkBonus, earlyDraw };
}

/** The sheet after one more game. */
export function addArenaGame(sheet: ArenaSheet, game: ArenaGame): ArenaSheet {
  const scored = scoreGame(sheet, game);
  return {
    games: [...sheet.games, scored],
    score: sheet.score + scored.points,
    winStreak: game.outcome === 'win' ? sheet.winStreak + 1 : 0,
    wins: sheet.wins + (game.outcome === 'win' ? 1 : 0),
    draws: sheet.draws + (game.outcome === 'draw' ? 1 : 0),
    losses: sheet.losses + (game.outcome === 'loss' ? 1 : 0),
  };
}

/** The sheet of a player's games in the order they ended. */
export const arenaSheet = (games: readonly ArenaGame[]): ArenaSheet =>
  games.reduce(addArenaGame, EMPTY_SHEET);
