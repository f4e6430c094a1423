/** Converting between a game record and its row. */
import { deadlineAt, type GameRecord, type SeatRecord } from '@citadel/game';
import type { GamesTable } from './schema.ts';

/** A game's columns: every one but the lobby's `poster_seen_at`, which the record does not hold. */
export type GameRow = Omit<GamesTable, 'poster_seen_at'>;

export function gameToRow(g: GameRecord): GameRow {
  return {
    id: g.id,
    variant: g.variant,
    array_id: g.array,
    rules: JSON.stringify(g.rules),
    clock: g.clock ? JSON.stringify(g.clock) : null,
    rated: g.rated ? 1 : 0,
    lobby: g.lobby ? 1 : 0,
    white_token: g.seats.white?.tokenHash ?? null,
    black_token: g.seats.black?.tokenHash ?? null,
    white_account: g.seats.white?.accountId ?? null,
    black_account: g.seats.black?.accountId ?? null,
    white_name: g.seats.white?.name ?? null,
    black_name: g.seats.black?.name ?? null,
    white_bot: g.seats.white?.bot ? 1 : 0,
    black_bot: g.seats.black?.bot ? 1 : 0,
    moves: JSON.stringify(g.moves),
    move_clocks: JSON.stringify(g.moveClocks),
    move_lag: JSON.stringify(g.moveLag),
    lag_quota_white: g.lagQuota.white,
    lag_quota_black: g.lagQuota.black,
    lag_white: g.lagTotal.white,
    lag_black: g.lagTotal.black,
    time_given_white: g.timeGiven.white,
    time_given_black: g.timeGiven.black,
    clock_white: g.clockLeft.white,
    clock_black: g.clockLeft.black,
    turn_started_at: g.turnStartedAt,
    first_move_by: g.firstMoveBy,
    status: g.status,
    result: g.result,
    reason: g.reason,
    end_text: g.text,
    offers: JSON.stringify(g.offers),
    rematch_id: g.rematchId,
    rating_change: g.ratingChange ? JSON.stringify(g.ratingChange) : null,
    tournament_id: g.tournamentId,
    white_berserk: g.berserk.white ? 1 : 0,
    black_berserk: g.berserk.black ? 1 : 0,
    deadline_at: deadlineAt(g),
    version: g.version,
    created_at: g.createdAt,
    ended_at: g.endedAt,
    archived_at: archivedAt(g),
  };
}

/** When the game ended if the archive lists it (it finished and was not aborted), else null. */
export function archivedAt(g: GameRecord): number | null {
  return g.status === 'ended' && g.reason !== 'abort' ? g.endedAt : null;
}

/** The fields of `after` that differ from `before` (what an UPDATE needs to set). */
export function changedFields(before: GameRow, after: GameRow): Partial<GameRow> {
  const changed: Partial<Record<keyof GameRow, unknown>> = {};
  for (const key of Object.keys(after) as Array<keyof GameRow>)
    if (after[key] !== before[key]) changed[key] = after[key];
  return changed as Partial<GameRow>;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function seat(
  token: string | null,
  account: number | null,
  name: string | null,
  bot: number,
): SeatRecord | null {
  return token === null
    ? null
    : { tokenHash: token, accountId: num(account), name, bot: Number(bot) === 1 };
}

/** The record of a row written by `gameToRow` (PostgreSQL returns bigints as text). */
export function rowToGame(r: GameRow): GameRecord {
  const moveClocks = JSON.parse(r.move_clocks) as number[];
  const moveLag = JSON.parse(r.move_lag) as number[];
  return {
    id: r.id,
    variant: r.variant,
    array: r.array_id,
    rules: JSON.parse(r.rules) as GameRecord['rules'],
    clock: r.clock === null ? null : (JSON.parse(r.clock) as GameRecord['clock']),
    rated: Number(r.rated) === 1,
    lobby: Number(r.lobby) === 1,
    seats: {
      white: seat(r.white_token, r.white_account, r.white_name, r.white_bot),
      black: seat(r.black_token, r.black_account, r.black_name, r.black_bot),
    },
    moves: JSON.parse(r.moves) as string[],
    moveClocks,
    // A game stored before lag compensation has no credits for its earlier moves: 0 for each.
    moveLag: [
      ...new Array<number>(Math.max(0, moveClocks.length - moveLag.length)).fill(0),
      ...moveLag,
    ],
    lagQuota: { white: Number(r.lag_quota_white), black: Number(r.lag_quota_black) },
    lagTotal: { white: Number(r.lag_white), black: Number(r.lag_black) },
    timeGiven: { white: Number(r.time_given_white), black: Number(r.time_given_black) },
    clockLeft: { white: Number(r.clock_white), black: Number(r.clock_black) },
    turnStartedAt: num(r.turn_started_at),
    firstMoveBy: num(r.first_move_by),
    status: r.status as GameRecord['status'],
    result: r.result as GameRecord['result'],
    reason: r.reason as GameRecord['reason'],
    text: r.end_text,
    offers: JSON.parse(r.offers) as GameRecord['offers'],
    rematchId: r.rematch_id,
    ratingChange:
      r.rating_change === null ? null : (JSON.parse(r.rating_change) as GameRecord['ratingChange']),
    tournamentId: r.tournament_id,
    berserk: { white: Number(r.white_berserk) === 1, black: Number(r.black_berserk) === 1 },
    version: Number(r.version),
    createdAt: Number(r.created_at),
    endedAt: num(r.ended_at),
  };
}
