/**
 * The arena's pairing: whenever players are free, they are paired by maximum-weight matching
 * (max-weight-matching.ts) over the waiting list, as the big sites' arenas do.
 *
 * Hard rules (a pair that breaks one is never made):
 * - no immediate rematch: a player is not paired with the opponent of their own last game, unless
 *   those two are the only players in the arena (they would otherwise never play again);
 * - no player gets a fourth game in a row with one colour (color-history.ts).
 * Among the pairings that keep them, the matching pairs as many players as it can, and then
 * prefers, by weight:
 * - players close in the standings and in rating: a pair costs PLACE_COST per place between their
 *   ranks plus the difference of their ratings (one place weighs as much as 50 rating points);
 * - players who have waited longer: each adds WAIT_BONUS_PER_SECOND per second waited, up to
 *   WAIT_BONUS_CAP_SECONDS. Every matching of the most pairs seats the same number of players, so
 *   the bonus only decides who is left waiting when not everyone can play, not who meets whom.
 * Colours follow the matching (color-history.ts: the colouring within the limit that evens out each
 * player's colours), the last tie broken by a coin seeded with the arena's seed, the pair and the
 * time, so that the same request always gives the same pairings.
 *
 * The matching is cubic in the players it looks at, so a long list is matched in windows of
 * WINDOW players in standings order, those left single in one window trying again in the next,
 * and any still single at the end paired greedily among themselves: a thousand waiting players
 * pair in a fraction of a second, and no two players who could meet are left waiting.
 */
import { err, ok, type Result } from '@citadel/core';
import { canMeet, firstPlayersColor, type ColorHistory } from './color-history.ts';
import { maxWeightMatching, type WeightedEdge } from './max-weight-matching.ts';
import { seededCoin } from './seeded-coin.ts';
import type { Pairing, PlayerId } from './vocabulary.ts';

export const PLACE_COST = 50;
export const WAIT_BONUS_PER_SECOND = 10;
export const WAIT_BONUS_CAP_SECONDS = 60;
export const WINDOW = 40;

/** A player free to be paired. */
export interface WaitingPlayer {
  readonly id: PlayerId;
  /** Their place in the standings now (arenaStandings' rank, 1 = first). */
  readonly rank: number;
  readonly rating: number;
  /** The opponent of their last game in this arena, null before the first. */
  readonly lastOpponent: PlayerId | null;
  readonly colors: ColorHistory;
  /** When they became free (milliseconds, the same clock as `now`). */
  readonly waitingSince: number;
}

export interface ArenaPairingRequest {
  readonly waiting: readonly WaitingPlayer[];
  /** Players in the arena now, playing or waiting (not withdrawn). */
  readonly activePlayers: number;
  readonly now: number;
  /** The arena's own seed (its id, say). */
  readonly seed: string;
}

/** Whether `a` and `b` may be paired now under the hard rules. */
export function mayPair(a: WaitingPlayer, b: WaitingPlayer, activePlayers: number): boolean {
  const rematch = a.lastOpponent === b.id || b.lastOpponent === a.id;
  return (!rematch || activePlayers <= 2) && canMeet(a.colors, b.colors);
}

/** What a pair costs (lower is better) before the waiting bonus. */
export const pairCost = (a: WaitingPlayer, b: WaitingPlayer): number =>
  PLACE_COST * Math.abs(a.rank - b.rank) + Math.round(Math.abs(a.rating - b.rating));

const waitBonus = (p: WaitingPlayer, now: number): number =>
  WAIT_BONUS_PER_SECOND *
  Math.min(WAIT_BONUS_CAP_SECONDS, Math.max(0, Math.floor((now - p.waitingSince) / 1000)));

function checkRequest(req: ArenaPairingRequest): string | null {
  const ids = new Set<PlayerId>();
  for (const p of req.waiting) {
    if (ids.has(p.id)) return `player ${p.id} is waiting twice`;
    ids.add(p.id);
    if (!Number.isSafeInteger(p.rank) || p.rank < 1)
      return `player ${p.id}: rank ${p.rank} is not a place in the standings`;
    if (!Number.isFinite(p.rating)) return `player ${p.id}: rating ${p.rating} is not a number`;
    if (!Number.isFinite(p.waitingSince) || p.waitingSince > req.now)
      return `player ${p.id}: waiting since ${p.waitingSince}, after now (${req.now})`;
  }
  if (!Number.isSafeInteger(req.activePlayers) || req.activePlayers < req.waiting.length)
    return `${req.activePlayers} active players cannot include ${req.waiting.length} waiting`;
  return null;
}

