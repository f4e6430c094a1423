import { ARENA_DEFAULT_MINUTES, tournamentNameSchema } from '@citadel/protocol';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ARENA_SCHEDULE,
  arenaScheduleSchema,
  entryKey,
  scheduledName,
  startsBetween,
  type ScheduledArena,
} from './arena-schedule.ts';

const DAY = 86_400_000;
/** Monday 2024-01-01, 00:00 UTC. */
const MONDAY = Date.UTC(2024, 0, 1);

const daily: ScheduledArena = {
  variant: 'tamerlane',
  clock: { initial: 180, increment: 2 },
  minutes: ARENA_DEFAULT_MINUTES,
  rated: true,
  every: 'day',
  at: '18:30',
};

describe('the arena schedule', () => {
  it('starts a daily arena every day at its time, UTC', () => {
    const at = MONDAY + 18.5 * 3_600_000;
    expect(startsBetween(daily, MONDAY, MONDAY + DAY)).toEqual([at]);
    expect(startsBetween(daily, at, at + 2 * DAY)).toEqual([at, at + DAY]);
    expect(startsBetween(daily, at + 1, at + DAY)).toEqual([]);
  });

  it('starts a weekly arena on its weekday only', () => {
    const weekly: ScheduledArena = { ...daily, every: 'week', weekday: 'sat', at: '20:00' };
    const saturday = MONDAY + 5 * DAY + 20 * 3_600_000;
    expect(startsBetween(weekly, MONDAY, MONDAY + 14 * DAY)).toEqual([
      saturday,
      saturday + 7 * DAY,
    ]);
  });

  it('names and keys each entry by what it is', () => {
    expect(scheduledName(daily)).toBe('Daily Tamerlane Arena');
    expect(scheduledName({ ...daily, name: 'Evening Blitz' })).toBe('Evening Blitz');
    expect(entryKey(daily)).toBe(entryKey({ ...daily }));
    expect(entryKey(daily)).not.toBe(entryKey({ ...daily, at: '18:31' }));
    expect(entryKey(daily)).not.toBe(entryKey({ ...daily, rules: { repetition: 'off' } }));
  });

  it('has a valid default: a daily and a weekly arena for each variant of the family', () => {
    expect(arenaScheduleSchema.safeParse(DEFAULT_ARENA_SCHEDULE).success).toBe(true);
    expect(DEFAULT_ARENA_SCHEDULE).toHaveLength(14);
    const keys = new Set(DEFAULT_ARENA_SCHEDULE.map(entryKey));
    expect(keys.size).toBe(14);
    for (const e of DEFAULT_ARENA_SCHEDULE)
      expect(tournamentNameSchema.safeParse(scheduledName(e)).success, scheduledName(e)).toBe(true);
    // Every day of a week has seven daily arenas and one weekly one.
    const week = DEFAULT_ARENA_SCHEDULE.flatMap((e) => startsBetween(e, MONDAY, MONDAY + 7 * DAY));
    expect(week).toHaveLength(7 * 7 + 7);
  });
});
