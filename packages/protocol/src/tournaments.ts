/**
 * HTTP bodies and stream events of tournaments (docs/api.md, "Tournaments"): creating an arena,
 * joining and withdrawing, the lists, one tournament with its standings and games, and the events
 * its stream pushes. Request schemas are strict, as the games' are; what the server sends is read
 * tolerantly (a field this client does not know is dropped: docs/api.md, "Versions").
 */
import { z } from 'zod';
import {
  gameIdSchema,
  nameSchema,
  timeControlSchema,
  tournamentIdSchema,
  type TimeControl,
} from './games.ts';
import { RESULTS } from './vocabulary.ts';

/** `arena`: play as often as you can for a fixed time; `round-robin`: every pair meets. */
export const TOURNAMENT_KINDS = ['arena', 'round-robin'] as const;
export type TournamentKind = (typeof TOURNAMENT_KINDS)[number];

/** `created`: to come (players may join); `started`: running; `finished`: over. */
export const TOURNAMENT_STATUSES = ['created', 'started', 'finished'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** How long an arena lasts, in minutes. */
export const ARENA_MIN_MINUTES = 5;
export const ARENA_MAX_MINUTES = 720;
/** An arena's length when the request gives none. */
export const ARENA_DEFAULT_MINUTES = 60;
/** The longest base time and increment of an arena's clock, in seconds. */
export const ARENA_MAX_INITIAL = 3600;
export const ARENA_MAX_INCREMENT = 60;
/**
 * A game of an arena is estimated to last both sides' whole allowance over 40 moves,
 * 2 × (base + 40 × increment), which must fit in the arena.
 */
export const arenaGameEstimateSeconds = (clock: { initial: number; increment: number }): number =>
  2 * (clock.initial + 40 * clock.increment);
/** The most players a tournament takes. */
export const MAX_TOURNAMENT_PLAYERS = 1000;
/** How far ahead a tournament may be set to start. */
export const MAX_TOURNAMENT_LEAD_MS = 30 * 86_400_000;

/** A tournament's name: 3 to 40 letters, digits, spaces and common punctuation. */
export const tournamentNameSchema = z
  .string()
  .trim()
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N} '’.,:!?&()#+/-]{2,39}$/u,
    'a name is 3 to 40 letters, digits, spaces and common punctuation, starting with a letter or digit',
  );

/** The bounds of an arena's clock and length, as sentences; null when they hold. */
export function arenaClockProblem(clock: TimeControl, minutes: number): string | null {
  if ('daysPerMove' in clock) return 'an arena is played with a live clock, not days per move';
  if (clock.initial > ARENA_MAX_INITIAL)
    return `an arena's clock has at most ${ARENA_MAX_INITIAL / 60} minutes`;
  if (clock.increment > ARENA_MAX_INCREMENT)
    return `an arena's clock has at most ${ARENA_MAX_INCREMENT} seconds of increment`;
  if (arenaGameEstimateSeconds(clock) > minutes * 60)
    return `a ${clock.initial / 60}+${clock.increment} game can last longer than a ${minutes}-minute arena: choose a faster clock or a longer arena`;
  return null;
}

/**
 * POST /api/tournaments. An arena lasts `minutes` (default 60) from `startsAt` (epoch ms; omitted:
 * now). `rounds` (1 or 2 games per pair) is a round robin's; round robins are not offered yet.
 */
export const createTournamentRequestSchema = z
  .strictObject({
    kind: z.enum(TOURNAMENT_KINDS),
    name: tournamentNameSchema.optional(),
    variant: nameSchema,
    array: nameSchema.optional(),
    rules: z.record(nameSchema, nameSchema).optional(),
    clock: timeControlSchema,
    minutes: z
      .int()
      .min(ARENA_MIN_MINUTES, `an arena lasts ${ARENA_MIN_MINUTES} to ${ARENA_MAX_MINUTES} minutes`)
      .max(ARENA_MAX_MINUTES, `an arena lasts ${ARENA_MIN_MINUTES} to ${ARENA_MAX_MINUTES} minutes`)
      .optional(),
    startsAt: z.int().min(0).optional(),
    rated: z.boolean().optional(),
    rounds: z.union([z.literal(1), z.literal(2)]).optional(),
    maxPlayers: z.int().min(2).max(MAX_TOURNAMENT_PLAYERS).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.kind === 'arena') {
      if (r.rounds !== undefined)
        ctx.addIssue({ code: 'custom', path: ['rounds'], message: 'an arena has no rounds' });
      const problem = arenaClockProblem(r.clock, r.minutes ?? ARENA_DEFAULT_MINUTES);
      if (problem) ctx.addIssue({ code: 'custom', path: ['clock'], message: problem });
    } else if (r.minutes !== undefined)
      ctx.addIssue({ code: 'custom', path: ['minutes'], message: 'only an arena has minutes' });
  });
export type CreateTournamentRequest = z.infer<typeof createTournamentRequestSchema>;

