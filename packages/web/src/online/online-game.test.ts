/**
 * The online game's event interpreter, without a browser: the offers the server holds stay shown
 * across a move (only an `offers` event changes them), an agreed rematch is not taken back by
 * a state read before it, and an offer declined is known to the seat that made it. The state
 * itself is @citadel/game's applyEvent (tested there); these check what the page keeps beside it:
 * the board, the decline note, the opponent's absence, the buttons it allows, how long the seat
 * has held its turn and the time last given.
 */
import { NO_OFFERS_MADE, stateOf as state } from '@citadel/protocol/testing';
import { CLAIM_WIN_AFTER_MS } from '@citadel/protocol';
import { describe, expect, it, vi } from 'vitest';
import { OnlineGame } from './online-game.ts';

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
    const none = NO_OFFERS_MADE;
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

describe('OnlineGame beside the state', () => {
  it('plays its own move at once and only confirms it when the server sends it back', () => {
    const g = new OnlineGame(state(), 'white');
    expect(g.playLocal('e2e4')).toEqual({ move: 'e2e4', ply: 0 });
    expect(g.apply({ type: 'move', ply: 1, move: 'e2e4', san: 'e4', fen: 'after e4' })).toEqual({
      moved: false,
    });
    expect(g.board.moves().map((m) => m.text)).toEqual(['e2e4']);
    expect(g.myTurn()).toBe(false);
  });

  it('replays the board on a takeback and ignores a move it has already', () => {
    const g = new OnlineGame(state(), 'black');
    g.apply({ type: 'move', ply: 1, move: 'e2e4', san: 'e4', fen: 'after e4' });
    expect(g.apply({ type: 'move', ply: 1, move: 'e2e4', san: 'e4', fen: 'after e4' })).toEqual({});
    expect(g.apply({ type: 'state', game: state(), you: 'black' })).toMatchObject({ reset: true });
    expect(g.board.moves()).toEqual([]);
  });

  it('counts the opponent away from the presence that says so, and allows the claim after it', () => {
    const g = new OnlineGame(state({ clock: { initial: 60, increment: 0 } }), 'white');
    g.apply({ type: 'presence', connected: { white: true, black: false }, spectators: 2 }, 1000);
    expect(g.spectators).toBe(2);
    expect(g.connected.black).toBe(false);
    expect(g.opponentAwaySince).toBe(1000);
    expect(g.mayClaimWin(1000 + CLAIM_WIN_AFTER_MS - 1)).toBe(false);
    expect(g.mayClaimWin(1000 + CLAIM_WIN_AFTER_MS)).toBe(true);
    g.apply({ type: 'presence', connected: { white: true, black: true }, spectators: 2 }, 2000);
    expect(g.opponentAwaySince).toBeNull();
  });

  it('offers the abort until this seat has moved, and nothing to a spectator', () => {
    const g = new OnlineGame(state(), 'white');
    expect(g.mayAbort()).toBe(true);
    g.apply({ type: 'move', ply: 1, move: 'e2e4', san: 'e4', fen: 'after e4' });
    expect(g.mayAbort()).toBe(false);
    const watcher = new OnlineGame(state(), null);
    expect([watcher.mayAbort(), watcher.myTurn(), watcher.mayClaimWin()]).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe('OnlineGame and the clocks', () => {
  it('reports how long the seat has held its turn, from the move that gave it', () => {
    let now = 1_000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      const g = new OnlineGame(state({ clock: { initial: 60, increment: 0 } }), 'black');
      expect(g.moveTime()).toBeUndefined();
      g.apply({ type: 'move', ply: 1, move: 'e2e4', san: 'e4', fen: 'after e4' });
      now = 1_250;
      expect(g.moveTime()).toBe(250);
      // Other news does not restart the count.
      g.apply({ type: 'presence', connected: { white: true, black: true }, spectators: 0 });
      now = 1_400;
      expect(g.moveTime()).toBe(400);
      g.apply({ type: 'move', ply: 2, move: 'e7e5', san: 'e5', fen: 'after e5' });
      expect(g.moveTime()).toBeUndefined();
      // A page opened on its turn counts from then.
      const opened = new OnlineGame(state(), 'white');
      now = 1_500;
      expect(opened.moveTime()).toBe(100);
    } finally {
      clock.mockRestore();
    }
  });

  it('takes the clocks of time given, and says so until the next move', () => {
    const g = new OnlineGame(state({ clock: { initial: 60, increment: 0 } }), 'white');
    const clocks = { white: 75_000, black: 60_000, running: null, at: 5 };
    g.apply({ type: 'time-added', by: 'black', ms: 15_000, given: 1, clocks });
    expect(g.timeAdded).toEqual({ by: 'black', ms: 15_000 });
    expect(g.state.clocks).toEqual(clocks);
    expect(g.state.timeGiven).toEqual({ white: 0, black: 1 });
    g.apply({ type: 'move', ply: 1, move: 'e2e4', san: 'e4', fen: 'after e4' });
    expect(g.timeAdded).toBeNull();
  });
});