/** The pairs one window's matching makes, and the players it leaves single, in standings order. */
function matchWindow(
  players: readonly WaitingPlayer[],
  req: ArenaPairingRequest,
): { pairs: [WaitingPlayer, WaitingPlayer][]; single: WaitingPlayer[] } {
  const candidates: { a: number; b: number; cost: number }[] = [];
  for (let a = 0; a < players.length; a++)
    for (let b = a + 1; b < players.length; b++)
      if (mayPair(players[a], players[b], req.activePlayers))
        candidates.push({ a, b, cost: pairCost(players[a], players[b]) });
  // Every weight positive: the dearest pair is worth 1 before the bonus.
  const base = 1 + Math.max(0, ...candidates.map((c) => c.cost));
  const bonus = players.map((p) => waitBonus(p, req.now));
  const edges: WeightedEdge[] = candidates.map(({ a, b, cost }) => ({
    a,
    b,
    weight: base - cost + bonus[a] + bonus[b],
  }));
  const mates = maxWeightMatching(players.length, edges);
  const pairs: [WaitingPlayer, WaitingPlayer][] = [];
  const single: WaitingPlayer[] = [];
  mates.forEach((mate, v) => {
    if (mate < 0) single.push(players[v]);
    else if (v < mate) pairs.push([players[v], players[mate]]);
  });
  return { pairs, single };
}

/**
 * Pairs among the players no window paired, each in standings order with the closest one left
 * that they may meet, so that no two players who could meet are left waiting. They are few: no
 * two singles of one window can meet, so these are the ones a crowded window passed over.
 */
function pairLeftovers(
  players: readonly WaitingPlayer[],
  activePlayers: number,
): [WaitingPlayer, WaitingPlayer][] {
  const order = [...players].sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : 1));
  const taken = new Set<WaitingPlayer>();
  const pairs: [WaitingPlayer, WaitingPlayer][] = [];
  for (const a of order) {
    if (taken.has(a)) continue;
    let best: WaitingPlayer | null = null;
    for (const b of order)
      if (b !== a && !taken.has(b) && mayPair(a, b, activePlayers))
        if (!best || pairCost(a, b) < pairCost(a, best)) best = b;
    if (best) {
      taken.add(a).add(best);
      pairs.push([a, best]);
    }
  }
  return pairs;
}

/**
 * The games to start now among the waiting players, best-placed pair first, or an error that says
 * what is wrong with the request (a player twice, a rank that is not a place, a wait that starts
 * after now). Players left out go on waiting.
 */
export function pairArena(req: ArenaPairingRequest): Result<Pairing[]> {
  const problem = checkRequest(req);
  if (problem) return err(problem);
  const inOrder = [...req.waiting].sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : 1));
  const pairs: [WaitingPlayer, WaitingPlayer][] = [];
  const passedOver: WaitingPlayer[] = [];
  let carried: WaitingPlayer[] = [];
  let next = 0;
  while (next < inOrder.length) {
    // Those carried from the last window fill at most half of the next, so each takes new players.
    const excess = carried.length - Math.floor(WINDOW / 2);
    if (excess > 0) passedOver.push(...carried.splice(0, excess));
    const fresh = inOrder.slice(next, next + WINDOW - carried.length);
    next += fresh.length;
    const window = matchWindow([...carried, ...fresh], req);
    pairs.push(...window.pairs);
    carried = window.single;
  }
  pairs.push(...pairLeftovers([...passedOver, ...carried], req.activePlayers));
  pairs.sort((p, q) => Math.min(p[0].rank, p[1].rank) - Math.min(q[0].rank, q[1].rank));
  return ok(
    pairs.map(([a, b]) => {
      const [low, high] = a.id < b.id ? [a, b] : [b, a];
      const coin = seededCoin(req.seed, low.id, high.id, String(req.now));
      const lowColor = firstPlayersColor(low.colors, high.colors, coin);
      return lowColor === 'white'
        ? { white: low.id, black: high.id }
        : { white: high.id, black: low.id };
    }),
  );
}
