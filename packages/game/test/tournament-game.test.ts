/**
 * A tournament's game on the state machine: berserk (the seat's clock cut, no increment), the
 * first move that is not made losing the game, no abort, takeback, rematch or added time, and lag
 * compensation as in any live game (a berserk seat keeps the quota of the arena's clock).
 */
import { FIRST_MOVE_LIVE_MS, type TimeControl } from '@citadel/protocol';
import { describe, expect, it } from 'vitest';
import { clocksAt } from '../src/clock.ts';
import { lagQuota } from '../src/lag-compensation.ts';
import { tournamentGameRecord } from '../src/record.ts';
import { gameState, gameSummary } from '../src/view.ts';
import { drive, seat } from './game-driver.ts';

/** A tournament's chess game paired at time 0, and a driver that applies events at a time. */
function arenaGame(clock: TimeControl | null = { initial: 180, increment: 2 }) {
  return drive(
    tournamentGameRecord({
      id: 'abcdefgh',
      variant: 'chess',
      array: 'standard',
      rules: {},
      clock,
      rated: true,
      seats: { white: seat('w'), black: seat('b') },
      tournamentId: 'arena0001',
      now: 0,
    }),
  );
}

describe('a tournament game', () => {
  it('starts with both seats taken and White’s first move awaited', () => {
    const t = arenaGame();
    expect(t.get()).toMatchObject({
      status: 'started',
      firstMoveBy: FIRST_MOVE_LIVE_MS,
      tournamentId: 'arena0001',
      berserk: { white: false, black: false },
    });
    const state = gameState(t.get(), t.pos, 0, { white: true, black: true });
    expect(state).toMatchObject({
      tournamentId: 'arena0001',
      berserk: { white: false, black: false },
    });
    expect(gameSummary(t.get()).tournamentId).toBe('arena0001');
  });

  it('lets a seat go berserk before its first move: half its time, no increment', () => {
    const t = arenaGame();
    expect(t.apply({ type: 'berserk', by: 'black' }, 1_000)).toMatchObject({
      ok: true,
      tell: [{ type: 'state' }],
    });
    expect(t.get().clockLeft).toEqual({ white: 180_000, black: 90_000 });
    expect(t.get().berserk).toEqual({ white: false, black: true });
    t.apply({ type: 'move', by: 'white', move: 'e2e4' }, 2_000);
    t.apply({ type: 'move', by: 'black', move: 'e7e5' }, 3_000);
    t.apply({ type: 'move', by: 'white', move: 'g1f3' }, 5_000);
    t.apply({ type: 'move', by: 'black', move: 'b8c6' }, 9_000);
    // White gains its 2 s; Black, berserk, loses the 4 s it took and gains nothing.
    expect(t.get().clockLeft).toEqual({ white: 180_000 - 2_000 + 2_000, black: 90_000 - 4_000 });
    expect(clocksAt(t.get(), 9_000)).toMatchObject({ black: 86_000, running: 'white' });
  });

  it('refuses berserk after the seat’s first move, twice, and where the clock has none', () => {
    const t = arenaGame();
    t.apply({ type: 'move', by: 'white', move: 'e2e4' }, 1_000);
    expect(t.apply({ type: 'berserk', by: 'white' }, 1_500)).toMatchObject({
      ok: false,
      error: 'berserk is only before your first move',
    });
    expect(t.apply({ type: 'berserk', by: 'black' }, 2_000).ok).toBe(true);
    expect(t.apply({ type: 'berserk', by: 'black' }, 2_500)).toMatchObject({
      ok: false,
      error: 'you have gone berserk already',
    });
    for (const clock of [null, { daysPerMove: 2 }, { initial: 0, increment: 3 }])
      expect(arenaGame(clock).apply({ type: 'berserk', by: 'white' }, 0)).toMatchObject({
        ok: false,
        error: 'this clock has no berserk',
      });
  });

  it('is lost, not aborted, by the side that does not make its first move in time', () => {
    const t = arenaGame();
    expect(t.apply({ type: 'flag' }, FIRST_MOVE_LIVE_MS - 1)).toMatchObject({ ok: true, tell: [] });
    expect(t.apply({ type: 'flag' }, FIRST_MOVE_LIVE_MS).ok).toBe(true);
    expect(t.get()).toMatchObject({
      status: 'ended',
      result: '0-1',
      reason: 'no-start',
      text: 'White did not make a first move in time: Black wins',
    });
    const black = arenaGame();
    black.apply({ type: 'move', by: 'white', move: 'e2e4' }, 10_000);
    const late = black.apply(
      { type: 'move', by: 'black', move: 'e7e5' },
      10_000 + FIRST_MOVE_LIVE_MS,
    );
    expect(late).toMatchObject({
      ok: true,
      refusal: { error: 'the game is over: you did not make your first move in time' },
    });
    expect(black.get()).toMatchObject({ result: '1-0', reason: 'no-start' });
  });

  it('cannot be aborted, taken back or rematched; a draw may be agreed', () => {
    const t = arenaGame();
    expect(t.apply({ type: 'abort', by: 'white' }, 1)).toMatchObject({
      ok: false,
      error: 'a tournament game cannot be aborted: resign instead',
    });
    t.apply({ type: 'move', by: 'white', move: 'e2e4' }, 2);
    expect(
      t.apply({ type: 'offer', kind: 'takeback', action: 'offer', by: 'white' }, 3),
    ).toMatchObject({ ok: false, error: 'a tournament game has no takebacks' });
    t.apply({ type: 'offer', kind: 'draw', action: 'offer', by: 'white' }, 4);
    t.apply({ type: 'offer', kind: 'draw', action: 'accept', by: 'black' }, 5);
    expect(t.get()).toMatchObject({ status: 'ended', result: '1/2-1/2', reason: 'agreement' });
    expect(
      t.apply(
        { type: 'offer', kind: 'rematch', action: 'offer', by: 'white', rematchId: 'again001' },
        6,
      ),
    ).toMatchObject({
      ok: false,
      error: 'a tournament game has no rematch: the tournament pairs you again',
    });
  });

  it('refuses to give time: 409-worthy, and the clocks stay as they were', () => {
    const t = arenaGame();
    t.apply({ type: 'move', by: 'white', move: 'e2e4' }, 1_000);
    t.apply({ type: 'move', by: 'black', move: 'e7e5' }, 2_000);
    const before = t.get();
    expect(t.apply({ type: 'add-time', by: 'white' }, 3_000)).toEqual({
      ok: false,
      reason: 'conflict',
      error: 'time cannot be given in a tournament game',
    });
    expect(t.get()).toBe(before);
  });

  it('credits lag as any live game, a berserk seat within the quota of the arena’s clock', () => {
    // 3+2: a gain of 1 s a move, 2 s at the start (lag-compensation.ts).
    const quota = lagQuota({ initial: 180, increment: 2 })!;
    expect(quota).toEqual({ gain: 1_000, start: 2_000, max: 5_000 });
    const t = arenaGame();
    expect(t.get().lagQuota).toEqual({ white: quota.start, black: quota.start });
    t.apply({ type: 'berserk', by: 'white' }, 500);
    t.apply({ type: 'move', by: 'white', move: 'e2e4', moveTime: 0 }, 1_000);
    t.apply({ type: 'move', by: 'black', move: 'e7e5', moveTime: 0 }, 2_000);
    // Each claims 3 s of lag in a 4 s span: each is credited its whole quota, 2 s.
    t.apply({ type: 'move', by: 'white', move: 'g1f3', moveTime: 1_000 }, 6_000);
    t.apply({ type: 'move', by: 'black', move: 'b8c6', moveTime: 1_000 }, 10_000);
    expect(t.get().moveLag).toEqual([0, 0, quota.start, quota.start]);
    expect(t.get().lagTotal).toEqual({ white: quota.start, black: quota.start });
    // White, berserk, keeps the credit but gains no increment; Black gains both.
    expect(t.get().clockLeft).toEqual({
      white: 90_000 - 4_000 + quota.start,
      black: 180_000 - 4_000 + quota.start + 2_000,
    });
    expect(t.get().lagQuota).toEqual({ white: quota.gain, black: quota.gain });
  });
});
