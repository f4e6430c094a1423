/**
 * What a seat may do now, case by case (the property test in client-agrees-with-machine.test.ts
 * checks the functions against `step` over random games).
 */
import { CLAIM_WIN_AFTER_MS } from '@citadel/protocol';
import { describe, expect, it } from 'vitest';
import { mayAbort, mayClaimWin, mayMove, mayOffer, mayResign } from '../src/index.ts';
import { NO_OFFERS_MADE, stateOf } from '@citadel/protocol/testing';

const afterE4 = stateOf({ moves: ['e2e4'], san: ['e4'], turn: 'black' });

describe('moves, resignation and abort', () => {
  it('lets the side to move of a game in progress move', () => {
    expect(mayMove(afterE4, 'black')).toBe(true);
    expect(mayMove(afterE4, 'white')).toBe(false);
    expect(mayMove(stateOf({ status: 'waiting' }), 'white')).toBe(false);
    expect(mayMove(stateOf({ status: 'ended' }), 'white')).toBe(false);
  });

  it('offers an abort before the seat’s own first move, and resignation in a game in progress', () => {
    expect(mayAbort(stateOf({ status: 'waiting' }), 'white')).toBe(true);
    expect(mayAbort(afterE4, 'white')).toBe(false);
    expect(mayAbort(afterE4, 'black')).toBe(true);
    expect(mayAbort(stateOf({ status: 'ended' }), 'black')).toBe(false);
    expect(mayResign(afterE4)).toBe(true);
    expect(mayResign(stateOf({ status: 'waiting' }))).toBe(false);
  });
});

describe('offers', () => {
  it('lets a seat cancel its own offer and the opponent accept or decline it, not the reverse', () => {
    const offered = stateOf({ offers: { ...NO_OFFERS_MADE, draw: 'white' } });
    expect(mayOffer(offered, 'white', 'draw', 'cancel')).toBe(true);
    expect(mayOffer(offered, 'white', 'draw', 'offer')).toBe(false);
    expect(mayOffer(offered, 'white', 'draw', 'accept')).toBe(false);
    expect(mayOffer(offered, 'black', 'draw', 'cancel')).toBe(false);
    expect(mayOffer(offered, 'black', 'draw', 'accept')).toBe(true);
    expect(mayOffer(offered, 'black', 'draw', 'decline')).toBe(true);
    // Offering back agrees to it, as the server takes it.
    expect(mayOffer(offered, 'black', 'draw', 'offer')).toBe(true);
  });

  it('asks a takeback only of a seat that has moved, in a game in progress', () => {
    expect(mayOffer(afterE4, 'white', 'takeback', 'offer')).toBe(true);
    expect(mayOffer(afterE4, 'black', 'takeback', 'offer')).toBe(false);
    expect(mayOffer(stateOf({ status: 'ended' }), 'white', 'draw', 'offer')).toBe(false);
  });

  it('offers a rematch once, after an end between two players', () => {
    const ended = stateOf({ status: 'ended' });
    expect(mayOffer(ended, 'white', 'rematch', 'offer')).toBe(true);
    expect(mayOffer(stateOf(), 'white', 'rematch', 'offer')).toBe(false);
    expect(mayOffer({ ...ended, rematch: 'zyxwvuts' }, 'white', 'rematch', 'offer')).toBe(false);
    const alone = { ...ended, players: { white: { name: null }, black: null } };
    expect(mayOffer(alone, 'white', 'rematch', 'offer')).toBe(false);
  });
});

describe('claiming the win', () => {
  const live = stateOf({ clock: { initial: 60, increment: 0 } });

  it('needs a live game whose opponent has been away long enough', () => {
    expect(mayClaimWin(live, 0, CLAIM_WIN_AFTER_MS)).toBe(true);
    expect(mayClaimWin(live, 1, CLAIM_WIN_AFTER_MS)).toBe(false);
    expect(mayClaimWin(live, null, CLAIM_WIN_AFTER_MS)).toBe(false);
    expect(mayClaimWin(stateOf(), 0, CLAIM_WIN_AFTER_MS)).toBe(false);
    expect(mayClaimWin({ ...live, clock: { daysPerMove: 1 } }, 0, CLAIM_WIN_AFTER_MS)).toBe(false);
    expect(mayClaimWin({ ...live, status: 'ended' }, 0, CLAIM_WIN_AFTER_MS)).toBe(false);
  });
});
