/**
 * The server's settings from the environment, as the README's "Online play" section lists them:
 * PORT (5173), HOST (127.0.0.1), DATABASE_URL (PostgreSQL; otherwise SQLite under CITADEL_DATA or
 * ./data), CITADEL_DB_WAIT (seconds a start waits for PostgreSQL to answer, 10), CITADEL_WEB (the
 * built app's folder, or `none` for the API alone), CITADEL_LOG=1 (request log) and
 * CITADEL_RATE_LIMIT (requests per minute from one address, 600). A variable set to nothing counts
 * as not set; any other value is checked, and a bad one refused with a sentence that names it.
 */
import { describeIssues } from '@citadel/protocol';
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

const envSchema = z.object({
  PORT: whole(0, 65_535).default(5173),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  CITADEL_DATA: z.string().optional(),
  CITADEL_DB_WAIT: whole(0, 600).optional(),
  CITADEL_WEB: z.string().optional(),
  CITADEL_LOG: z.enum(['0', '1'], 'must be 0 or 1').optional(),
  CITADEL_RATE_LIMIT: whole(1, 1_000_000).default(DEFAULT_RATE_LIMIT),
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
  readonly logger: boolean;
  readonly rateLimit: number;
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
      logger: e.CITADEL_LOG === '1',
      rateLimit: e.CITADEL_RATE_LIMIT,
    },
  };
}
