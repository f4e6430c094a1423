/**
 * HTTP bodies for games: creating, joining, moving, offers, and the game's state as the server
 * reports it. Every request schema is strict: an unknown field is an error, not ignored. Every
 * schema of what the server sends is read the other way (docs/api.md, "Versions"): a field the
 * client does not know is dropped, so that a server may add optional fields without breaking
 * older clients; what the client needs is still checked.
 */
import { z } from 'zod';
import {
  COLOR_CHOICES,
  COLORS,
  END_REASONS,
  OFFER_ACTIONS,
  RESULTS,
  STATUSES,
} from './vocabulary.ts';

export const colorSchema = z.enum(COLORS);

/** A game id: 8 to 16 letters, digits, `_` or `-`. */
export const gameIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,16}$/, 'not a game id');

/** A tournament id: the same shape as a game's. */
export const tournamentIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,16}$/, 'not a tournament id');

/** A seat's secret: at least 128 random bits as base64url. */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,128}$/, 'not a seat token');

/** Live: seconds on each clock and seconds added after each move. */
export const liveClockSchema = z
  .strictObject({
    initial: z
      .int()
      .min(0)
      .max(3 * 3600),
    increment: z.int().min(0).max(180),
  })
  .refine((c) => c.initial > 0 || c.increment > 0, 'a live clock needs time or an increment');
/** Correspondence: each move must be made within this many days. */
export const correspondenceClockSchema = z.strictObject({
  daysPerMove: z.int().min(1).max(14),
});
/** A time control as a request gives it (strict). */
export const timeControlSchema = z.union([liveClockSchema, correspondenceClockSchema]);
/**
 * A time control as the server reports it, read as every answer is (fields not known dropped);
 * a correspondence clock is told by its `daysPerMove`, as in a request.
 */
const reportedTimeControlSchema = z.union([
  z.object({ daysPerMove: z.int() }),
  z.object({ initial: z.int(), increment: z.int() }),
]);
export type LiveClock = z.infer<typeof liveClockSchema>;
export type CorrespondenceClock = z.infer<typeof correspondenceClockSchema>;
export type TimeControl = z.infer<typeof timeControlSchema>;

/** A variant, array or rule switch name (lower case, digits, `-`). */
export const nameSchema = z.string().regex(/^[a-z0-9-]{1,40}$/, 'not a name');

/** POST /api/games */
export const createGameRequestSchema = z.strictObject({
  variant: nameSchema,
  array: nameSchema.optional(),
  /** Rule switches by name (`{"repetition": "on"}`); checked by the rules core. */
  rules: z.record(nameSchema, nameSchema).optional(),
  clock: timeControlSchema.optional(),
  color: z.enum(COLOR_CHOICES).optional(),
  rated: z.boolean().optional(),
  /** List the game in the lobby as an open challenge (otherwise only its link finds it). */
  lobby: z.boolean().optional(),
});
export type CreateGameRequest = z.infer<typeof createGameRequestSchema>;

export const seatSchema = z.object({ color: colorSchema, token: tokenSchema });
export type Seat = z.infer<typeof seatSchema>;

/** 201 answer to POST /api/games */
export const createGameResponseSchema = z.object({
  id: gameIdSchema,
  /** The game page, to open and to send to the opponent. */
  url: z.string(),
  seat: seatSchema,
});
export type CreateGameResponse = z.infer<typeof createGameResponseSchema>;

/** Answer to POST /api/games/:id/join (409 when both seats are taken). */
export const joinResponseSchema = z.object({ seat: seatSchema });
export type JoinResponse = z.infer<typeof joinResponseSchema>;

/** POST /api/games/:id/moves: move text (`g3g4`) or SAN (`Nc4`). */
export const moveRequestSchema = z.strictObject({
  move: z.string().min(1).max(16),
  /** The number of moves played before this one; a mismatch is refused (409) so a resent move is not played twice. */
  ply: z.int().min(0).max(100000).optional(),
  /**
   * How long the client held the turn (ms): from receiving the opponent's move to sending this
   * one. The server credits the rest of its clock's span as network lag, within bounds (docs/api.md).
   */
  moveTime: z.int().min(0).optional(),
});
export type MoveRequest = z.infer<typeof moveRequestSchema>;

/** POST /api/games/:id/draw, /takeback, /rematch */
export const offerRequestSchema = z.strictObject({ action: z.enum(OFFER_ACTIONS) });
export type OfferRequest = z.infer<typeof offerRequestSchema>;

/**
 * Time left on each clock in milliseconds, measured by the server at `at` (its epoch ms), and the
 * clock that is running. In a correspondence game it is the time left for the current move.
 */
export const clocksSchema = z.object({
  white: z.number(),
  black: z.number(),
  running: colorSchema.nullable(),
  at: z.number(),
});
export type Clocks = z.infer<typeof clocksSchema>;

/**
 * Who sits in a seat: an account's name and rating, or an anonymous player (name null). Once a
 * rated game has ended, `rating` is the rating the game began with and `ratingDiff` what the game
 * changed it by; otherwise `rating` is the player's rating now in the game's variant. `bot` is
 * there, true, only for a bot account.
 */
export const playerSchema = z.object({
  name: z.string().nullable(),
  rating: z.number().optional(),
  ratingDiff: z.number().optional(),
  bot: z.literal(true).optional(),
});
export type Player = z.infer<typeof playerSchema>;

