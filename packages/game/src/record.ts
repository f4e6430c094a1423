/**
 * A game as the server keeps it: plain data that storage writes in one row and the state machine
 * turns into the next record. Seats hold a hash of their secret token, never the token itself.
 */
import type {
  ByColor,
  Color,
  EndReason,
  Offers,
  ResultToken,
  Status,
  TimeControl,
} from '@citadel/protocol';
import { lagQuota } from './lag-compensation.ts';
import type { GameFacts } from './permissions.ts';
import { clockBudget, firstMoveDeadline } from './time-control.ts';

export interface SeatRecord {
  /** SHA-256 of the seat's token, hex. */
  readonly tokenHash: string;
  /** The account sitting here, or null for an anonymous player. */
  readonly accountId: number | null;
  readonly name: string | null;
  /** Whether the account sitting here is a bot account (never for an anonymous player). */
  readonly bot: boolean;
}

/** A rated game's effect on a player's rating (unrounded Glicko-2 ratings). */
export interface RatingChange {
  readonly before: number;
  readonly after: number;
}

export interface GameRecord {
  readonly id: string;
  readonly variant: string;
  readonly array: string;
  /** Every rule switch of the variant with its value. */
  readonly rules: Readonly<Record<string, string>>;
  readonly clock: TimeControl | null;
  readonly rated: boolean;
  readonly lobby: boolean;
  readonly seats: ByColor<SeatRecord | null>;
  /** Move text, oldest first. */
  readonly moves: readonly string[];
  /**
   * Time left on the mover's clock after each move (ms), lag credit and increment included: the
   * clock the player had, for the archive (the PGN's `%clk`); empty without a clock.
   */
  readonly moveClocks: readonly number[];
  /**
   * The lag credited with each move (ms, lag-compensation.ts), beside `moveClocks` and as long as
   * it: 0 where nothing was credited (no clock running yet, correspondence, no claim).
   */
  readonly moveLag: readonly number[];
  /** Each player's lag quota now (ms): what the next move may be credited at most. */
  readonly lagQuota: ByColor<number>;
  /**
   * The lag credited to each player over the whole game (ms), for the operator: a takeback does
   * not take it back.
   */
  readonly lagTotal: ByColor<number>;
  /** How many times each player has given the opponent time (add-time.ts). */
  readonly timeGiven: ByColor<number>;
  /** Time left on each clock (ms) when the running clock was started at `turnStartedAt`. */
  readonly clockLeft: ByColor<number>;
  /** When the clock of the side to move started running; null while no clock runs. */
  readonly turnStartedAt: number | null;
  /**
   * While the side to move of a started game has yet to make its first move: when the game is
   * aborted if it has not (time-control.ts); null otherwise.
   */
  readonly firstMoveBy: number | null;
  readonly status: Status;
  readonly result: ResultToken | null;
  readonly reason: EndReason | null;
  readonly text: string | null;
  readonly offers: Offers;
  readonly rematchId: string | null;
  /** Each player's rating before and after, once a rated game between two accounts has ended. */
  readonly ratingChange: ByColor<RatingChange> | null;
  /**
   * The tournament the game was paired in, or null. A tournament's game is mandatory: it cannot be
   * aborted, taken back or rematched, and a missed first move loses it (permissions.ts, step.ts).
   */
  readonly tournamentId: string | null;
  /**
   * The seats that went berserk (a tournament game, before their first move): their clock was
   * cut (time-control.ts's berserkTime) and gains no increment.
   */
  readonly berserk: ByColor<boolean>;
  /** Bumped by every change: storage writes a record only over the version it was made from. */
  readonly version: number;
  readonly createdAt: number;
  readonly endedAt: number | null;
}

export const NO_OFFERS: Offers = { draw: null, takeback: null, rematch: null };
export const NO_BERSERK: ByColor<boolean> = { white: false, black: false };

