import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Three projects: the browser suites of the web app share one build of the app, made and served by
 * their global setup (run only when one of them is queued); everything else runs under Node, the
 * unit tests and the suites each in shared workers.
 */
const BROWSER_SUITES = 'packages/web/test/**/*.test.ts';

export default defineConfig({
  test: {
    // One test file per core and one more: the browser suites spend much of their time waiting
    // on a page, a server or the engine's worker, so a third file on a 2-core machine fills the
    // gaps (measured: 6m49s against 7m43s for the whole run). Vitest's own default leaves a core
    // idle.
    maxWorkers: availableParallelism() + 1,
    // `expect.poll` waits this long (Vitest's default, 1 s, is shorter than a page's code takes
    // to load on demand while other files run).
    expect: { poll: { timeout: 15_000 } },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // The unit tests beside the sources: a worker runs file after file in one module cache,
          // so the packages and their tables load once per worker instead of once per file. None
          // of them mocks modules or changes globals.
          isolate: false,
          include: ['packages/*/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The suites that drive processes, servers and engines: they too share a worker's module
          // cache file after file (none mocks modules or leaves a global changed; each starts and
          // stops its own servers and processes).
          name: 'node-suites',
          isolate: false,
          include: ['packages/*/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, BROWSER_SUITES],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          // One worker's module cache for file after file, as above (each file starts its own browser).
          isolate: false,
          include: [BROWSER_SUITES],
          globalSetup: ['packages/web/test/global-setup.ts'],
        },
      },
    ],
  },
});