const byColor = <T extends z.ZodType>(t: T) => z.object({ white: t, black: t });

export const offersSchema = z.object({
  draw: colorSchema.nullable(),
  takeback: colorSchema.nullable(),
  rematch: colorSchema.nullable(),
});
export type Offers = z.infer<typeof offersSchema>;

/** GET /api/games/:id, and the answer to every action that changes a game. */
export const gameStateSchema = z.object({
  id: gameIdSchema,
  variant: z.string(),
  array: z.string(),
  rules: z.record(z.string(), z.string()),
  clock: reportedTimeControlSchema.nullable(),
  rated: z.boolean(),
  lobby: z.boolean(),
  /** Moves as move text, oldest first. */
  moves: z.array(z.string()),
  san: z.array(z.string()),
  /** The current position in our FEN. */
  fen: z.string(),
  turn: colorSchema,
  status: z.enum(STATUSES),
  result: z.enum(RESULTS).optional(),
  reason: z.enum(END_REASONS).optional(),
  /** The end in a sentence ("checkmate: White wins"). */
  text: z.string().optional(),
  clocks: clocksSchema.optional(),
  /** While the side to move has yet to make its first move: the server's epoch ms by which it must, or the game is aborted. */
  firstMoveBy: z.number().optional(),
  players: byColor(playerSchema.nullable()),
  connected: byColor(z.boolean()),
  offers: offersSchema,
  /** The game a rematch created. */
  rematch: gameIdSchema.optional(),
  /**
   * A tournament's game: its tournament, and which seats went berserk (halved their own clock and
   * gave up the increment before their first move: POST /api/games/:id/berserk). Such a game
   * cannot be aborted, taken back or rematched, and a missed first move loses it.
   */
  tournamentId: tournamentIdSchema.optional(),
  berserk: byColor(z.boolean()).optional(),
  createdAt: z.number(),
  /** In a live game: how many times each player has given the opponent time. */
  timeGiven: byColor(z.int()).optional(),
});
export type GameState = z.infer<typeof gameStateSchema>;

/** One line of the lobby, "my games" and the archive. */
export const gameSummarySchema = z.object({
  id: gameIdSchema,
  variant: z.string(),
  array: z.string(),
  clock: reportedTimeControlSchema.nullable(),
  rated: z.boolean(),
  status: z.enum(STATUSES),
  result: z.enum(RESULTS).optional(),
  reason: z.enum(END_REASONS).optional(),
  players: byColor(playerSchema.nullable()),
  turn: colorSchema,
  plies: z.int(),
  /** The tournament the game belongs to, if any. */
  tournamentId: tournamentIdSchema.optional(),
  createdAt: z.number(),
  endedAt: z.number().optional(),
});
export type GameSummary = z.infer<typeof gameSummarySchema>;

/** GET /api/lobby: open challenges, live ones first. */
export const lobbyResponseSchema = z.object({ games: z.array(gameSummarySchema) });
export type LobbyResponse = z.infer<typeof lobbyResponseSchema>;

/** GET /api/lobby/stream: the whole lobby, at once and again whenever it changes. */
export const lobbyEventSchema = z.object({
  type: z.literal('lobby'),
  games: z.array(gameSummarySchema),
});
export type LobbyEvent = z.infer<typeof lobbyEventSchema>;

/** The most seat tokens one "my games" request or watch names (a browser keeps as many). */
export const MAX_MY_GAMES_TOKENS = 200;

/** POST /api/my-games: the seats a browser holds (an account's seats are added from its cookie). */
export const myGamesRequestSchema = z.strictObject({
  tokens: z.array(tokenSchema).max(MAX_MY_GAMES_TOKENS),
});
export type MyGamesRequest = z.infer<typeof myGamesRequestSchema>;
export const myGameSchema = z.object({
  game: gameSummarySchema,
  color: colorSchema,
  myTurn: z.boolean(),
});
/** Games in progress (those where it is my turn first), then finished ones, newest first. */
export const myGamesResponseSchema = z.object({ games: z.array(myGameSchema) });
export type MyGamesResponse = z.infer<typeof myGamesResponseSchema>;

/** GET /api/archive?player=&variant=&before=&limit= : finished games, newest first. */
export const archiveQuerySchema = z
  .strictObject({
    player: z.string().min(1).max(40).optional(),
    variant: nameSchema.optional(),
    /**
     * The next page: the games after the last one shown, given by its `endedAt` (`before`) and its
     * id (`beforeId`), which keeps the order exact where games ended in the same millisecond.
     * `before` alone: the games that ended before that epoch ms.
     */
    before: z.coerce.number().int().min(0).optional(),
    beforeId: gameIdSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .refine((q) => q.beforeId === undefined || q.before !== undefined, {
    message: 'beforeId needs before',
    path: ['beforeId'],
  });
export type ArchiveQuery = z.infer<typeof archiveQuerySchema>;
export const archiveResponseSchema = z.object({ games: z.array(gameSummarySchema) });
export type ArchiveResponse = z.infer<typeof archiveResponseSchema>;

/** Answer to POST /api/games/:id/rematch: the new game and my seat in it once both agreed. */
export const rematchResponseSchema = z.object({
  game: gameStateSchema,
  rematch: z.object({ id: gameIdSchema, seat: seatSchema }).optional(),
});
export type RematchResponse = z.infer<typeof rematchResponseSchema>;
