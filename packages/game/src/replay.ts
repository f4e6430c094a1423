/** The rules core's position of a record: its start array and rules with its moves played. */
import { PLAY_MOVE_BUFFER, Position, type Result } from '@citadel/core';
import type { GameRecord } from './record.ts';

/**
 * The start position of a variant, array and rule switches, or why they are refused. A game's
 * position is played, never searched: its small move buffer keeps the many a server holds cheap.
 */
export function startPosition(
  variant: string,
  array: string | undefined,
  rules: Readonly<Record<string, string>> | undefined,
): Result<Position> {
  return Position.start(variant, { array, rules, moveBuffer: PLAY_MOVE_BUFFER });
}

/** Replays a record's moves; an error means the stored record no longer fits the rules. */
export function positionOf(g: GameRecord): Result<Position> {
  const pos = startPosition(g.variant, g.array, g.rules);
  if (!pos.ok) return pos;
  for (const m of g.moves) {
    const played = pos.value.play(m);
    if (!played.ok) return { ok: false, error: `game ${g.id}: stored move ${m}: ${played.error}` };
  }
  return pos;
}

/**
 * Brings `pos` from the moves it has to the record's moves by undoing and playing only the
 * difference (a move or a takeback), so a game read again after a change costs no full replay.
 */
export function syncPosition(pos: Position, g: GameRecord): Result<Position> {
  const have = pos.history().map((m) => m.text);
  let common = 0;
  while (common < have.length && common < g.moves.length && have[common] === g.moves[common])
    common++;
  for (let i = have.length; i > common; i--) pos.undo();
  for (const m of g.moves.slice(common)) {
    const played = pos.play(m);
    if (!played.ok) return positionOf(g);
  }
  return { ok: true, value: pos };
}
