/**
 * A round robin's schedule by the circle method: every player meets every other once (or twice,
 * once with each colour, as the creator chooses), in rounds whose games all start together.
 *
 * The players are numbered in seeding order; with an odd number a "bye" seat makes the count even,
 * and the player drawn against it sits the round out. Seat m - 1 stays put while the others turn:
 * in round r (0-based) it meets seat r, and seats (r + k) and (r - k), modulo m - 1, meet for
 * k = 1 .. m/2 - 1. Colours: the fixed seat has White in odd rounds; of the other pairs, seat
 * r + k has White when k is even. This is the Berger table's property: each player's games with
 * White and with Black differ by at most one, and nobody has more than two in a row.
 *
 * Twice round: the second cycle replays the first with colours reversed, and, as FIDE's Berger
 * tables advise, the first cycle's last two rounds swap places, so that no player gets three games
 * in a row with one colour across the cycles and no pair meets in two rounds running.
 */
import { err, ok, type Result } from '@citadel/core';
import type { Pairing, PlayerId } from './vocabulary.ts';

export const MIN_ROUND_ROBIN_PLAYERS = 3;
export const MAX_ROUND_ROBIN_PLAYERS = 16;
/** How many times each pair meets. */
export type Cycles = 1 | 2;

/** A game of the schedule: round and board count from 1, boards in the round's order. */
export interface ScheduledGame extends Pairing {
  readonly round: number;
  readonly board: number;
}

export interface ScheduledRound {
  readonly round: number;
  readonly games: readonly ScheduledGame[];
  /** The player who sits this round out, where the number of players is odd. */
  readonly bye: PlayerId | null;
}

export interface RoundRobinSchedule {
  /** In seeding order. */
  readonly players: readonly PlayerId[];
  readonly cycles: Cycles;
  readonly rounds: readonly ScheduledRound[];
}

/** A scheduled game's name among the schedule's games ("3.2": round 3, board 2). */
export const scheduledGameKey = (g: { round: number; board: number }): string =>
  `${g.round}.${g.board}`;

/** The rounds of one cycle, as pairs of seats [white, black] (seat `m - 1` is the bye where the players are odd). */
function circleRounds(m: number): [number, number][][] {
  const rounds: [number, number][][] = [];
  const fixed = m - 1;
  for (let r = 0; r < m - 1; r++) {
    const games: [number, number][] = [r % 2 === 0 ? [r, fixed] : [fixed, r]];
    for (let k = 1; k < m / 2; k++) {
      const up = (r + k) % (m - 1);
      const down = (r - k + m - 1) % (m - 1);
      games.push(k % 2 === 0 ? [up, down] : [down, up]);
    }
    rounds.push(games);
  }
  return rounds;
}

/**
 * The schedule for `players` in seeding order, meeting `cycles` times, or an error that says why
 * there is none (fewer than 3 or more than 16 players, a player twice or without a name, cycles
 * other than 1 or 2).
 */
export function roundRobinSchedule(
  players: readonly PlayerId[],
  cycles: number,
): Result<RoundRobinSchedule> {
  if (players.length < MIN_ROUND_ROBIN_PLAYERS || players.length > MAX_ROUND_ROBIN_PLAYERS)
    return err(
      `a round robin has ${MIN_ROUND_ROBIN_PLAYERS} to ${MAX_ROUND_ROBIN_PLAYERS} players, not ${players.length}`,
    );
  if (cycles !== 1 && cycles !== 2)
    return err(`each pair meets once or twice in a round robin, not ${cycles} times`);
  if (players.some((p) => p === '')) return err('a player without an id');
  if (new Set(players).size !== players.length) return err('a player is entered twice');

  const n = players.length;
  const m = n % 2 === 0 ? n : n + 1;
  const first = circleRounds(m);
  let seatRounds = first;
  if (cycles === 2) {
    const swapped = [...first.slice(0, -2), first[first.length - 1], first[first.length - 2]];
    const reversed = first.map((games) => games.map(([w, b]): [number, number] => [b, w]));
    seatRounds = [...swapped, ...reversed];
  }
  const rounds = seatRounds.map((seatGames, i): ScheduledRound => {
    const round = i + 1;
    let bye: PlayerId | null = null;
    const games: ScheduledGame[] = [];
    for (const [w, b] of seatGames) {
      if (w >= n || b >= n) bye = players[w < n ? w : b];
      else games.push({ round, board: games.length + 1, white: players[w], black: players[b] });
    }
    return { round, games, bye };
  });
  return ok({ players: [...players], cycles, rounds });
}
