/**
 * "My games" pushed (GET /api/my-games/socket, a WebSocket): the client names the seats it holds,
 * the session cookie names its account, and the server sends the whole list at once and again
 * whenever it changes. The seat tokens travel in a message, never in the URL (URLs are logged).
 */
import { z } from 'zod';
import { myGamesRequestSchema, myGamesResponseSchema } from './games.ts';
import { socketErrorSchema } from './messages.ts';

/**
 * Client -> server: watch the games of these seats (and of the account signed in by the session
 * cookie), replacing what the socket watched before. As many tokens as POST /api/my-games takes.
 */
export const myGamesWatchSchema = myGamesRequestSchema.extend({ type: z.literal('watch') });
export type MyGamesWatch = z.infer<typeof myGamesWatchSchema>;

/** Client -> server: every message the socket reads (a wrong `type` is named as such). */
export const myGamesClientMessageSchema = z.discriminatedUnion('type', [myGamesWatchSchema]);
export type MyGamesClientMessage = z.infer<typeof myGamesClientMessageSchema>;

/** Server -> client. */
export const myGamesEventSchema = z.discriminatedUnion('type', [
  /**
   * The whole list, as POST /api/my-games answers it: once after each watch, then whenever it
   * differs from the last one sent.
   */
  myGamesResponseSchema.extend({ type: z.literal('my-games') }),
  /** A refused message (the watch in place stays), or a list that could not be read now. */
  socketErrorSchema,
]);
export type MyGamesEvent = z.infer<typeof myGamesEventSchema>;
