/**
 * The server's settings from the environment, as the README's "Online play" section lists them:
 * PORT (5173), HOST (127.0.0.1), DATABASE_URL (PostgreSQL; otherwise SQLite under CITADEL_DATA or
 * ./data), CITADEL_DB_WAIT (seconds a start waits for PostgreSQL to answer, 10), CITADEL_WEB (the
 * built app's folder, or `none` for the API alone), CITADEL_LOG (the log's level: `warn` unless
 * set, so every error and 5xx answer is logged; `info` adds every request; `1` and `0` mean `info`
 * and `silent`), CITADEL_RATE_LIMIT (requests per minute from one address, 600),
 * CITADEL_LIVE_PER_ADDRESS (sockets and streams one address may hold at once, 64),
 * CITADEL_TRUST_PROXY (off unless set: how many proxies, or which addresses, may say the client's
 * address and protocol in X-Forwarded-For / -Proto) and CITADEL_PUBLIC_URL (the address players
 * use, for game links and the PGN's Site; else the address the server listens on) and CITADEL_ARENAS
 * (the operator's scheduled arenas: a JSON file's path, `off` for none; the built-in schedule
 * unless set: arena-schedule.ts). A variable set to nothing counts
 * as not set; any other value is checked, and a bad one refused with a sentence that names it.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { describeIssues } from '@citadel/protocol';
import { DEFAULT_LIVE_PER_ADDRESS } from './http/live-limits.ts';
import {
  DEFAULT_ARENA_SCHEDULE,
  parseArenaSchedule,
  type ScheduledArena,
} from './service/arena-schedule.ts';
import { z } from 'zod';

/** Requests per minute from one address when CITADEL_RATE_LIMIT is not set. */
export const DEFAULT_RATE_LIMIT = 600;

const whole = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `must be a whole number from ${min} to ${max}`)
        .max(max, `must be a whole number from ${min} to ${max}`),
    );

/** The log's levels, quietest last but one (pino's). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** Which proxies may tell the client's address and protocol: none, a count of hops, or addresses. */
export type TrustProxy = false | number | string;

const envSchema = z.object({
  PORT: whole(0, 65_535).default(5173),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  CITADEL_DATA: z.string().optional(),
  CITADEL_DB_WAIT: whole(0, 600).optional(),
  CITADEL_WEB: z.string().optional(),
  CITADEL_LOG: z
    .enum([...LOG_LEVELS, '0', '1'], `must be one of ${LOG_LEVELS.join(', ')} (or 0, 1)`)
    .transform((v): LogLevel => (v === '1' ? 'info' : v === '0' ? 'silent' : v))
    .default('warn'),
  CITADEL_RATE_LIMIT: whole(1, 1_000_000).default(DEFAULT_RATE_LIMIT),
  CITADEL_LIVE_PER_ADDRESS: whole(1, 1_000_000).default(DEFAULT_LIVE_PER_ADDRESS),
  CITADEL_TRUST_PROXY: z
    .string()
    .transform((v, ctx): TrustProxy => {
      if (v === '0' || v === 'false') return false;
      if (/^\d+$/.test(v) && Number(v) <= 16) return Number(v);
      const parts = v.split(',').map((p) => p.trim());
      if (parts.every((p) => isIP(p.split('/')[0] ?? '') !== 0)) return parts.join(',');
      ctx.addIssue({
        code: 'custom',
        message:
          'must be 0, a number of proxies (1 to 16), or proxy addresses (10.0.0.1,10.1.0.0/16)',
      });
      return z.NEVER;
    })
    .default(false),
  CITADEL_PUBLIC_URL: z
    .string()
    .transform((v, ctx) => {
      let url: URL | null = null;
      try {
        url = new URL(v);
      } catch {
        // refused below
      }
      if (
        !url ||
        !['http:', 'https:'].includes(url.protocol) ||
        url.pathname !== '/' ||
        url.search
      ) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be an http:// or https:// address with no path (https://citadel.example)',
        });
        return z.NEVER;
      }
      return url.origin;
    })
    .optional(),
  CITADEL_ARENAS: z.string().default('default'),
});

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string | undefined;
  /** Seconds a start waits for PostgreSQL to answer, if set. */
  readonly databaseWaitSeconds: number | undefined;
  /** The built app's folder if set; `none` serves the API alone. */
  readonly webRoot: string | undefined;
  readonly logLevel: LogLevel;
  readonly rateLimit: number;
  /** Live connections (sockets and streams) one address may hold at once. */
  readonly livePerAddress: number;
  readonly trustProxy: TrustProxy;
  /** The origin players use (`https://citadel.example`), if set. */
  readonly publicUrl: string | undefined;
  /** The scheduled arenas: `default` (the built-in schedule), `off`, or a JSON file's path. */
  readonly arenas: string;
}

/** The settings `env` gives, or the first bad one as a sentence ("CITADEL_RATE_LIMIT: ..."). */
export function readConfig(
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; value: Config } | { ok: false; error: string } {
  const given = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((k) => (env[k] ? [[k, env[k]]] : [])),
  );
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error.issues) };
  const e = parsed.data;
  return {
    ok: true,
    value: {
      port: e.PORT,
      host: e.HOST,
      databaseUrl: e.DATABASE_URL,
      dataDir: e.CITADEL_DATA,
      databaseWaitSeconds: e.CITADEL_DB_WAIT,
      webRoot: e.CITADEL_WEB,
      logLevel: e.CITADEL_LOG,
      rateLimit: e.CITADEL_RATE_LIMIT,
      livePerAddress: e.CITADEL_LIVE_PER_ADDRESS,
      trustProxy: e.CITADEL_TRUST_PROXY,
      publicUrl: e.CITADEL_PUBLIC_URL,
      arenas: e.CITADEL_ARENAS,
    },
  };
}

/**
 * The scheduled arenas CITADEL_ARENAS names (`default`, `off`, or a file of them), or what is
 * wrong with them as a sentence ("CITADEL_ARENAS: ..."); `read` reads the file.
 */
export function arenaScheduleOf(
  setting: string,
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): { ok: true; value: readonly ScheduledArena[] } | { ok: false; error: string } {
  if (setting === 'default') return { ok: true, value: DEFAULT_ARENA_SCHEDULE };
  if (setting === 'off') return { ok: true, value: [] };
  let text: string;
  try {
    text = read(setting);
  } catch (e) {
    return { ok: false, error: `CITADEL_ARENAS: cannot read ${setting}: ${(e as Error).message}` };
  }
  const parsed = parseArenaSchedule(text);
  return parsed.ok ? parsed : { ok: false, error: `CITADEL_ARENAS: ${setting}: ${parsed.error}` };
}
