/** The words of the online-play protocol: colours, statuses, results, end reasons and limits. */

/** The colours are the rules core's, so that a colour means one thing on every side of a game. */
export { COLORS, colorTitle, otherColor, type ByColor, type Color } from '@citadel/core';

/** The colour a game's creator asks for; `random` is drawn when the game is created. */
export const COLOR_CHOICES = ['white', 'black', 'random'] as const;
export type ColorChoice = (typeof COLOR_CHOICES)[number];

/** `waiting`: a seat is free; `started`: both seats taken; `ended`: a result is in. */
export const STATUSES = ['waiting', 'started', 'ended'] as const;
export type Status = (typeof STATUSES)[number];

/** PGN result tokens; `*` for an aborted game, which has no winner and is not rated. */
export const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'] as const;
export type ResultToken = (typeof RESULTS)[number];

/** The rules core's reasons (mate, stalemate, citadel, ...) and the server's own. */
export const RULE_REASONS = [
  'checkmate',
  'stalemate',
  'citadel',
  'bare-king',
  'repetition',
  'move-rule',
  'insufficient-material',
] as const;
/**
 * `no-start`: in a tournament game, the side to move let its first-move deadline pass and loses
 * (elsewhere such a game is aborted).
 */
export const SERVER_REASONS = [
  'resign',
  'timeout',
  'agreement',
  'abort',
  'abandon',
  'no-start',
] as const;
export const END_REASONS = [...RULE_REASONS, ...SERVER_REASONS] as const;
export type EndReason = (typeof END_REASONS)[number];

/**
 * Things a player can offer the opponent; each is accepted or declined by the other seat, or
 * cancelled (withdrawn) by the seat that offered it.
 */
export const OFFER_KINDS = ['draw', 'takeback', 'rematch'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const OFFER_ACTIONS = ['offer', 'accept', 'decline', 'cancel'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** The largest WebSocket message or request body the server reads, in bytes. */
export const MAX_MESSAGE_BYTES = 4096;
export const MAX_BODY_BYTES = 16384;
/**
 * The largest message the "my games" socket reads: a watch names as many seat tokens as
 * POST /api/my-games's body may.
 */
export const MAX_WATCH_BYTES = MAX_BODY_BYTES;
/** A live game's opponent who stays disconnected this long may be claimed against. */
export const CLAIM_WIN_AFTER_MS = 30_000;
/**
 * A live game where the side to move has not made its first move this long after the game
 * started (White) or after White's first move (Black) is aborted by the server (a tournament
 * game is lost instead: reason `no-start`). A correspondence
 * game gives a first move its days per move; a game without a clock waits.
 */
export const FIRST_MOVE_LIVE_MS = 30_000;

/** Where the web app shows a game, the lobby and the archive. */
export const gamePath = (id: string): string => `/game/${id}`;
export const LOBBY_PATH = '/lobby';
