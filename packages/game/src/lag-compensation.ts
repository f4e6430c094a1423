/**
 * Lag compensation: the part of a move's time that the network took, given back to the mover, as
 * the big chess sites give it. The server's clock runs from the moment it sends the opponent's
 * move until the answer arrives, so without this the whole round trip is charged to the player
 * on the slow link.
 *
 * Each move a player's client reports how long it held the turn: from receiving the opponent's
 * move to sending its own (`moveTime`). What the server's clock ran beyond that (`span -
 * moveTime`) is the lag the player claims. The claim is believed only within two bounds:
 *
 * - the round trip the server measured on the player's connection (`roundTripBound`), when it has
 *   one: a move's lag is one trip out (the opponent's move) and one back (this move), so a claim
 *   above a round trip and a margin for jitter is not network lag;
 * - the player's quota: it starts at `start`, each move spends what is credited and earns `gain`,
 *   and it never holds more than `max`. Whatever a client claims, over a game it is credited at
 *   most `start + gain` per move, and it cannot save up more than `max` for a spike.
 *
 * The numbers scale with the time control's expected length, `initial + 40 × increment` seconds
 * (the usual estimate of a game's duration): docs/api.md, "Lag compensation", says why these.
 * Correspondence games and games without a clock have no quota: their moves are never credited.
 *
 * A seat that went berserk in a tournament game (time-control.ts's berserkTime) keeps the quota of
 * the game's own time control, as lichess keeps its lag tracker: the network its moves cross is the
 * same, and a quota cut with the clock would charge a slow link twice for the choice to berserk.
 * What it may be credited over the game stays bounded by that time control's gain per move.
 */
import type { TimeControl } from '@citadel/protocol';

/** How a time control's quota fills: per move, at the start, at most (all in ms). */
export interface LagQuota {
  /** Earned with each move. */
  readonly gain: number;
  /** Held at the start of the game. */
  readonly start: number;
  /** The most a player may hold. */
  readonly max: number;
}

/** The moves a game is expected to last, to count an increment as time. */
export const EXPECTED_MOVES = 40;
/** The gain: GAIN_BASE_MS plus GAIN_PER_SECOND_MS per expected second, within the bounds. */
export const GAIN_BASE_MS = 150;
export const GAIN_PER_SECOND_MS = 5;
export const GAIN_MIN_MS = 200;
export const GAIN_MAX_MS = 1000;
/** The quota at the start and at most, in moves' worth of gain. */
export const START_GAINS = 2;
export const MAX_GAINS = 5;
/** The jitter allowed over a measured round trip: a quarter of it, at least this. */
export const ROUND_TRIP_MARGIN_MS = 30;

/** A live time control's expected length in seconds: its initial time and 40 increments. */
export const expectedSeconds = (clock: { initial: number; increment: number }): number =>
  clock.initial + EXPECTED_MOVES * clock.increment;

/** The quota of a time control, or null when its moves are never credited (correspondence, none). */
export function lagQuota(clock: TimeControl | null): LagQuota | null {
  if (!clock || 'daysPerMove' in clock) return null;
  const scaled = GAIN_BASE_MS + GAIN_PER_SECOND_MS * expectedSeconds(clock);
  const gain = Math.min(GAIN_MAX_MS, Math.max(GAIN_MIN_MS, scaled));
  return { gain, start: START_GAINS * gain, max: MAX_GAINS * gain };
}

/** The most lag a move may be credited on a connection whose round trip measured `roundTrip` ms. */
export const roundTripBound = (roundTrip: number): number =>
  roundTrip + Math.max(ROUND_TRIP_MARGIN_MS, roundTrip / 4);

/** What the server knows of one move's lag. */
export interface LagClaim {
  /** How long the mover's clock ran for this move, by the server (ms). */
  readonly span: number;
  /** The client's report: from receiving the opponent's move to sending this one (ms); none: no claim. */
  readonly moveTime?: number | undefined;
  /** The round trip measured on the mover's connection (ms), or null where none was measured. */
  readonly roundTrip: number | null;
}

/**
 * The lag credited to a move (`credit`, ms) and the mover's quota after it, from the quota
 * `available` before it: the claim (`span - moveTime`, never below 0), no more than the round
 * trip's bound nor the quota; then the quota less the credit plus the gain, at most `max`.
 */
export function compensate(
  quota: LagQuota,
  available: number,
  claim: LagClaim,
): { readonly credit: number; readonly quota: number } {
  const claimed =
    claim.moveTime === undefined ? 0 : Math.max(0, claim.span - Math.max(0, claim.moveTime));
  const bound = claim.roundTrip === null ? Infinity : roundTripBound(claim.roundTrip);
  const credit = Math.round(Math.max(0, Math.min(claimed, bound, available)));
  return { credit, quota: Math.min(quota.max, available - credit + quota.gain) };
}
