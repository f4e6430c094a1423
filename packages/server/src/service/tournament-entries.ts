/**
 * Joining and withdrawing, pure over the tournament and the player's entry as storage reads them
 * under the tournament's lock (changeEntry): the new entry, or a refusal that changes nothing.
 * A player may join until the tournament is over, and join again after withdrawing; withdrawing
 * lets a game in progress finish (it still counts) and stops the pairings until they join again.
 */
import type { Account } from './games.ts';
import { Refusal } from './errors.ts';
import { PAIR_SOON_MS } from './arena-game-end.ts';
import { NO_COLORS } from '../tournament/color-history.ts';
import type {
  TournamentEntry,
  TournamentPlayerRow,
  TournamentRow,
} from '../storage/tournament-store.ts';

function mustBeOpen(t: TournamentRow | null, id: string): TournamentRow {
  if (!t) throw new Refusal('not-found', `no tournament ${id}`);
  if (t.status === 'finished') throw new Refusal('conflict', 'the tournament is over');
  return t;
}

/** A player's entry as it starts: waiting to be paired from `now`, nothing played. */
export function newPlayerRow(
  tournamentId: string,
  account: Account,
  rating: number,
  now: number,
): TournamentPlayerRow {
  return {
    tournamentId,
    accountId: account.id,
    name: account.username,
    bot: account.bot,
    rating,
    withdrawn: false,
    waitingSince: now,
    gameId: null,
    lastOpponent: null,
    colors: NO_COLORS,
    score: 0,
    winStreak: 0,
    games: 0,
    wins: 0,
    draws: 0,
    losses: 0,
    performanceSum: 0,
    joinedAt: now,
  };
}

/** A new entry, or the entry of a withdrawn player back; `rating`: theirs in the variant now. */
export function joinEntry(
  id: string,
  t: TournamentRow | null,
  entry: TournamentPlayerRow | null,
  account: Account,
  rating: number,
  now: number,
): TournamentEntry {
  const open = mustBeOpen(t, id);
  if (entry && !entry.withdrawn)
    throw new Refusal('conflict', 'you have joined this tournament already');
  if (!entry && open.maxPlayers !== null && open.players >= open.maxPlayers)
    throw new Refusal('conflict', `the tournament is full (${open.maxPlayers} players)`);
  const player: TournamentPlayerRow = entry
    ? { ...entry, withdrawn: false, waitingSince: entry.gameId === null ? now : null }
    : newPlayerRow(open.id, account, rating, now);
  const pairNow = open.status === 'started' && player.waitingSince !== null;
  return { player, added: entry === null, wakeAt: pairNow ? now + PAIR_SOON_MS : null };
}

/** The entry of a player who withdraws. */
export function withdrawEntry(
  id: string,
  t: TournamentRow | null,
  entry: TournamentPlayerRow | null,
): TournamentEntry {
  mustBeOpen(t, id);
  if (!entry) throw new Refusal('conflict', 'you have not joined this tournament');
  if (entry.withdrawn)
    throw new Refusal('conflict', 'you have withdrawn from this tournament already');
  return { player: { ...entry, withdrawn: true, waitingSince: null }, added: false, wakeAt: null };
}
