import { describe, expect, it } from 'vitest';
import { forfeitsOnLeaving } from './round-robin-forfeits.ts';
import { roundRobinSchedule, scheduledGameKey } from './round-robin-schedule.ts';

const schedule = (() => {
  const result = roundRobinSchedule(['ann', 'bob', 'cyd', 'dee'], 2);
  if (!result.ok) throw new Error(result.error);
  return result.value;
})();

describe('round-robin forfeits', () => {
  it('forfeits every game of the leaver from the given round on, to the opponent', () => {
    const result = forfeitsOnLeaving(schedule, 'bob', 3, new Set());
    if (!result.ok) throw new Error(result.error);
    const expected = schedule.rounds
      .slice(2)
      .flatMap((r) => r.games)
      .filter((g) => g.white === 'bob' || g.black === 'bob');
    expect(result.value.map((f) => f.game)).toEqual(expected);
    expect(expected).toHaveLength(4); // six rounds, one game each, from round 3
    for (const { game, winner } of result.value) expect(game[winner]).not.toBe('bob');
  });

  it('skips the games already settled and forfeits nothing once every round has started', () => {
    const first = forfeitsOnLeaving(schedule, 'bob', 3, new Set());
    if (!first.ok) throw new Error(first.error);
    const settled = new Set(first.value.map((f) => scheduledGameKey(f.game)));
    // Ann leaves after Bob: her game with Bob from round 3 on is already his.
    const second = forfeitsOnLeaving(schedule, 'ann', 3, settled);
    if (!second.ok) throw new Error(second.error);
    expect(second.value.some((f) => f.game.white === 'bob' || f.game.black === 'bob')).toBe(false);
    expect(second.value).toHaveLength(3);
    expect(forfeitsOnLeaving(schedule, 'ann', 7, new Set())).toEqual({ ok: true, value: [] });
  });

  it('refuses a player who is not in the schedule and a round it does not have', () => {
    expect(forfeitsOnLeaving(schedule, 'zed', 1, new Set()).error).toMatch(/zed does not play/);
    expect(forfeitsOnLeaving(schedule, 'ann', 0, new Set()).error).toMatch(/rounds 1 to 6, not 0/);
    expect(forfeitsOnLeaving(schedule, 'ann', 8, new Set()).error).toMatch(/not 8/);
  });
});
