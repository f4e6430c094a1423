/**
 * The online game's event interpreter, without a browser: the offers the server holds stay shown
 * across a move (only an `offers` event changes them), an agreed rematch is not taken back by
 * a state read before it, and an offer declined is known to the seat that made it.
 */
import type { GameState } from '@citadel/protocol';
import { describe, expect, it } from 'vitest';
import { OnlineGame } from './online-game.ts';

const START_FEN = 'start'; // not read by the interpreter: the moves are replayed on the core

function state(over: Partial<GameState> = {}): GameState {
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
    fen: START_FEN,
    turn: 'white',
    status: 'started',
    players: { white: null, black: null },
    connected: { white: true, black: true },
    offers: { draw: null, takeback: null, rematch: null },
    createdAt: 0,
    ...over,
  };
}

describe('OnlineGame.apply', () => {
  it('keeps showing a draw offer across a move until the server says it lapsed', () => {
    const g = new OnlineGame(
      state({ offers: { draw: 'white', takeback: null, rematch: null } }),
      'black',
    );
    g.apply({ type: 'move', ply: 1, move: 'e2e4', san: 'e4', fen: 'after e4' });
    expect(g.state.offers.draw).toBe('white');
    expect(g.state.moves).toEqual(['e2e4']);
    g.apply({ type: 'offers', offers: { draw: null, takeback: null, rematch: null } });
    expect(g.state.offers.draw).toBeNull();
  });

  it('knows its own offer declined until the next move, and not the opponent’s', () => {
    const none = { draw: null, takeback: null, rematch: null };
    const offered = state({ offers: { ...none, draw: 'white' } });
    const white = new OnlineGame(offered, 'white');
    const black = new OnlineGame(offered, 'black');
    for (const g of [white, black]) g.apply({ type: 'offers', offers: none, declined: 'draw' });
    expect(white.declined).toBe('draw');
    expect(black.declined).toBeNull();
    white.apply({ type: 'move', ply: 1, move: 'e2e4', san: 'e4', fen: 'after e4' });
    expect(white.declined).toBeNull();
  });

  it('keeps an agreed rematch when an older state arrives after the rematch event', () => {
    const ended = state({
      status: 'ended',
      result: '1-0',
      reason: 'resign',
      text: 'Black resigned',
    });
    const g = new OnlineGame(ended, 'white');
    g.apply({ type: 'rematch', id: 'zyxwvuts' });
    // The answer to this browser's own rematch offer, read before the opponent accepted.
    g.apply({
      type: 'state',
      game: { ...ended, offers: { draw: null, takeback: null, rematch: 'white' } },
      you: 'white',
    });
    expect(g.state.rematch).toBe('zyxwvuts');
  });
});