/** 201 answer to POST /api/tournaments. */
export const createTournamentResponseSchema = z.object({
  id: tournamentIdSchema,
  /** The tournament's page. */
  url: z.string(),
});
export type CreateTournamentResponse = z.infer<typeof createTournamentResponseSchema>;

/** GET /api/tournaments?status= (omitted: the running, those to come, the latest finished). */
export const tournamentsQuerySchema = z.strictObject({
  status: z.enum(TOURNAMENT_STATUSES).optional(),
});
export type TournamentsQuery = z.infer<typeof tournamentsQuerySchema>;

/** One line of the tournament lists. */
export const tournamentSummarySchema = z.object({
  id: tournamentIdSchema,
  kind: z.enum(TOURNAMENT_KINDS),
  name: z.string(),
  variant: z.string(),
  array: z.string(),
  clock: timeControlSchema,
  rated: z.boolean(),
  status: z.enum(TOURNAMENT_STATUSES),
  startsAt: z.number(),
  /** An arena's end (epoch ms). */
  endsAt: z.number().optional(),
  minutes: z.int().optional(),
  /** Players who joined, withdrawn ones included. */
  players: z.int(),
  maxPlayers: z.int().optional(),
  /** Who made it: an account's name, or null for the server's own schedule. */
  createdBy: z.string().nullable(),
});
export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;

export const tournamentsResponseSchema = z.object({
  tournaments: z.array(tournamentSummarySchema),
});
export type TournamentsResponse = z.infer<typeof tournamentsResponseSchema>;

/**
 * One line of the standings, best first: `rank` runs 1, 2, 3... (ties broken by performance,
 * then rating). `fire` is there, true, while the player's next game scores double; `performance`
 * once the player has finished a game; `withdrawn` for a player who left (keeping their score);
 * `playing` while the player is in a game.
 */
export const standingSchema = z.object({
  rank: z.int(),
  name: z.string(),
  score: z.int(),
  games: z.int(),
  wins: z.int(),
  draws: z.int(),
  losses: z.int(),
  rating: z.int(),
  fire: z.literal(true).optional(),
  performance: z.int().optional(),
  withdrawn: z.literal(true).optional(),
  playing: z.literal(true).optional(),
});
export type Standing = z.infer<typeof standingSchema>;

/** A game of a tournament: its players' names, and once it ended, its result and what it scored. */
export const tournamentGameSchema = z.object({
  id: gameIdSchema,
  white: z.string(),
  black: z.string(),
  status: z.enum(['started', 'ended']),
  result: z.enum(RESULTS).optional(),
  /** What the game scored for each player; absent for a game that ended after the arena. */
  whitePoints: z.int().optional(),
  blackPoints: z.int().optional(),
});
export type TournamentGame = z.infer<typeof tournamentGameSchema>;

/** The signed-in player's entry: withdrawn or not, and the game they play now. */
export const tournamentEntrySchema = z.object({
  withdrawn: z.boolean(),
  game: gameIdSchema.optional(),
});
export type TournamentEntryView = z.infer<typeof tournamentEntrySchema>;

/**
 * GET /api/tournaments/:id: the summary with the rule switches, the whole standings, the games
 * (those in progress and the latest finished, latest first, at most MAX_TOURNAMENT_GAMES_SHOWN),
 * and with the session cookie of a player who joined, their entry.
 */
export const tournamentSchema = tournamentSummarySchema.extend({
  rules: z.record(z.string(), z.string()),
  standings: z.array(standingSchema),
  games: z.array(tournamentGameSchema),
  me: tournamentEntrySchema.optional(),
});
export type Tournament = z.infer<typeof tournamentSchema>;
export const MAX_TOURNAMENT_GAMES_SHOWN = 100;

/** A pairing as the stream tells it: the game to open, and who plays it. */
export const pairingSchema = z.object({
  id: gameIdSchema,
  white: z.string(),
  black: z.string(),
});
export type Pairing = z.infer<typeof pairingSchema>;

/**
 * GET /api/tournaments/:id/stream, one event a line (NDJSON, or SSE): first the whole tournament;
 * then `standings` (with the status, the games and the count of players) whenever they change, at
 * most once a second; `pairing` at once for every batch of games started; `end` with the final
 * standings, after which the stream ends.
 */
export const tournamentEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tournament'), tournament: tournamentSchema }),
  z.object({
    type: z.literal('standings'),
    status: z.enum(TOURNAMENT_STATUSES),
    players: z.int(),
    standings: z.array(standingSchema),
    games: z.array(tournamentGameSchema),
  }),
  z.object({ type: z.literal('pairing'), games: z.array(pairingSchema) }),
  z.object({ type: z.literal('end'), standings: z.array(standingSchema) }),
]);
export type TournamentEvent = z.infer<typeof tournamentEventSchema>;

/** Where the web app shows a tournament. */
export const tournamentPath = (id: string): string => `/tournament/${id}`;
