/** Accounts: register, log in, who am I, a player's ratings. */
import { z } from 'zod';

export const usernameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{3,20}$/, 'a username is 3 to 20 letters, digits, _ or -');

/** POST /api/accounts/login (and the web app's registration) */
export const credentialsSchema = z.strictObject({
  username: usernameSchema,
  password: z.string().min(8, 'a password has at least 8 characters').max(200),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/**
 * POST /api/accounts/register. `bot: true` makes a bot account: a program plays it, and every
 * list, board and PGN marks it so. The kind is chosen here once and never changes: a person's
 * account cannot become a bot (its games and ratings were a person's), nor a bot a person.
 */
export const registerRequestSchema = credentialsSchema.extend({ bot: z.boolean().optional() });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** A Glicko-2 rating: rating, deviation, volatility, rated games played. */
export const ratingSchema = z.object({
  rating: z.number(),
  rd: z.number(),
  volatility: z.number(),
  games: z.int(),
});
export type Rating = z.infer<typeof ratingSchema>;

/** GET /api/accounts/me, GET /api/players/:name, and the answer to register/login. */
export const accountSchema = z.object({
  username: usernameSchema,
  /** Whether a program plays this account (registered with `bot: true`). */
  bot: z.boolean(),
  /** Ratings by variant id, for variants with rated games. */
  ratings: z.record(z.string(), ratingSchema),
});
export type Account = z.infer<typeof accountSchema>;

/**
 * GET /api/accounts/session: the account this browser is signed in as, or null for a guest. It
 * always answers 200, so a page can ask without a failed request (GET /api/accounts/me is 401).
 */
export const sessionSchema = z.object({ account: accountSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;
