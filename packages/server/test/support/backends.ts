/** The databases the server's tests run on: SQLite everywhere, PostgreSQL where it can run. */
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
