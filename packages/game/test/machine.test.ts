import { CLAIM_WIN_AFTER_MS, FIRST_MOVE_LIVE_MS, type TimeControl } from '@citadel/protocol';
import { describe, expect, it } from 'vitest';
import { clocksAt, deadlineAt, flagAt } from '../src/clock.ts';
import { newGameRecord, rematchRecord } from '../src/record.ts';
import { positionOf } from '../src/replay.ts';
import { step } from '../src/step.ts';
import { seat, startedGame } from './game-driver.ts';

/** A started chess game and a driver that applies events at an injected time. */
function game(clock: TimeControl | null = null) {
  const t = startedGame('chess', clock);
  expect(t.join.ok).toBe(true);
  return t;
}

describe('moves', () => {
  it('plays in turn and ends by the rules core outcome', () => {
    const t = game();
    for (const [i, m] of ['f2f3', 'e7e5', 'g2g4'].entries())
      expect(t.apply({ type: 'move', by: i % 2 ? 'black' : 'white', move: m }, i).ok).toBe(true);
    const mate = t.apply({ type: 'move', by: 'black', move: 'Qh4#' }, 5);
    expect(mate.ok && mate.tell.map((n) => n.type)).toEqual(['move', 'end']);
    expect(t.get()).toMatchObject({ status: 'ended', result: '0-1', reason: 'checkmate' });
    expect(t.get().moves).toEqual(['f2f3', 'e7e5', 'g2g4', 'd8h4']);
  });

  it('refuses a wrong turn, a stale ply and an illegal move, changing nothing', () => {
    const t = game();
    const before = t.get();
    const fen = t.pos.fen();
    expect(t.apply({ type: 'move', by: 'black', move: 'e7e5' }, 1)).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
    expect(t.apply({ type: 'move', by: 'white', move: 'e2e4', ply: 3 }, 1)).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
    const bad = t.apply({ type: 'move', by: 'white', move: 'e2e5' }, 1);
    expect(bad).toMatchObject({ ok: false, reason: 'invalid' });
    expect(!bad.ok && bad.error).toContain('e2e5');
    expect(t.get()).toBe(before);
    expect(t.pos.fen()).toBe(fen);
  });

  it('refuses moves before the second player joins', () => {
    const g = newGameRecord({
      id: 'abcdefgh',
      variant: 'chess',
      array: 'standard',
      rules: {},
      clock: null,
      rated: false,
      lobby: true,
      creator: 'black',
      seat: seat('b'),
      now: 0,
    });
    const pos = positionOf(g);
    if (!pos.ok) throw new Error(pos.error);
    expect(step(g, pos.value, { type: 'move', by: 'white', move: 'e2e4' }, 0)).toMatchObject({
      reason: 'conflict',
    });
  });
});

describe('live clock', () => {
  it('runs only after both first moves, charges the mover and adds the increment', () => {
    const t = game({ initial: 60, increment: 2 });
    t.apply({ type: 'move', by: 'white', move: 'e2e4' }, 10_000);
    t.apply({ type: 'move', by: 'black', move: 'e7e5' }, 25_000);
    expect(t.get().clockLeft).toEqual({ white: 60_000, black: 60_000 });
    expect(clocksAt(t.get(), 26_000)).toMatchObject({ white: 59_000, running: 'white' });
    t.apply({ type: 'move', by: 'white', move: 'g1f3' }, 30_000);
    expect(t.get().clockLeft.white).toBe(60_000 - 5_000 + 2_000);
    expect(t.get().moveClocks).toEqual([60_000, 60_000, 57_000]);
    expect(flagAt(t.get())).toBe(30_000 + 60_000);
  });

  it('flags the side to move when its time is out, by timer or on a late move', () => {
    const t = game({ initial: 10, increment: 0 });
    t.apply({ type: 'move', by: 'white', move: 'e2e4' }, 0);
    t.apply({ type: 'move', by: 'black', move: 'e7e5' }, 0);
    expect(t.apply({ type: 'flag' }, 9_999)).toMatchObject({ ok: true, tell: [] });
    expect(t.get().status).toBe('started');
    const late = t.apply({ type: 'move', by: 'white', move: 'g1f3' }, 10_000);
    expect(late).toMatchObject({ ok: true, refusal: { reason: 'conflict' } });
    expect(t.get()).toMatchObject({ status: 'ended', result: '0-1', reason: 'timeout' });
    expect(t.get().clockLeft.white).toBe(0);
    expect(t.get().moves).toHaveLength(2);
  });
});

