import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects: the browser suites of the web app share one build of the app, made and served by
 * their global setup (run only when one of them is queued); everything else runs under Node.
 */
const BROWSER_SUITES = 'packages/web/test/**/*.test.ts';

export default defineConfig({
  test: {
    // One test file per core (Vitest's own default leaves one core idle: half of a 2-core machine).
    maxWorkers: availableParallelism(),
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // A worker runs file after file in one module cache, so the packages and their tables
          // load once per worker instead of once per file. No test mocks modules or changes
          // globals; a file's servers and child processes are its own and it closes them.
          isolate: false,
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, BROWSER_SUITES],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [BROWSER_SUITES],
          globalSetup: ['packages/web/test/global-setup.ts'],
        },
      },
    ],
  },
});