/** What the rules of who may act (permissions.ts) read of a record. */
export const recordFacts = (g: GameRecord): GameFacts => ({
  status: g.status,
  plies: g.moves.length,
  clock: g.clock,
  offers: g.offers,
  seated: { white: g.seats.white !== null, black: g.seats.black !== null },
  rematchAgreed: g.rematchId !== null,
  tournament: g.tournamentId !== null,
  berserk: g.berserk,
  timeGiven: g.timeGiven,
});

/** The lag-compensation and added-time fields of a game that starts now. */
function freshTimeFields(
  clock: TimeControl | null,
): Pick<GameRecord, 'moveLag' | 'lagQuota' | 'lagTotal' | 'timeGiven'> {
  const start = lagQuota(clock)?.start ?? 0;
  return {
    moveLag: [],
    lagQuota: { white: start, black: start },
    lagTotal: { white: 0, black: 0 },
    timeGiven: { white: 0, black: 0 },
  };
}

/** What creating a game takes: the record's settings, the creator's colour and seat, the time. */
export interface NewGame extends Pick<
  GameRecord,
  'id' | 'variant' | 'array' | 'rules' | 'clock' | 'rated' | 'lobby'
> {
  readonly creator: Color;
  readonly seat: SeatRecord;
  readonly now: number;
}

/** A fresh game waiting for its second player. */
export function newGameRecord(g: NewGame): GameRecord {
  const budget = clockBudget(g.clock);
  return {
    id: g.id,
    variant: g.variant,
    array: g.array,
    rules: g.rules,
    clock: g.clock,
    rated: g.rated,
    lobby: g.lobby,
    seats: { white: null, black: null, [g.creator]: g.seat },
    moves: [],
    moveClocks: [],
    ...freshTimeFields(g.clock),
    clockLeft: { white: budget, black: budget },
    turnStartedAt: null,
    firstMoveBy: null,
    status: 'waiting',
    result: null,
    reason: null,
    text: null,
    offers: NO_OFFERS,
    rematchId: null,
    ratingChange: null,
    tournamentId: null,
    berserk: NO_BERSERK,
    version: 1,
    createdAt: g.now,
    endedAt: null,
  };
}

/** What starting a tournament's game takes: its settings, both seats, its tournament, the time. */
export interface NewTournamentGame extends Pick<
  GameRecord,
  'id' | 'variant' | 'array' | 'rules' | 'clock' | 'rated'
> {
  readonly seats: ByColor<SeatRecord>;
  readonly tournamentId: string;
  readonly now: number;
}

/** A tournament's game as its pairing starts it: both seats taken, White's first move awaited. */
export function tournamentGameRecord(g: NewTournamentGame): GameRecord {
  const fresh = newGameRecord({ ...g, lobby: false, creator: 'white', seat: g.seats.white });
  return {
    ...fresh,
    seats: { white: g.seats.white, black: g.seats.black },
    firstMoveBy: firstMoveDeadline(g.clock, 0, g.now),
    status: 'started',
    tournamentId: g.tournamentId,
  };
}

/** The rematch of an ended game: same settings, colours swapped, both seats taken. */
export function rematchRecord(old: GameRecord, id: string, now: number): GameRecord {
  const budget = clockBudget(old.clock);
  return {
    ...old,
    id,
    lobby: false,
    seats: { white: old.seats.black, black: old.seats.white },
    moves: [],
    moveClocks: [],
    ...freshTimeFields(old.clock),
    clockLeft: { white: budget, black: budget },
    turnStartedAt: null,
    firstMoveBy: firstMoveDeadline(old.clock, 0, now),
    status: 'started',
    result: null,
    reason: null,
    text: null,
    offers: NO_OFFERS,
    rematchId: null,
    ratingChange: null,
    tournamentId: null,
    berserk: NO_BERSERK,
    version: 1,
    createdAt: now,
    endedAt: null,
  };
}
