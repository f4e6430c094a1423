/**
 * applyEvent, the clients' reading of the server's events, case by case; the property test in
 * client-agrees-with-machine.test.ts checks it against the machine over random games. The first
 * cases are the clients' earlier offer bugs: an offer dropped by a move, an agreed rematch taken
 * back by a state read before it.
 */
import type { ServerEvent } from '@citadel/protocol';
import { describe, expect, it } from 'vitest';
import { applyEvent, declinedOffer, stateAfter } from '../src/index.ts';
import { NO_OFFERS_MADE, stateOf } from '@citadel/protocol/testing';

const e4: ServerEvent = { type: 'move', ply: 1, move: 'e2e4', san: 'e4', fen: 'after e4' };

describe('applyEvent', () => {
  it('keeps an offer across a move until an offers event says it lapsed', () => {
    const offered = stateOf({ offers: { ...NO_OFFERS_MADE, draw: 'white' } });
    const moved = applyEvent(offered, e4);
    expect(moved.offers.draw).toBe('white');
    expect(moved).toMatchObject({ moves: ['e2e4'], san: ['e4'], fen: 'after e4', turn: 'black' });
    expect(applyEvent(moved, { type: 'offers', offers: NO_OFFERS_MADE }).offers.draw).toBeNull();
  });

  it('keeps an agreed rematch when a state read before it arrives after the rematch event', () => {
    const ended = stateOf({ status: 'ended', result: '1-0', reason: 'resign', text: 'resigned' });
    const agreed = applyEvent(ended, { type: 'rematch', id: 'zyxwvuts' });
    const older = { ...ended, offers: { ...NO_OFFERS_MADE, rematch: 'white' as const } };
    const after = applyEvent(agreed, { type: 'state', game: older, you: 'white' });
    expect(after.rematch).toBe('zyxwvuts');
    // Another game's state (the page moved on) carries no rematch over.
    const other = applyEvent(agreed, {
      type: 'state',
      game: { ...ended, id: 'other001' },
      you: null,
    });
    expect(other.rematch).toBeUndefined();
  });

  it('answers the rematch offer once the rematch is agreed', () => {
    const offered = stateOf({ status: 'ended', offers: { ...NO_OFFERS_MADE, rematch: 'black' } });
    const agreed = applyEvent(offered, { type: 'rematch', id: 'zyxwvuts' });
    expect(agreed).toMatchObject({ rematch: 'zyxwvuts', offers: NO_OFFERS_MADE });
  });

  it('takes only the next move, and replaces the first-move deadline with the move’s own', () => {
    const waiting = stateOf({ firstMoveBy: 30_000 });
    expect(applyEvent(waiting, { ...e4, ply: 2 })).toBe(waiting);
    const moved = applyEvent(waiting, { ...e4, firstMoveBy: 60_000 });
    expect(moved.firstMoveBy).toBe(60_000);
    expect(applyEvent(moved, { ...e4, ply: 1 })).toBe(moved);
    const second = applyEvent(moved, {
      type: 'move',
      ply: 2,
      move: 'e7e5',
      san: 'e5',
      fen: 'after e5',
    });
    expect(second.firstMoveBy).toBeUndefined();
    expect(second.turn).toBe('white');
  });

  it('starts a waiting game on its first move, and takes its clocks', () => {
    const clocks = { white: 1000, black: 2000, running: null, at: 5 };
    const moved = applyEvent(stateOf({ status: 'waiting' }), { ...e4, clocks });
    expect(moved).toMatchObject({ status: 'started', clocks });
  });

  it('ends once: no deadline, no offers pending; a second end changes nothing', () => {
    const playing = stateOf({ firstMoveBy: 9, offers: { ...NO_OFFERS_MADE, draw: 'black' } });
    const end: ServerEvent = { type: 'end', result: '0-1', reason: 'resign', text: 'resigned' };
    const ended = applyEvent(playing, end);
    expect(ended).toMatchObject({ status: 'ended', result: '0-1', offers: NO_OFFERS_MADE });
    expect(ended.firstMoveBy).toBeUndefined();
    expect(applyEvent(ended, { ...end, result: '1-0' })).toBe(ended);
  });

  it('takes who is connected from presence, and leaves the game alone on pong and error', () => {
    const s = stateOf();
    const away = { white: true, black: false };
    expect(applyEvent(s, { type: 'presence', connected: away, spectators: 3 }).connected).toEqual(
      away,
    );
    expect(applyEvent(s, { type: 'pong', serverTime: 1 })).toBe(s);
    expect(applyEvent(s, { type: 'error', error: 'no' })).toBe(s);
  });
});

describe('stateAfter', () => {
  it('knows nothing until the first state event, then applies every event', () => {
    expect(stateAfter(null, e4)).toBeNull();
    const first = stateAfter(null, { type: 'state', game: stateOf(), you: null });
    expect(first).toEqual(stateOf());
    expect(stateAfter(first, e4)?.moves).toEqual(['e2e4']);
  });
});

describe('declinedOffer', () => {
  const offered = stateOf({ offers: { ...NO_OFFERS_MADE, draw: 'white' } });
  const declined: ServerEvent = { type: 'offers', offers: NO_OFFERS_MADE, declined: 'draw' };

  it('tells the seat that offered, and nobody else, that its offer was declined', () => {
    expect(declinedOffer(offered, declined, 'white')).toBe('draw');
    expect(declinedOffer(offered, declined, 'black')).toBeNull();
    expect(declinedOffer(offered, declined, null)).toBeNull();
  });

  it('says nothing of an offer withdrawn or lapsed', () => {
    expect(declinedOffer(offered, { type: 'offers', offers: NO_OFFERS_MADE }, 'white')).toBeNull();
    expect(declinedOffer(offered, e4, 'white')).toBeNull();
  });
});
