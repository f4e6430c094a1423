/**
 * Lag compensation's arithmetic at bullet, blitz and rapid time controls, and the machine that
 * applies it: what a move is credited, within the measured round trip and the quota, what is
 * recorded, the grace of a clock at zero; and "add time".
 */
import type { TimeControl } from '@citadel/protocol';
import { describe, expect, it } from 'vitest';
import { ADD_TIME_MS, MAX_TIME_GIVEN } from '../src/add-time.ts';
import { clocksAt, flagAt } from '../src/clock.ts';
import type { GameEvent } from '../src/events.ts';
import { compensate, lagQuota, roundTripBound, type LagQuota } from '../src/lag-compensation.ts';
import { startedGame } from './game-driver.ts';

const BULLET = { initial: 60, increment: 0 };
const BLITZ = { initial: 180, increment: 2 };
const RAPID = { initial: 600, increment: 0 };

/** The credits of successive moves that each claim `claimed` ms (no round trip measured). */
function credits(q: LagQuota, claimed: number, moves: number): number[] {
  let available = q.start;
  const out: number[] = [];
  for (let i = 0; i < moves; i++) {
    const c = compensate(q, available, { span: claimed + 50, moveTime: 50, roundTrip: null });
    out.push(c.credit);
    available = c.quota;
  }
  return out;
}

describe('the quota of each time control', () => {
  it('scales the gain with the expected length, within 200 ms and 1 s a move', () => {
    expect(lagQuota(BULLET)).toEqual({ gain: 450, start: 900, max: 2250 });
    // 3+2 is expected to last 180 + 40 × 2 = 260 s: the gain is at its most.
    expect(lagQuota(BLITZ)).toEqual({ gain: 1000, start: 2000, max: 5000 });
    expect(lagQuota(RAPID)).toEqual({ gain: 1000, start: 2000, max: 5000 });
    expect(lagQuota({ initial: 15, increment: 0 })).toEqual({ gain: 225, start: 450, max: 1125 });
    expect(lagQuota({ initial: 0, increment: 1 })).toEqual({ gain: 350, start: 700, max: 1750 });
    expect(lagQuota({ initial: 5, increment: 0 })!.gain).toBe(200);
  });

  it('gives correspondence games and games without a clock none', () => {
    expect(lagQuota({ daysPerMove: 3 })).toBeNull();
    expect(lagQuota(null)).toBeNull();
  });

  it('credits an honest link its lag in full, at every speed', () => {
    for (const clock of [BULLET, BLITZ, RAPID])
      expect(credits(lagQuota(clock)!, 200, 30)).toEqual(new Array(30).fill(200));
  });

  it('credits a claim above the gain no more than the start and a gain a move', () => {
    const bullet = lagQuota(BULLET)!;
    const given = credits(bullet, 2000, 20);
    expect(given[0]).toBe(900);
    expect(given.slice(1)).toEqual(new Array(19).fill(450));
    expect(given.reduce((a, b) => a + b)).toBe(bullet.start + 19 * bullet.gain);
    const blitz = credits(lagQuota(BLITZ)!, 3000, 5);
    expect(blitz).toEqual([2000, 1000, 1000, 1000, 1000]);
    const rapid = credits(lagQuota(RAPID)!, 2000, 3);
    expect(rapid).toEqual([2000, 1000, 1000]);
  });

  it('saves what is not spent, up to its most', () => {
    const q = lagQuota(BULLET)!;
    let available = q.start;
    for (let i = 0; i < 10; i++)
      available = compensate(q, available, { span: 100, moveTime: 100, roundTrip: null }).quota;
    expect(available).toBe(q.max);
    // A spike after quiet moves is covered up to the quota saved.
    expect(compensate(q, available, { span: 4000, moveTime: 0, roundTrip: null })).toEqual({
      credit: q.max,
      quota: q.gain,
    });
  });

  it('credits no more than the measured round trip and its margin', () => {
    const q = lagQuota(RAPID)!;
    expect(roundTripBound(200)).toBe(250);
    expect(roundTripBound(40)).toBe(70);
    expect(compensate(q, q.start, { span: 2000, moveTime: 0, roundTrip: 200 })).toEqual({
      credit: 250,
      quota: q.start - 250 + q.gain,
    });
    // Below the bound, the claim itself.
    expect(compensate(q, q.start, { span: 230, moveTime: 10, roundTrip: 200 }).credit).toBe(220);
  });

  it('credits nothing without a claim or beyond the span, and never takes time', () => {
    const q = lagQuota(BLITZ)!;
    expect(compensate(q, 0, { span: 900, roundTrip: 100 })).toEqual({ credit: 0, quota: 1000 });
    expect(compensate(q, q.start, { span: 300, moveTime: 900, roundTrip: null }).credit).toBe(0);
    expect(compensate(q, q.start, { span: 300, moveTime: -5, roundTrip: null }).credit).toBe(300);
  });
});

