/**
 * A client's reading of the server's events: the game's state as the server last told it, brought
 * up to date event by event (docs/api.md, "Live events and messages"). Pure: the web app, the bot
 * and the tests keep their own board, sounds and timers beside it.
 */
import {
  otherColor,
  type Color,
  type GameState,
  type OfferKind,
  type ServerEvent,
} from '@citadel/protocol';
import { NO_OFFERS } from './record.ts';

/**
 * The state after `event`. A `state` event is the whole game, except that a rematch once agreed
 * stays agreed (a state read before it, such as the answer to one's own rematch offer, can arrive
 * after the `rematch` event). A `move` is taken only as the next one (a repeated or early one
 * changes nothing); it leaves the offers as they were, since a move's lapsed offers are an
 * `offers` event of their own. An `end` of a game already over changes nothing. `time-added`
 * brings the clocks and the giver's count. Events that
 * change no game (`pong`, `error`) give `state` itself.
 */
export function applyEvent(state: GameState, event: ServerEvent): GameState {
  switch (event.type) {
    case 'state': {
      const rematch =
        event.game.rematch ?? (event.game.id === state.id ? state.rematch : undefined);
      return rematch ? { ...event.game, rematch } : event.game;
    }
    case 'move': {
      if (event.ply !== state.moves.length + 1) return state;
      // A first-move deadline lasts until the next move, which says the next one if any.
      return {
        ...withoutDeadline(state),
        ...(event.firstMoveBy !== undefined ? { firstMoveBy: event.firstMoveBy } : {}),
        status: state.status === 'waiting' ? 'started' : state.status,
        moves: [...state.moves, event.move],
        san: [...state.san, event.san],
        fen: event.fen,
        turn: otherColor(state.turn),
        ...(event.clocks ? { clocks: event.clocks } : {}),
      };
    }
    case 'offers':
      return { ...state, offers: event.offers };
    case 'presence':
      return { ...state, connected: event.connected };
    case 'end': {
      if (state.status === 'ended') return state;
      // An ended game has no deadline and no offers pending (the server drops them with the end).
      return {
        ...withoutDeadline(state),
        status: 'ended',
        result: event.result,
        reason: event.reason,
        text: event.text,
        offers: NO_OFFERS,
        ...(event.clocks ? { clocks: event.clocks } : {}),
      };
    }
    case 'time-added':
      return {
        ...state,
        clocks: event.clocks,
        timeGiven: { white: 0, black: 0, ...state.timeGiven, [event.by]: event.given },
      };
    case 'rematch':
      // Agreed: the offer that led to it is answered.
      return { ...state, rematch: event.id, offers: { ...state.offers, rematch: null } };
    case 'pong':
    case 'error':
      return state;
  }
}

/**
 * The state after `event` for a client that may not have had its first `state` event yet: it knows
 * nothing of the game (null) until then.
 */
export function stateAfter(state: GameState | null, event: ServerEvent): GameState | null {
  if (state) return applyEvent(state, event);
  return event.type === 'state' ? event.game : null;
}

/** `state` without its first-move deadline. */
function withoutDeadline(state: GameState): GameState {
  const copy = { ...state };
  delete copy.firstMoveBy;
  return copy;
}

/**
 * The offer of `seat` that `event` says the opponent declined, or null: read with the state before
 * the event, so that the seat that offered can be told (a withdrawn or lapsed offer is no decline).
 */
export function declinedOffer(
  state: GameState,
  event: ServerEvent,
  seat: Color | null,
): OfferKind | null {
  if (event.type !== 'offers' || !event.declined || seat === null) return null;
  return state.offers[event.declined] === seat ? event.declined : null;
}
