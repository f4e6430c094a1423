/**
 * The real online server for the browser tests: the app built once for the run (global-setup.ts),
 * served with the API by packages/server on a random port of 127.0.0.1 over a fresh SQLite file, and
 * chromium launched through playwright-core.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerOptions } from '@citadel/server';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_PATH, chromiumArgs } from '@citadel/testing';
import { SHOTS } from './harness.ts';

export interface OnlineApp {
  readonly browser: Browser;
  /** The server's origin, without a trailing slash. */
  readonly base: string;
  /** The folder of the app built for the run. */
  readonly webRoot: string;
  /**
   * Stops the server (its sockets close, nothing answers), runs `meanwhile`, and starts it again
   * on the same port and data: what a browser sees of a server restart. `next` changes the server
   * started (and the later ones): a release's web app and protocol (release-build.ts).
   */
  restart(meanwhile: () => Promise<void>, next?: Partial<ServerOptions>): Promise<void>;
  close(): Promise<void>;
}

/** `options` change the server's (a test's wire standing in for a newer server). */
export async function startOnlineApp(
  prefix: string,
  options: Partial<ServerOptions> = {},
): Promise<OnlineApp> {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const webRoot = inject('citadelWebRoot');
  if (!webRoot) throw new Error('the web app is not built: run the browser tests through vitest');
  mkdirSync(SHOTS, { recursive: true });
  // Many pages and polls from one address: the per-address limit is raised for the test.
  let settings = options;
  const start = (port: number) =>
    startServer({
      port,
      host: '127.0.0.1',
      dataDir: join(work, 'data'),
      webRoot,
      rateLimit: 100_000,
      ...settings,
    });
  let server = await start(0);
  const port = Number(new URL(server.url).port);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: chromiumArgs(),
  });
  return {
    browser,
    base: server.url.replace(/\/$/, ''),
    webRoot,
    async restart(meanwhile, next) {
      await server.close();
      await meanwhile();
      if (next) settings = { ...settings, ...next };
      server = await start(port);
    },
    async close() {
      await browser.close();
      await server.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
