/**
 * A game's PGN: the rules core's writer (Variant, Array and Rules tags as the CLI writes them)
 * with the online game's players, time control, end and each move's clock (`[%clk h:mm:ss]`).
 */
import { makePgn, type Position } from '@citadel/core';
import { gamePath } from '@citadel/protocol';
import type { GameRecord } from '../machine/record.ts';

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

export function gamePgn(g: GameRecord, position: Position, origin: string): string {
  const d = new Date(g.createdAt);
  const tags: Record<string, string> = {
    Event: g.rated ? 'Citadel rated game' : 'Citadel casual game',
    Site: `${origin}${gamePath(g.id)}`,
    Date: `${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}`,
    White: g.seats.white?.name ?? 'Anonymous',
    Black: g.seats.black?.name ?? 'Anonymous',
    Result: g.result ?? '*',
    TimeControl: timeControlTag(g),
  };
  if (g.text) tags['Termination'] = g.text;
  const comments: Record<number, string> = {};
  if (g.clock && !('daysPerMove' in g.clock))
    g.moveClocks.forEach((ms, ply) => (comments[ply] = `[%clk ${clockText(ms)}]`));
  return makePgn(position, tags, comments);
}
