/**
 * The operator's schedule of arenas (the server README, "Scheduled arenas"): entries that repeat
 * every day or every week at a time of day (UTC), each made into a tournament ahead of its start
 * (a day ahead for a daily arena, a week for a weekly one) so that players see it coming and can
 * join. Making one is idempotent: its schedule key (the entry and its start) is unique in storage,
 * so every process may make the same arenas and only the first write counts.
 */
import { findVariant } from '@citadel/core';
import {
  ARENA_MAX_MINUTES,
  ARENA_MIN_MINUTES,
  arenaClockProblem,
  describeIssues,
  liveClockSchema,
  nameSchema,
  tournamentNameSchema,
} from '@citadel/protocol';
import { z } from 'zod';

const DAY_MS = 86_400_000;
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** One entry of the schedule: an arena every day, or every week on a weekday, at `at` (UTC). */
export const scheduledArenaSchema = z
  .strictObject({
    /** Shown as the arena's name; by default "Daily <variant> Arena" or "Weekly ...". */
    name: tournamentNameSchema.optional(),
    variant: nameSchema.refine((v) => findVariant(v) !== undefined, 'not a variant'),
    array: nameSchema.optional(),
    rules: z.record(nameSchema, nameSchema).optional(),
    clock: liveClockSchema,
    minutes: z.int().min(ARENA_MIN_MINUTES).max(ARENA_MAX_MINUTES),
    rated: z.boolean().default(true),
    every: z.enum(['day', 'week']),
    /** For a weekly arena: its day. */
    weekday: z.enum(WEEKDAYS).optional(),
    /** The start's time of day, UTC, `HH:MM`. */
    at: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day, HH:MM (UTC)'),
  })
  .superRefine((e, ctx) => {
    if ((e.every === 'week') !== (e.weekday !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['weekday'],
        message: 'a weekly arena has a weekday, a daily one none',
      });
    const problem = arenaClockProblem(e.clock, e.minutes);
    if (problem) ctx.addIssue({ code: 'custom', path: ['clock'], message: problem });
  });
export type ScheduledArena = z.infer<typeof scheduledArenaSchema>;
export const arenaScheduleSchema = z.array(scheduledArenaSchema).max(200);

/** The schedule in a file's JSON text, or the first problem as a sentence. */
export function parseArenaSchedule(
  text: string,
): { ok: true; value: ScheduledArena[] } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not JSON: ${(e as Error).message}` };
  }
  const parsed = arenaScheduleSchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error.issues) };
  return { ok: true, value: parsed.data };
}

/** The entry's key: what it is, so that the same entry gives the same key after a restart. */
export function entryKey(e: ScheduledArena): string {
  const when = e.every === 'week' ? `week-${e.weekday}` : 'day';
  const rules = e.rules
    ? Object.entries(e.rules)
        .sort()
        .map(([k, v]) => `${k}=${v}`)
        .join(',')
    : '';
  return `${when}@${e.at} ${e.variant}/${e.array ?? ''}/${rules} ${e.clock.initial}+${e.clock.increment} ${e.minutes}m`;
}

/** The entry's starts (epoch ms) from `from` (included) to `until` (excluded), earliest first. */
export function startsBetween(e: ScheduledArena, from: number, until: number): number[] {
  const [hours, minutes] = e.at.split(':').map(Number) as [number, number];
  const timeOfDay = (hours * 60 + minutes) * 60_000;
  const starts: number[] = [];
  for (let day = Math.floor(from / DAY_MS) - 1; day * DAY_MS < until; day++) {
    const at = day * DAY_MS + timeOfDay;
    if (at < from || at >= until) continue;
    if (e.every === 'week' && WEEKDAYS[new Date(at).getUTCDay()] !== e.weekday) continue;
    starts.push(at);
  }
  return starts;
}

/** How far ahead an entry's arenas are made. */
export const aheadOf = (e: ScheduledArena): number => (e.every === 'week' ? 7 : 1) * DAY_MS;

/** The arena's name: the entry's, or "Daily <variant> Arena". */
export function scheduledName(e: ScheduledArena): string {
  if (e.name) return e.name;
  const title = SHORT_TITLES[e.variant] ?? findVariant(e.variant)?.name ?? e.variant;
  return `${e.every === 'week' ? 'Weekly' : 'Daily'} ${title} Arena`;
}

/** Short names of the variants for the arenas' names. */
const SHORT_TITLES: Readonly<Record<string, string>> = {
  husun: 'Citadel Chess',
  tamerlane: 'Tamerlane',
  'tamerlane-full': 'Full Tamerlane',
  'persian-celtic': 'Celtic Citadel',
  'persian-princess': 'Persian Princess',
  'persian-eye': 'Egyptian Eye',
  'persian-omega': 'Oriental Omega',
  chess: 'Chess',
  shatranj: 'Shatranj',
};

/** The variants of the citadel family, in the order their arenas go round the day and the week. */
const FAMILY = [
  'husun',
  'tamerlane',
  'tamerlane-full',
  'persian-celtic',
  'persian-princess',
  'persian-eye',
  'persian-omega',
] as const;

/**
 * The schedule a server runs unless its operator gives another (or none): every variant of the
 * family has a daily hour-long 3+2 arena, the seven spread over the day three hours apart, and a
 * weekly two-hour 10+5 arena, one variant each day of the week at 18:00 UTC.
 */
export const DEFAULT_ARENA_SCHEDULE: readonly ScheduledArena[] = FAMILY.flatMap((variant, i) => [
  {
    variant,
    clock: { initial: 180, increment: 2 },
    minutes: 60,
    rated: true,
    every: 'day' as const,
    at: `${String(1 + 3 * i).padStart(2, '0')}:00`,
  },
  {
    variant,
    clock: { initial: 600, increment: 5 },
    minutes: 120,
    rated: true,
    every: 'week' as const,
    weekday: WEEKDAYS[(i + 1) % 7]!,
    at: '18:00',
  },
]);
