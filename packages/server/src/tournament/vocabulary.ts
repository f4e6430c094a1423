/**
 * The vocabulary of the tournament logic (docs/design.md principle 1). Everything in this folder is
 * pure and deterministic: no clock, no storage, no randomness but a seed the caller passes, so the
 * tournament service can replay it after a restart and every process computes the same answer.
 */
import type { Color } from '@citadel/core';

/** A player as the tournament knows them: the service's id for the entry (an account id as text). */
export type PlayerId = string;

/** One game to start: who has White and who has Black. */
export interface Pairing {
  readonly white: PlayerId;
  readonly black: PlayerId;
}

/** A finished game from one player's side. */
export const OUTCOMES = ['win', 'draw', 'loss'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** How a finished game ended: a side won, or it was drawn. */
export type Winner = Color | 'draw';

/** The outcome of a game ended with `winner` for the player of `color`. */
export function outcomeFor(winner: Winner, color: Color): Outcome {
  if (winner === 'draw') return 'draw';
  return winner === color ? 'win' : 'loss';
}