/** A started husun game and a driver that applies events at an injected time. */
const game = (clock: TimeControl | null) => startedGame('husun', clock);

/** Knights out and back: legal for ever in husun, where repetition draws only by a house rule. */
const SHUFFLE = ['c2d4', 'c11d9', 'd4c2', 'd9c11'];

describe('the machine', () => {
  it('gives the distant player back the network time, records it, and leaves the other be', () => {
    const t = game(BULLET);
    let now = 1_000;
    // White's link: 100 ms each way, so each White move reaches the server 200 ms after Black's
    // was sent; both answer at once.
    for (let ply = 0; ply < 40; ply++) {
      const white = ply % 2 === 0;
      now += white ? 200 : 5;
      const move: GameEvent = {
        type: 'move',
        by: white ? 'white' : 'black',
        move: SHUFFLE[ply % 4]!,
        moveTime: 0,
        roundTrip: white ? 205 : 2,
      };
      expect(t.apply(move, now).ok).toBe(true);
    }
    const g = t.get();
    expect(g.clockLeft).toEqual({ white: 60_000, black: 60_000 });
    expect(g.moveLag.filter((_, i) => i % 2 === 0)).toEqual([0, ...new Array(19).fill(200)]);
    expect(g.lagTotal).toEqual({ white: 19 * 200, black: 19 * 5 });
    // The clock after each move is the one the player had, credit included.
    expect(g.moveClocks.slice(-2)).toEqual([60_000, 60_000]);
  });

  it('bounds a claim of 2 s a move by the quota, and the opponent is not charged for it', () => {
    const t = game(BULLET);
    t.apply({ type: 'move', by: 'white', move: 'c2d4' }, 0);
    t.apply({ type: 'move', by: 'black', move: 'c11d9' }, 0);
    let now = 0;
    for (let i = 0; i < 10; i++) {
      now += 2_000;
      t.apply({ type: 'move', by: 'white', move: SHUFFLE[(2 + 2 * i) % 4]!, moveTime: 0 }, now);
      t.apply({ type: 'move', by: 'black', move: SHUFFLE[(3 + 2 * i) % 4]!, moveTime: 0 }, now);
    }
    const g = t.get();
    const q = lagQuota(BULLET)!;
    expect(g.lagTotal.white).toBe(q.start + 9 * q.gain);
    expect(g.clockLeft.white).toBe(60_000 - 10 * 2_000 + q.start + 9 * q.gain);
    expect(g.clockLeft.black).toBe(60_000);
    expect(g.lagTotal.black).toBe(0);
  });

  it('lets a move that left in time stand on a clock at zero, within the last credit', () => {
    const t = game({ initial: 2, increment: 0 });
    t.apply({ type: 'move', by: 'white', move: 'c2d4' }, 0);
    t.apply({ type: 'move', by: 'black', move: 'c11d9' }, 0);
    // White is credited 200 ms of lag on this move: its next move has that much grace.
    t.apply({ type: 'move', by: 'white', move: 'd4c2', moveTime: 0, roundTrip: 200 }, 200);
    t.apply({ type: 'move', by: 'black', move: 'd9c11' }, 200);
    expect(t.get().clockLeft.white).toBe(2_000);
    expect(flagAt(t.get())).toBe(200 + 2_000 + 200);
    expect(clocksAt(t.get(), 2_300)).toMatchObject({ white: 0, running: 'white' });
    // Sent with 100 ms left, it arrives 100 ms after zero: credited 200 ms, it stands.
    expect(t.apply({ type: 'move', by: 'white', move: 'c2d4', moveTime: 1_900 }, 2_300).ok).toBe(
      true,
    );
    expect(t.get()).toMatchObject({ status: 'started', clockLeft: { white: 100 } });
  });

  it('flags a move within the grace that its credit does not save, and one after it', () => {
    const late = (moveTime: number, at: number) => {
      const t = game({ initial: 2, increment: 0 });
      t.apply({ type: 'move', by: 'white', move: 'c2d4' }, 0);
      t.apply({ type: 'move', by: 'black', move: 'c11d9' }, 0);
      t.apply({ type: 'move', by: 'white', move: 'd4c2', moveTime: 0, roundTrip: 200 }, 200);
      t.apply({ type: 'move', by: 'black', move: 'd9c11' }, 200);
      const s = t.apply({ type: 'move', by: 'white', move: 'c2d4', moveTime }, at);
      expect(s).toMatchObject({ ok: true, refusal: { reason: 'conflict' } });
      expect(t.get()).toMatchObject({ status: 'ended', reason: 'timeout', result: '0-1' });
      expect(t.get().moves).toHaveLength(4);
    };
    late(2_250, 2_350); // credited 100 ms: still 50 ms over
    late(0, 2_400); // past the grace: the flag fell first
    const t = game({ initial: 2, increment: 0 });
    t.apply({ type: 'move', by: 'white', move: 'c2d4' }, 0);
    t.apply({ type: 'move', by: 'black', move: 'c11d9' }, 0);
    expect(t.apply({ type: 'flag' }, 1_999)).toMatchObject({ ok: true, tell: [] });
    expect(t.apply({ type: 'flag' }, 2_000).ok).toBe(true);
    expect(t.get().reason).toBe('timeout');
  });

  it('credits nothing in correspondence', () => {
    const t = game({ daysPerMove: 1 });
    for (let ply = 0; ply < 4; ply++)
      t.apply(
        {
          type: 'move',
          by: ply % 2 ? 'black' : 'white',
          move: SHUFFLE[ply]!,
          moveTime: 0,
          roundTrip: 500,
        },
        1_000 * (ply + 1),
      );
    expect(t.get()).toMatchObject({
      moveLag: [0, 0, 0, 0],
      lagTotal: { white: 0, black: 0 },
      clockLeft: { white: 86_400_000, black: 86_400_000 },
    });
  });

  it('keeps the totals over a takeback, and drops the taken-back moves’ credits', () => {
    const t = game(BULLET);
    t.apply({ type: 'move', by: 'white', move: 'c2d4' }, 0);
    t.apply({ type: 'move', by: 'black', move: 'c11d9' }, 0);
    t.apply({ type: 'move', by: 'white', move: 'd4c2', moveTime: 0 }, 300);
    t.apply({ type: 'offer', kind: 'takeback', action: 'offer', by: 'white' }, 400);
    t.apply({ type: 'offer', kind: 'takeback', action: 'accept', by: 'black' }, 500);
    expect(t.get()).toMatchObject({ moveLag: [0, 0], lagTotal: { white: 300, black: 0 } });
  });
});

