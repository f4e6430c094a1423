/**
 * Test support for the state machine: a seat, and a game record driven through `step` at
 * injected times (the record replaced by each accepted event, as the server does).
 */
import type { TimeControl } from '@citadel/protocol';
import type { GameEvent } from '../src/events.ts';
import { newGameRecord, type GameRecord, type SeatRecord } from '../src/record.ts';
import { positionOf } from '../src/replay.ts';
import { step } from '../src/step.ts';

/** A guest's seat named `name` (its token hash derived from the name). */
export const seat = (name: string): SeatRecord => ({
  tokenHash: name.repeat(8),
  accountId: null,
  name,
  bot: false,
});

/** `record` and a driver that applies events to it at a time. */
export function drive(record: GameRecord) {
  let g = record;
  const pos = positionOf(g);
  if (!pos.ok) throw new Error(pos.error);
  const apply = (event: GameEvent, now: number) => {
    const s = step(g, pos.value, event, now);
    if (s.ok) g = s.game;
    return s;
  };
  return { apply, get: () => g, pos: pos.value };
}

/** A casual game of `variant` created by White at time 0 and joined by Black; `join`: the join's step. */
export function startedGame(variant: string, clock: TimeControl | null) {
  const driver = drive(
    newGameRecord({
      id: 'abcdefgh',
      variant,
      array: 'standard',
      rules: {},
      clock,
      rated: false,
      lobby: false,
      creator: 'white',
      seat: seat('w'),
      now: 0,
    }),
  );
  const join = driver.apply({ type: 'join', seat: seat('b') }, 0);
  return { ...driver, join };
}