describe('correspondence clock', () => {
  it('gives every move the days per move and flags after them', () => {
    const day = 86_400_000;
    const t = game({ daysPerMove: 2 });
    t.apply({ type: 'move', by: 'white', move: 'e2e4' }, 0);
    t.apply({ type: 'move', by: 'black', move: 'e7e5' }, day);
    t.apply({ type: 'move', by: 'white', move: 'g1f3' }, day + 1.5 * day);
    expect(t.get().clockLeft).toEqual({ white: 2 * day, black: 2 * day });
    expect(t.apply({ type: 'flag' }, 2.5 * day + 2 * day).ok).toBe(true);
    expect(t.get()).toMatchObject({ status: 'ended', result: '1-0', reason: 'timeout' });
  });
});

describe('first-move deadline', () => {
  const day = 86_400_000;

  it('aborts a live game whose White lets the first move wait, unrated and without a winner', () => {
    const t = game({ initial: 60, increment: 0 });
    expect(t.get().firstMoveBy).toBe(FIRST_MOVE_LIVE_MS);
    expect(deadlineAt(t.get())).toBe(FIRST_MOVE_LIVE_MS);
    expect(t.apply({ type: 'flag' }, FIRST_MOVE_LIVE_MS - 1)).toMatchObject({ ok: true, tell: [] });
    expect(t.get().status).toBe('started');
    const s = t.apply({ type: 'flag' }, FIRST_MOVE_LIVE_MS);
    expect(s.ok && s.tell).toEqual([
      expect.objectContaining({ type: 'end', result: '*', reason: 'abort' }),
    ]);
    expect(t.get()).toMatchObject({ status: 'ended', result: '*', reason: 'abort' });
    expect(t.get().text).toContain('White did not make a first move');
    expect(t.get().firstMoveBy).toBeNull();
    expect(deadlineAt(t.get())).toBeNull();
  });

  it('counts Black’s wait from White’s first move and refuses Black’s late move', () => {
    const t = game({ initial: 60, increment: 0 });
    t.apply({ type: 'move', by: 'white', move: 'e2e4' }, 10_000);
    expect(t.get().firstMoveBy).toBe(10_000 + FIRST_MOVE_LIVE_MS);
    const late = t.apply({ type: 'move', by: 'black', move: 'e7e5' }, 10_000 + FIRST_MOVE_LIVE_MS);
    expect(late).toMatchObject({ ok: true, refusal: { reason: 'conflict' } });
    expect(!late.ok || late.refusal?.error).toContain('aborted');
    expect(t.get()).toMatchObject({ status: 'ended', result: '*', reason: 'abort' });
    expect(t.get().text).toContain('Black did not make a first move');
    expect(t.get().moves).toEqual(['e2e4']);
  });

  it('ends once both sides have moved: then the clock runs and only a flag can end by time', () => {
    const t = game({ initial: 60, increment: 0 });
    t.apply({ type: 'move', by: 'white', move: 'e2e4' }, 1_000);
    t.apply({ type: 'move', by: 'black', move: 'e7e5' }, 2_000);
    expect(t.get().firstMoveBy).toBeNull();
    expect(deadlineAt(t.get())).toBe(flagAt(t.get()));
    expect(t.apply({ type: 'flag' }, 2_000 + FIRST_MOVE_LIVE_MS).ok).toBe(true);
    expect(t.get().status).toBe('started');
  });

  it('gives a correspondence first move the days per move, and a game without a clock no limit', () => {
    const c = game({ daysPerMove: 3 });
    expect(c.get().firstMoveBy).toBe(3 * day);
    c.apply({ type: 'flag' }, 3 * day - 1);
    expect(c.get().status).toBe('started');
    c.apply({ type: 'flag' }, 3 * day);
    expect(c.get()).toMatchObject({ status: 'ended', reason: 'abort' });
    const u = game();
    expect(u.get().firstMoveBy).toBeNull();
    expect(deadlineAt(u.get())).toBeNull();
    expect(u.apply({ type: 'flag' }, 100 * day)).toMatchObject({ ok: true, tell: [] });
    expect(u.get().status).toBe('started');
  });

  it('starts the wait again after a takeback before both first moves, and in a rematch', () => {
    const t = game({ initial: 60, increment: 0 });
    t.apply({ type: 'move', by: 'white', move: 'e2e4' }, 1_000);
    t.apply({ type: 'move', by: 'black', move: 'e7e5' }, 2_000);
    t.apply({ type: 'offer', kind: 'takeback', action: 'offer', by: 'black' }, 3_000);
    t.apply({ type: 'offer', kind: 'takeback', action: 'accept', by: 'white' }, 4_000);
    expect(t.get().moves).toEqual(['e2e4']);
    expect(t.get().firstMoveBy).toBe(4_000 + FIRST_MOVE_LIVE_MS);
    t.apply({ type: 'resign', by: 'white' }, 5_000);
    const next = rematchRecord(t.get(), 'zyxwvuts', 6_000);
    expect(next.firstMoveBy).toBe(6_000 + FIRST_MOVE_LIVE_MS);
  });
});

