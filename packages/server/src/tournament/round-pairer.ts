/**
 * What every tournament played in rounds asks of its pairing system: how many rounds there are,
 * and the games of the next round from the players and the games so far. The round robin's pairer
 * (round-robin-pairer.ts) reads its fixed schedule; a Swiss pairer (FIDE's Dutch system) will be a
 * new module, `swiss-pairer.ts`, exporting a `swissPairer(options): RoundPairer` that reads the
 * scores, colours and opponents met from the same state. The tournament service keeps the state,
 * picks the pairer by the tournament's kind, and starts a round's games together; the pairer
 * itself is pure (docs/design.md, "Tournaments").
 *
 * The arena is not played in rounds: its players are paired whenever they are free
 * (arena-pairing.ts).
 */
import type { Result } from '@citadel/core';
import type { Pairing, PlayerId, Winner } from './vocabulary.ts';

/** A player of the tournament, in seeding order in the state. */
export interface RoundPlayer {
  readonly id: PlayerId;
  readonly rating: number;
  /** Left the tournament: gets no more games (their forfeits are already among the games). */
  readonly withdrawn: boolean;
}

/** A game of an earlier round, played or forfeited. */
export interface RoundGame extends Pairing {
  readonly round: number;
  readonly winner: Winner;
  readonly forfeit: boolean;
}

export interface RoundState {
  /** The round to pair, from 1. */
  readonly round: number;
  /** Every player who started, withdrawn ones included, in seeding order. */
  readonly players: readonly RoundPlayer[];
  /** The finished games of the earlier rounds. */
  readonly games: readonly RoundGame[];
}

export interface RoundPairing {
  readonly games: readonly Pairing[];
  /** Players without a game this round (a bye scores what the system says: nothing in a round robin). */
  readonly byes: readonly PlayerId[];
}

export interface RoundPairer {
  /** The number of rounds for this many players, fixed when the tournament starts. */
  roundCount(players: number): number;
  /** The games of `state.round`, or an error that says why it cannot be paired. */
  pair(state: RoundState): Result<RoundPairing>;
}
