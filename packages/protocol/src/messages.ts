/**
 * The live channel: what a client sends over the WebSocket (GET /api/games/:id/socket), and the
 * events the server sends there and on the HTTP stream (GET /api/games/:id/stream, NDJSON or
 * server-sent events). One typed map for both sides: what the client sends is strict (an unknown
 * field or type is refused), what the server sends is read tolerantly (a field the client does not
 * know is dropped; docs/api.md, "Versions"). Before these events every socket and stream sends its
 * `hello` (version.ts).
 */
import { z } from 'zod';
import {
  clocksSchema,
  colorSchema,
  gameStateSchema,
  moveRequestSchema,
  offersSchema,
  tokenSchema,
} from './games.ts';
import { END_REASONS, OFFER_ACTIONS, OFFER_KINDS, RESULTS } from './vocabulary.ts';

/**
 * Client -> server over the WebSocket. `auth` takes a seat: the token's, or without a token the seat
 * of the account signed in by the session cookie; without `auth` the socket watches.
 */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), token: tokenSchema.optional() }),
  moveRequestSchema.extend({ type: z.literal('move') }),
  z.strictObject({ type: z.literal('resign') }),
  z.strictObject({ type: z.literal('abort') }),
  z.strictObject({ type: z.literal('claim-win') }),
  /** A tournament game's seat halves its clock before its first move. */
  z.strictObject({ type: z.literal('berserk') }),
  z.strictObject({ type: z.literal('draw'), action: z.enum(OFFER_ACTIONS) }),
  z.strictObject({ type: z.literal('takeback'), action: z.enum(OFFER_ACTIONS) }),
  z.strictObject({ type: z.literal('rematch'), action: z.enum(OFFER_ACTIONS) }),
  /** Gives the opponent time (a live game; docs/api.md). */
  z.strictObject({ type: z.literal('add-time') }),
  /** The client's clock reading, echoed back so it can measure the lag. */
  z.strictObject({ type: z.literal('ping'), t: z.number().optional() }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type ClientMessageType = ClientMessage['type'];

export const playedMoveSchema = z.object({
  /** The number of moves played, this one included. */
  ply: z.int(),
  move: z.string(),
  san: z.string(),
  fen: z.string(),
  clocks: clocksSchema.optional(),
  /** While the side now to move has yet to make its first move: when the game is aborted. */
  firstMoveBy: z.number().optional(),
});
export type PlayedMove = z.infer<typeof playedMoveSchema>;

/**
 * A refused message, on any socket: what was wrong, with the status HTTP would answer; nothing
 * changed.
 */
export const socketErrorSchema = z.object({
  type: z.literal('error'),
  error: z.string(),
  status: z.int().optional(),
});
export type SocketError = z.infer<typeof socketErrorSchema>;

/** Server -> client, on the socket and the stream. */
export const serverEventSchema = z.discriminatedUnion('type', [
  /** The whole game: first on every (re)connection, and after a join or a takeback. */
  z.object({
    type: z.literal('state'),
    game: gameStateSchema,
    /** The seat this socket plays, or null for a spectator. */
    you: colorSchema.nullable(),
  }),
  playedMoveSchema.extend({ type: z.literal('move') }),
  z.object({
    type: z.literal('offers'),
    offers: offersSchema,
    /** Set when this change is an offer of this kind declined by the seat it was made to. */
    declined: z.enum(OFFER_KINDS).optional(),
  }),
  z.object({
    type: z.literal('presence'),
    connected: z.object({ white: z.boolean(), black: z.boolean() }),
    spectators: z.int(),
  }),
  z.object({
    type: z.literal('end'),
    result: z.enum(RESULTS),
    reason: z.enum(END_REASONS),
    text: z.string(),
    clocks: clocksSchema.optional(),
  }),
  /** `by` gave the opponent `ms` more: the clocks after it, and how often `by` has given time. */
  z.strictObject({
    type: z.literal('time-added'),
    by: colorSchema,
    ms: z.int(),
    given: z.int(),
    clocks: clocksSchema,
  }),
  /** Both players agreed to a rematch: the new game's id (ask POST /rematch for the seat). */
  z.object({ type: z.literal('rematch'), id: z.string() }),
  z.object({ type: z.literal('pong'), t: z.number().optional(), serverTime: z.number() }),
  /** A refused message: what was wrong; the game is unchanged. */
  socketErrorSchema,
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;
export type ServerEventType = ServerEvent['type'];