describe('negotiation', () => {
  it('agrees a draw on accept or on crossing offers, and lets a move decline it', () => {
    const t = game();
    t.apply({ type: 'offer', kind: 'draw', action: 'offer', by: 'white' }, 0);
    expect(t.get().offers.draw).toBe('white');
    t.apply({ type: 'move', by: 'white', move: 'e2e4' }, 0);
    expect(t.get().offers.draw).toBe('white');
    t.apply({ type: 'move', by: 'black', move: 'e7e5' }, 0);
    expect(t.get().offers.draw).toBeNull();
    expect(t.apply({ type: 'offer', kind: 'draw', action: 'accept', by: 'white' }, 0).ok).toBe(
      false,
    );
    t.apply({ type: 'offer', kind: 'draw', action: 'offer', by: 'black' }, 0);
    t.apply({ type: 'offer', kind: 'draw', action: 'decline', by: 'white' }, 0);
    expect(t.get().offers.draw).toBeNull();
    t.apply({ type: 'offer', kind: 'draw', action: 'offer', by: 'black' }, 0);
    t.apply({ type: 'offer', kind: 'draw', action: 'offer', by: 'white' }, 0);
    expect(t.get()).toMatchObject({ status: 'ended', result: '1/2-1/2', reason: 'agreement' });
  });

  it('says a declined offer is declined', () => {
    const t = game();
    t.apply({ type: 'move', by: 'white', move: 'e2e4' }, 0);
    for (const kind of ['draw', 'takeback'] as const) {
      t.apply({ type: 'offer', kind, action: 'offer', by: 'white' }, 0);
      const s = t.apply({ type: 'offer', kind, action: 'decline', by: 'black' }, 0);
      expect(s.ok && s.tell).toEqual([
        { type: 'offers', offers: { draw: null, takeback: null, rematch: null }, declined: kind },
      ]);
    }
  });

  it('lets the seat that offered cancel its own offer, and no one else', () => {
    const t = game();
    t.apply({ type: 'offer', kind: 'draw', action: 'offer', by: 'white' }, 0);
    const theirs = t.apply({ type: 'offer', kind: 'draw', action: 'cancel', by: 'black' }, 0);
    expect(theirs).toMatchObject({
      ok: false,
      reason: 'conflict',
      error: 'you have no draw offer to cancel',
    });
    expect(t.get().offers.draw).toBe('white');
    const mine = t.apply({ type: 'offer', kind: 'draw', action: 'cancel', by: 'white' }, 0);
    expect(mine.ok && mine.tell).toEqual([
      { type: 'offers', offers: { draw: null, takeback: null, rematch: null } },
    ]);
    expect(t.get().offers.draw).toBeNull();
    expect(t.apply({ type: 'offer', kind: 'draw', action: 'cancel', by: 'white' }, 0).ok).toBe(
      false,
    );
  });

  it('takes back to the asker’s last move', () => {
    const t = game();
    expect(t.apply({ type: 'offer', kind: 'takeback', action: 'offer', by: 'white' }, 0).ok).toBe(
      false,
    );
    for (const [i, m] of ['e2e4', 'e7e5', 'g1f3'].entries())
      t.apply({ type: 'move', by: i % 2 ? 'black' : 'white', move: m }, 0);
    t.apply({ type: 'offer', kind: 'takeback', action: 'offer', by: 'white' }, 0);
    t.apply({ type: 'offer', kind: 'takeback', action: 'accept', by: 'black' }, 0);
    expect(t.get().moves).toEqual(['e2e4', 'e7e5']);
    t.apply({ type: 'move', by: 'white', move: 'd2d4' }, 0);
    t.apply({ type: 'offer', kind: 'takeback', action: 'offer', by: 'black' }, 0);
    const s = t.apply({ type: 'offer', kind: 'takeback', action: 'accept', by: 'white' }, 0);
    expect(s.ok && s.tell).toEqual([{ type: 'state' }]);
    expect(t.get().moves).toEqual(['e2e4']);
    expect(t.pos.history().map((m) => m.text)).toEqual(['e2e4']);
  });
});

