/**
 * Why the service refuses a request, in the domain's words: `http/` alone turns a kind into a
 * status (http/refusal-status.ts), so the services know nothing of HTTP. The game package's
 * reasons (`RefusalReason` of @citadel/game: invalid, forbidden, conflict) are among them.
 */
export type RefusalKind =
  /** The request is malformed or asks for something the rules refuse. */
  | 'invalid'
  /** It needs an account and comes without one (or with wrong credentials). */
  | 'unauthenticated'
  /** The one asking may not do this (no seat, not theirs). */
  | 'forbidden'
  | 'not-found'
  /** Not now: the game's or the account's state does not allow it (taken, over, not your turn). */
  | 'conflict'
  /** Too many attempts: wait before trying again (failed logins to one name). */
  | 'throttled'
  /** Stored data the service cannot read: the server's fault, logged. */
  | 'broken'
  /** Something the API names but the server does not offer yet (round-robin leagues). */
  | 'not-implemented';

/** A refusal; the transport sends `{ error: message }` and nothing else. */
export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
  }
}
