/**
 * One turn of an arena's director, pure over what storage holds (the tournament and its players)
 * and the time: what to write. Storage runs it under the tournament's lock (tickTournament), so
 * one process at a time decides, from the state every process sees:
 * - before its start: nothing (it waits for `startsAt`);
 * - at its end (`endsAt`): finished; nobody is paired again, the games in progress finish but no
 *   longer count (arena-game-end.ts), and the standings are final;
 * - while it runs: the waiting players are paired (tournament/arena-pairing.ts) and their games
 *   started, unless too little time is left for a game (tournament/pairing-window.ts). While two
 *   or more are left waiting (the hard rules kept them apart) the director comes back after
 *   PAIR_AGAIN_MS; otherwise at the end, or sooner when a game's end or a join wakes it.
 */
import { afterColor } from '../tournament/color-history.ts';
import { pairArena, type WaitingPlayer } from '../tournament/arena-pairing.ts';
import { pairingsOpen } from '../tournament/pairing-window.ts';
import { tournamentGameRecord, type GameRecord, type SeatRecord } from '@citadel/game';
import type {
  TournamentGameRow,
  TournamentPlayerRow,
  TournamentRow,
  TournamentTick,
} from '../storage/tournament-store.ts';
import { arenaLines } from './arena-lines.ts';

/** While players are left waiting that could not be paired, the director tries again this soon. */
export const PAIR_AGAIN_MS = 2_000;

export interface ArenaTickInput {
  readonly tournament: TournamentRow;
  readonly players: readonly TournamentPlayerRow[];
  readonly now: number;
  /** A new game's id. */
  readonly newGameId: () => string;
  /** A seat's token hash: the players play by their accounts, so the token itself is dropped. */
  readonly seatTokenHash: () => string;
}

/** What to write now, or null when the tournament is not due (another turn did it). */
export function arenaTick(i: ArenaTickInput): TournamentTick | null {
  const t = i.tournament;
  if (t.nextActionAt === null || t.nextActionAt > i.now) return null;
  const nothing = { players: [], games: [], tournamentGames: [] };
  if (i.now < t.startsAt) return { status: t.status, nextActionAt: t.startsAt, ...nothing };
  if (i.now >= t.endsAt)
    return {
      status: 'finished',
      nextActionAt: null,
      ...nothing,
      // Nobody waits for a pairing any more.
      players: i.players
        .filter((p) => p.waitingSince !== null)
        .map((p) => ({ ...p, waitingSince: null })),
    };
  if (!pairingsOpen(t.clock, t.endsAt - i.now))
    return { status: 'started', nextActionAt: t.endsAt, ...nothing };

  const rank = new Map(arenaLines(i.players).map((l) => [l.player.accountId, l.rank]));
  const byId = new Map(i.players.map((p) => [p.accountId, p]));
  const waiting: WaitingPlayer[] = i.players
    .filter((p) => !p.withdrawn && p.gameId === null && p.waitingSince !== null)
    .map((p) => ({
      id: String(p.accountId),
      rank: rank.get(p.accountId)!,
      rating: p.rating,
      lastOpponent: p.lastOpponent === null ? null : String(p.lastOpponent),
      colors: p.colors,
      waitingSince: Math.min(p.waitingSince!, i.now),
    }));
  const active = i.players.filter((p) => !p.withdrawn).length;
  const paired = pairArena({ waiting, activePlayers: active, now: i.now, seed: t.id });
  // The request is made from stored rows that cannot break its rules; a refusal is a fault.
  if (!paired.ok) throw new Error(`arena ${t.id}: ${paired.error}`);

  const games: GameRecord[] = [];
  const tournamentGames: TournamentGameRow[] = [];
  const players: TournamentPlayerRow[] = [];
  const seat = (p: TournamentPlayerRow): SeatRecord => ({
    tokenHash: i.seatTokenHash(),
    accountId: p.accountId,
    name: p.name,
    bot: p.bot,
  });
  for (const pairing of paired.value) {
    const white = byId.get(Number(pairing.white))!;
    const black = byId.get(Number(pairing.black))!;
    const game = tournamentGameRecord({
      id: i.newGameId(),
      variant: t.variant,
      array: t.array,
      rules: t.rules,
      clock: t.clock,
      rated: t.rated,
      seats: { white: seat(white), black: seat(black) },
      tournamentId: t.id,
      now: i.now,
    });
    games.push(game);
    tournamentGames.push({
      gameId: game.id,
      tournamentId: t.id,
      white: white.accountId,
      black: black.accountId,
      whiteRating: white.rating,
      blackRating: black.rating,
      startedAt: i.now,
      endedAt: null,
      result: null,
      whitePoints: null,
      blackPoints: null,
    });
    const seated = (p: TournamentPlayerRow, opponent: TournamentPlayerRow, white: boolean) => ({
      ...p,
      gameId: game.id,
      waitingSince: null,
      lastOpponent: opponent.accountId,
      colors: afterColor(p.colors, white ? 'white' : 'black'),
    });
    players.push(seated(white, black, true), seated(black, white, false));
  }
  const left = waiting.length - 2 * paired.value.length;
  return {
    status: 'started',
    nextActionAt: left >= 2 ? Math.min(t.endsAt, i.now + PAIR_AGAIN_MS) : t.endsAt,
    players,
    games,
    tournamentGames,
  };
}
