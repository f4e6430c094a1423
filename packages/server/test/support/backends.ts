/** The databases the server's tests run on: SQLite everywhere, PostgreSQL where it can run. */
import { startServer, type RunningServer } from '../../src/index.ts';
import type { ScheduledArena } from '../../src/service/arena-schedule.ts';
import { postgresSkipReason } from './postgres.ts';

export interface Backend {
  readonly name: 'SQLite' | 'PostgreSQL';
  readonly postgres: boolean;
  /**
   * Why its tests are skipped on this machine, or null when they run: a suite that gets a reason
   * registers one skipped test named by it, and nothing else.
   */
  readonly skip: string | null;
}

export const testBackends = (): Backend[] => [
  { name: 'SQLite', postgres: false, skip: null },
  { name: 'PostgreSQL', postgres: true, skip: postgresSkipReason() },
];

/**
 * A server in this process for a suite on one backend: loopback, a free port, no web app, and a
 * request limit no suite reaches. `now` moves the server's clock (deadlines without waiting);
 * `arenaSchedule` gives it scheduled arenas (none otherwise).
 */
export function startSuiteServer(o: {
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly now?: () => number;
  readonly arenaSchedule?: readonly ScheduledArena[];
}): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: o.databaseUrl,
    dataDir: o.dataDir,
    webRoot: null,
    rateLimit: 100_000,
    livePerAddress: 100_000,
    ...(o.now ? { now: o.now } : {}),
    ...(o.arenaSchedule ? { arenaSchedule: o.arenaSchedule } : {}),
  });
}