describe('add time', () => {
  it('gives the opponent 15 s on its running clock, and says so', () => {
    const t = game(BULLET);
    t.apply({ type: 'move', by: 'white', move: 'c2d4' }, 0);
    t.apply({ type: 'move', by: 'black', move: 'c11d9' }, 0);
    const s = t.apply({ type: 'add-time', by: 'black' }, 10_000);
    expect(s).toMatchObject({
      ok: true,
      tell: [
        {
          type: 'time-added',
          by: 'black',
          ms: ADD_TIME_MS,
          given: 1,
          clocks: { white: 50_000 + ADD_TIME_MS, black: 60_000, running: 'white', at: 10_000 },
        },
      ],
    });
    expect(flagAt(t.get())).toBe(60_000 + ADD_TIME_MS);
  });

  it('refuses it at most times, in correspondence, and outside a game in progress', () => {
    const t = game(BLITZ);
    for (let i = 0; i < MAX_TIME_GIVEN; i++)
      expect(t.apply({ type: 'add-time', by: 'white' }, 0).ok).toBe(true);
    const before = t.get();
    expect(t.apply({ type: 'add-time', by: 'white' }, 0)).toMatchObject({
      ok: false,
      reason: 'conflict',
      error: `you have given time ${MAX_TIME_GIVEN} times: the most one game allows`,
    });
    expect(t.get()).toBe(before);
    expect(t.get().clockLeft.black).toBe(180_000 + MAX_TIME_GIVEN * ADD_TIME_MS);
    expect(t.apply({ type: 'add-time', by: 'black' }, 0).ok).toBe(true);
    expect(game({ daysPerMove: 2 }).apply({ type: 'add-time', by: 'white' }, 0)).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(game(null).apply({ type: 'add-time', by: 'white' }, 0)).toMatchObject({
      reason: 'invalid',
    });
    t.apply({ type: 'resign', by: 'black' }, 1);
    expect(t.apply({ type: 'add-time', by: 'black' }, 2)).toMatchObject({ reason: 'conflict' });
  });
});
