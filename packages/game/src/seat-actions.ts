/**
 * What a seat may do now, as a client sees its game: over the protocol's `GameState` (kept by
 * applyEvent) and the seat's colour, by the same rules the server enforces (permissions.ts), so
 * that a client offers a player only what the server accepts.
 */
import type { Color, GameState, OfferAction, OfferKind } from '@citadel/protocol';
import {
  abortRefusal,
  addTimeRefusal,
  berserkRefusal,
  claimWinRefusal,
  hasMoved,
  moveRefusal,
  offerRefusal,
  resignRefusal,
  type GameFacts,
} from './permissions.ts';

/** What the rules of who may act read of a client's state. */
export const stateFacts = (s: GameState): GameFacts => ({
  status: s.status,
  plies: s.moves.length,
  clock: s.clock,
  offers: s.offers,
  seated: { white: s.players.white !== null, black: s.players.black !== null },
  rematchAgreed: s.rematch !== undefined,
  tournament: s.tournamentId !== undefined,
  berserk: s.berserk ?? { white: false, black: false },
  timeGiven: s.timeGiven ?? { white: 0, black: 0 },
});

/** Whether `seat` may move now: a game in progress, its turn. */
export const mayMove = (s: GameState, seat: Color): boolean =>
  moveRefusal(stateFacts(s), seat) === null;

/** Whether `seat` may resign now: a game in progress. */
export const mayResign = (s: GameState): boolean => resignRefusal(stateFacts(s)) === null;

/**
 * Whether `seat` may abort now: the game not over and this seat yet to make its first move. The
 * server accepts an abort a little longer, until each side has moved (abortRefusal); a client
 * offers a seat that has moved to resign instead.
 */
export const mayAbort = (s: GameState, seat: Color): boolean =>
  abortRefusal(stateFacts(s)) === null && !hasMoved(s.moves.length, seat);

/**
 * Whether `seat` may claim the win at `now`: a live game in progress whose opponent has been away
 * since `opponentAwaySince` for CLAIM_WIN_AFTER_MS. The times are the client's: the server counts
 * the absence by its own, so a claim made at the limit may still be refused.
 */
export const mayClaimWin = (s: GameState, opponentAwaySince: number | null, now: number): boolean =>
  claimWinRefusal(stateFacts(s), opponentAwaySince, now) === null;

/** Whether `seat` may `action` an offer of `kind` (offer, cancel its own, accept or decline). */
export const mayOffer = (
  s: GameState,
  seat: Color,
  kind: OfferKind,
  action: OfferAction,
): boolean => offerRefusal(stateFacts(s), kind, action, seat) === null;

/** Whether `seat` may go berserk now: a tournament game, before its own first move, once. */
export const mayBerserk = (s: GameState, seat: Color): boolean =>
  berserkRefusal(stateFacts(s), seat) === null;
/** Whether `seat` may give the opponent time now: a live game in progress, within the limit. */
export const mayAddTime = (s: GameState, seat: Color): boolean =>
  addTimeRefusal(stateFacts(s), seat) === null;
