/**
 * What storage keeps of tournaments (docs/design.md, "Tournaments"), as the tournament service
 * reads and writes it. Every change to a tournament's players is one transaction that holds the
 * tournament's lock: on PostgreSQL an advisory lock on its id (so that processes take turns, and
 * exactly one pairs it at a time), on SQLite the one writer. A change that a callback refuses (it
 * throws) is rolled back whole: nothing is written.
 */
import type { ByColor, LiveClock, TournamentKind, TournamentStatus } from '@citadel/protocol';
import type { GameRecord } from '@citadel/game';
import type { ColorHistory } from '../tournament/color-history.ts';

export interface TournamentRow {
  readonly id: string;
  readonly kind: TournamentKind;
  readonly name: string;
  readonly variant: string;
  readonly array: string;
  readonly rules: Readonly<Record<string, string>>;
  readonly clock: LiveClock;
  readonly rated: boolean;
  /** The account that made it, or null for the operator's schedule. */
  readonly creator: number | null;
  readonly creatorName: string | null;
  /** The operator's schedule entry and start it was made for, or null. */
  readonly scheduleKey: string | null;
  readonly status: TournamentStatus;
  readonly startsAt: number;
  readonly endsAt: number;
  readonly maxPlayers: number | null;
  /** How many have joined, withdrawn players included. */
  readonly players: number;
  /** When the tournament next needs the server (its start, a pairing, its end); null once over. */
  readonly nextActionAt: number | null;
  readonly createdAt: number;
}

/** A player of a tournament, with what the pairing needs and their sheet as totals. */
export interface TournamentPlayerRow {
  readonly tournamentId: string;
  readonly accountId: number;
  readonly name: string;
  readonly bot: boolean;
  /** The player's rating in the variant when they joined, then after each rated game. */
  readonly rating: number;
  readonly withdrawn: boolean;
  /** Since when the player is free to be paired; null while playing, withdrawn, or at the end. */
  readonly waitingSince: number | null;
  /** The game the player is in now. */
  readonly gameId: string | null;
  readonly lastOpponent: number | null;
  readonly colors: ColorHistory;
  readonly score: number;
  /** Wins in a row up to the last game (two or more: on fire). */
  readonly winStreak: number;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** The sum over the games counted of the opponent's rating ± the performance's spread. */
  readonly performanceSum: number;
  readonly joinedAt: number;
}

/** A game of a tournament: who played it, and what it scored once it ended (null: not counted). */
export interface TournamentGameRow {
  readonly gameId: string;
  readonly tournamentId: string;
  readonly white: number;
  readonly black: number;
  /** Each player's rating when the game was paired. */
  readonly whiteRating: number;
  readonly blackRating: number;
  readonly startedAt: number;
  readonly endedAt: number | null;
  readonly result: string | null;
  readonly whitePoints: number | null;
  readonly blackPoints: number | null;
}

/** What one turn of the tournament director writes (service/arena-tick.ts decides it). */
export interface TournamentTick {
  readonly status: TournamentStatus;
  readonly nextActionAt: number | null;
  /** The players whose rows change. */
  readonly players: readonly TournamentPlayerRow[];
  /** The games paired: their records and their tournament rows. */
  readonly games: readonly GameRecord[];
  readonly tournamentGames: readonly TournamentGameRow[];
}

/** A player's entry as joining or withdrawing leaves it. */
export interface TournamentEntry {
  readonly player: TournamentPlayerRow;
  /** A new entry: the tournament counts one more player. */
  readonly added: boolean;
  /** The director is wanted by then (a player to pair), or null. */
  readonly wakeAt: number | null;
}

/**
 * A tournament game's end, for `saveGame` (as its RatingUpdate is): inside the save's transaction,
 * under the tournament's lock, the game's row and both players' rows are read and rewritten by
 * `apply` from the record as it is saved (with its rating change).
 */
export interface TournamentGameEnd {
  readonly tournamentId: string;
  apply(
    tournament: TournamentRow,
    game: TournamentGameRow,
    players: ByColor<TournamentPlayerRow>,
    record: GameRecord,
  ): {
    readonly game: TournamentGameRow;
    readonly players: readonly TournamentPlayerRow[];
    /** The director is wanted by then (players free again), or null. */
    readonly wakeAt: number | null;
  };
}

/** The most tournaments one account may make from a time on (the limit per day). */
export interface MakingLimit {
  readonly since: number;
  readonly max: number;
}

export interface TournamentStore {
  /**
   * Writes a new tournament: `taken` when one was made for its schedule key already, `too-many`
   * when its creator has made `limit.max` since `limit.since` (counted and written under the
   * creator's lock, so that requests at once cannot pass the limit together).
   */
  createTournament(t: TournamentRow, limit?: MakingLimit): Promise<'made' | 'taken' | 'too-many'>;
  getTournament(id: string): Promise<TournamentRow | null>;
  /**
   * Tournaments of one status, at most `limit`: those to come and those running soonest first,
   * the finished latest first; one index range.
   */
  tournamentsByStatus(status: TournamentStatus, limit: number): Promise<TournamentRow[]>;
  /** Every player of a tournament (bounded by its size). */
  tournamentPlayers(id: string): Promise<TournamentPlayerRow[]>;
  /** A tournament's games, latest first, at most `limit`. */
  tournamentGames(id: string, limit: number): Promise<TournamentGameRow[]>;
  /** The tournaments due soonest (`nextActionAt`), soonest first, leaving out `skip`. */
  tournamentDeadlines(
    limit: number,
    skip?: readonly string[],
  ): Promise<Array<{ readonly id: string; readonly at: number }>>;
  /**
   * Changes one player's entry under the tournament's lock (waiting for it): `decide` reads the
   * tournament (null: there is none) and the entry (null: none yet) and returns the new entry, or
   * throws to refuse, changing nothing.
   */
  changeEntry(
    id: string,
    accountId: number,
    decide: (t: TournamentRow | null, entry: TournamentPlayerRow | null) => TournamentEntry,
  ): Promise<TournamentEntry>;
  /**
   * One turn of the director: under the tournament's lock, if no other process holds it (else
   * `busy`), `plan` reads the tournament and its players and says what to write (null: nothing).
   */
  tickTournament(
    id: string,
    plan: (t: TournamentRow, players: readonly TournamentPlayerRow[]) => TournamentTick | null,
  ): Promise<TournamentTick | null | 'busy'>;
}