describe('abort, resign, claim and rematch', () => {
  it('aborts only before each side has moved', () => {
    const t = game();
    t.apply({ type: 'move', by: 'white', move: 'e2e4' }, 0);
    t.apply({ type: 'move', by: 'black', move: 'e7e5' }, 0);
    expect(t.apply({ type: 'abort', by: 'white' }, 0)).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
    const u = game();
    u.apply({ type: 'move', by: 'white', move: 'e2e4' }, 0);
    expect(u.apply({ type: 'abort', by: 'black' }, 0).ok).toBe(true);
    expect(u.get()).toMatchObject({ status: 'ended', result: '*', reason: 'abort' });
  });

  it('lets a live player claim a win once the opponent has been away long enough', () => {
    const t = game({ initial: 300, increment: 0 });
    t.apply({ type: 'move', by: 'white', move: 'e2e4' }, 0);
    t.apply({ type: 'move', by: 'black', move: 'e7e5' }, 0);
    const claim = (since: number | null, now: number) =>
      t.apply({ type: 'claim-win', by: 'black', opponentAwaySince: since }, now);
    expect(claim(null, 1000)).toMatchObject({ ok: false, reason: 'conflict' });
    expect(claim(1000, 1000 + CLAIM_WIN_AFTER_MS - 1)).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
    expect(claim(1000, 1000 + CLAIM_WIN_AFTER_MS).ok).toBe(true);
    expect(t.get()).toMatchObject({ result: '0-1', reason: 'abandon' });
    const c = game({ daysPerMove: 1 });
    expect(c.apply({ type: 'claim-win', by: 'black', opponentAwaySince: 0 }, 1e6).ok).toBe(false);
  });

  it('resigns and agrees a rematch with colours swapped', () => {
    const t = game();
    expect(t.apply({ type: 'offer', kind: 'rematch', action: 'offer', by: 'white' }, 0).ok).toBe(
      false,
    );
    t.apply({ type: 'resign', by: 'white' }, 0);
    expect(t.get()).toMatchObject({ result: '0-1', reason: 'resign' });
    t.apply({ type: 'offer', kind: 'rematch', action: 'offer', by: 'white' }, 0);
    const s = t.apply(
      { type: 'offer', kind: 'rematch', action: 'accept', by: 'black', rematchId: 'zyxwvuts' },
      0,
    );
    expect(s).toMatchObject({ ok: true, rematch: true });
    const next = rematchRecord(t.get(), 'zyxwvuts', 5);
    expect(next.seats.white?.name).toBe('b');
    expect(next.status).toBe('started');
  });
});
