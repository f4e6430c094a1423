/**
 * When an arena stops pairing: a game that cannot end before the arena does is not started, since
 * it would not count (lichess.org/tournament/help: games in progress at the end "don't count for
 * the tournament"). A game's length is taken as one side's whole allowance over 40 moves
 * (base + 40 × increment, the usual estimate of a game's duration), at least 30 seconds and at
 * most 2 minutes: 1+0 closes a minute before the end, 3+0 and longer clocks two minutes before, so
 * players of slow arenas still play almost to the end, as on the big sites.
 */
import type { LiveClock } from '@citadel/protocol';

export const ESTIMATED_MOVES = 40;
export const PAIRING_CLOSES_AT_LEAST_MS = 30_000;
export const PAIRING_CLOSES_AT_MOST_MS = 120_000;

/** How long before the arena's end pairing stops, in milliseconds. */
export function pairingClosesBeforeEnd(clock: LiveClock): number {
  const estimate = (clock.initial + ESTIMATED_MOVES * clock.increment) * 1000;
  return Math.min(PAIRING_CLOSES_AT_MOST_MS, Math.max(PAIRING_CLOSES_AT_LEAST_MS, estimate));
}

/** Whether an arena with `msLeft` milliseconds to run may still start a game with `clock`. */
export const pairingsOpen = (clock: LiveClock, msLeft: number): boolean =>
  msLeft >= pairingClosesBeforeEnd(clock);
