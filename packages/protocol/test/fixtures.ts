/**
 * Test fixtures: a game's state as the server sends it. Other packages' tests import them as
 * `@citadel/protocol/testing`.
 */
import type { GameState, Offers } from '../src/index.ts';

export const NO_OFFERS_MADE: Offers = { draw: null, takeback: null, rematch: null };

/** A started chess game without a clock, both players connected, with `over` changed. */
export function stateOf(over: Partial<GameState> = {}): GameState {
  return {
    id: 'abcdefgh',
    variant: 'chess',
    array: 'standard',
    rules: {},
    clock: null,
    rated: false,
    lobby: false,
    moves: [],
    san: [],
    fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    turn: 'white',
    status: 'started',
    players: { white: { name: null }, black: { name: null } },
    connected: { white: true, black: true },
    offers: NO_OFFERS_MADE,
    createdAt: 0,
    ...over,
  };
}
