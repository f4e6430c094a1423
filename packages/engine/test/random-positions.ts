/** Test helper: the positions of random games of a variant, for properties that must hold anywhere. */
import { makeMoveText, mulberry32, type Position } from '@citadel/core';
import { Engine } from '../src/engine.ts';

/**
 * Plays `games` random games of `variant` from its start, `plies` moves at most each (fewer when
 * a game ends), with moves drawn by `seed`, and calls `visit` with the position after every move.
 */
export function forEachRandomPosition(
  variant: string,
  { seed, games, plies }: { seed: number; games: number; plies: number },
  visit: (pos: Position) => void,
): void {
  const random = mulberry32(seed);
  for (let game = 0; game < games; game++) {
    const start = Engine.setUp({ variant });
    if (!start.ok) throw new Error(start.error);
    const pos = start.value;
    for (let ply = 0; ply < plies && pos.outcome() === null; ply++) {
      const moves = pos.legalCodes();
      const played = pos.play(makeMoveText(pos.rs, moves[Math.floor(random() * moves.length)]!));
      if (!played.ok) throw new Error(played.error);
      visit(pos);
    }
  }
}
