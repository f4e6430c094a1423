/**
 * A game's PGN: the rules core's writer (Variant, Array and Rules tags as the CLI writes them)
 * with the online game's players, time control, end and each move's clock (`[%clk h:mm:ss]`).
 * As lichess writes them: a rated game's `WhiteElo`/`BlackElo` (the ratings it began with, or the
 * ratings now while it is played) and, once it has changed them, `WhiteRatingDiff`/`BlackRatingDiff`
 * ("+12", "-12", "0"); `WhiteTitle`/`BlackTitle` "BOT" for a bot account. A tournament's game
 * has the tournament's name as its `Event`.
 */
import { makePgn, type Position } from '@citadel/core';
import { COLORS, gamePath, type GameState } from '@citadel/protocol';
import type { GameRecord } from '@citadel/game';

const pad = (n: number): string => String(n).padStart(2, '0');

function clockText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

function timeControlTag(g: GameRecord): string {
  if (!g.clock) return '-';
  if ('daysPerMove' in g.clock) return `1/${g.clock.daysPerMove * 86400}`;
  return `${g.clock.initial}+${g.clock.increment}`;
}

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/**
 * `players`: as the game's state shows them (ratings and their changes); `tournament`: the name
 * of the game's tournament, if it has one.
 */
export function gamePgn(
  g: GameRecord,
  position: Position,
  origin: string,
  players: GameState['players'],
  tournament: string | null = null,
): string {
  const d = new Date(g.createdAt);
  const tags: Record<string, string> = {
    Event: tournament ?? (g.rated ? 'Citadel rated game' : 'Citadel casual game'),
    Site: `${origin}${gamePath(g.id)}`,
    Date: `${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}`,
    White: g.seats.white?.name ?? 'Anonymous',
    Black: g.seats.black?.name ?? 'Anonymous',
    Result: g.result ?? '*',
    TimeControl: timeControlTag(g),
  };
  for (const color of COLORS) {
    const side = color === 'white' ? 'White' : 'Black';
    const p = players[color];
    if (g.rated && p?.rating !== undefined) tags[`${side}Elo`] = String(p.rating);
    if (g.rated && p?.ratingDiff !== undefined) tags[`${side}RatingDiff`] = signed(p.ratingDiff);
    if (g.seats[color]?.bot) tags[`${side}Title`] = 'BOT';
  }
  if (g.text) tags['Termination'] = g.text;
  const comments: Record<number, string> = {};
  if (g.clock && !('daysPerMove' in g.clock))
    g.moveClocks.forEach((ms, ply) => (comments[ply] = `[%clk ${clockText(ms)}]`));
  return makePgn(position, tags, comments);
}
