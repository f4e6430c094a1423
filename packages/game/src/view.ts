/** What the protocol shows of a record: the game's state and its one-line summary. */
import type { Position } from '@citadel/core';
import type { ByColor, GameState, GameSummary, Player } from '@citadel/protocol';
import { clocksAt, sideToMove } from './clock.ts';
import { isLive } from './permissions.ts';
import type { GameRecord, RatingChange, SeatRecord } from './record.ts';

/** Ratings of the seated accounts by colour, where known. */
export type SeatRatings = Partial<ByColor<number>>;

function player(
  seat: SeatRecord | null,
  rating: number | undefined,
  change: RatingChange | undefined,
): Player | null {
  if (!seat) return null;
  const bot = seat.bot ? { bot: true as const } : {};
  if (change) {
    const before = Math.round(change.before);
    return {
      name: seat.name,
      rating: before,
      ratingDiff: Math.round(change.after) - before,
      ...bot,
    };
  }
  return rating === undefined
    ? { name: seat.name, ...bot }
    : { name: seat.name, rating: Math.round(rating), ...bot };
}

const players = (g: GameRecord, r: SeatRatings): GameState['players'] => ({
  white: player(g.seats.white, r.white, g.ratingChange?.white),
  black: player(g.seats.black, r.black, g.ratingChange?.black),
});

export function gameState(
  g: GameRecord,
  pos: Position,
  now: number,
  connected: ByColor<boolean>,
  ratings: SeatRatings = {},
): GameState {
  const clocks = clocksAt(g, now);
  return {
    id: g.id,
    variant: g.variant,
    array: g.array,
    rules: { ...g.rules },
    clock: g.clock,
    rated: g.rated,
    lobby: g.lobby,
    moves: [...g.moves],
    san: pos.history().map((m) => m.san),
    fen: pos.fen(),
    turn: sideToMove(g),
    status: g.status,
    ...(g.result ? { result: g.result } : {}),
    ...(g.reason ? { reason: g.reason } : {}),
    ...(g.text ? { text: g.text } : {}),
    ...(clocks ? { clocks } : {}),
    ...(g.firstMoveBy !== null && g.status === 'started' ? { firstMoveBy: g.firstMoveBy } : {}),
    players: players(g, ratings),
    connected,
    offers: g.offers,
    ...(g.rematchId ? { rematch: g.rematchId } : {}),
    ...(g.tournamentId !== null ? { tournamentId: g.tournamentId, berserk: { ...g.berserk } } : {}),
    createdAt: g.createdAt,
    ...(isLive(g.clock) ? { timeGiven: { ...g.timeGiven } } : {}),
  };
}

export function gameSummary(g: GameRecord, ratings: SeatRatings = {}): GameSummary {
  return {
    id: g.id,
    variant: g.variant,
    array: g.array,
    clock: g.clock,
    rated: g.rated,
    status: g.status,
    ...(g.result ? { result: g.result } : {}),
    ...(g.reason ? { reason: g.reason } : {}),
    players: players(g, ratings),
    turn: sideToMove(g),
    plies: g.moves.length,
    ...(g.tournamentId !== null ? { tournamentId: g.tournamentId } : {}),
    createdAt: g.createdAt,
    ...(g.endedAt !== null ? { endedAt: g.endedAt } : {}),
  };
}
