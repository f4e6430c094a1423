/**
 * The real online server for the browser tests: the app built once for the run (global-setup.ts),
 * served with the API by packages/server on a random port of 127.0.0.1 over a fresh SQLite file, and
 * chromium launched through playwright-core.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@citadel/server';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_PATH, chromiumArgs } from '@citadel/testing';
import { SHOTS } from './harness.ts';

export interface OnlineApp {
  readonly browser: Browser;
  /** The server's origin, without a trailing slash. */
  readonly base: string;
  /**
   * Stops the server (its sockets close, nothing answers), runs `meanwhile`, and starts it again
   * on the same port and data: what a browser sees of a server restart.
   */
  restart(meanwhile: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export async function startOnlineApp(prefix: string): Promise<OnlineApp> {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const webRoot = inject('citadelWebRoot');
  if (!webRoot) throw new Error('the web app is not built: run the browser tests through vitest');
  mkdirSync(SHOTS, { recursive: true });
  // Many pages and polls from one address: the per-address limit is raised for the test.
  const start = (port: number) =>
    startServer({
      port,
      host: '127.0.0.1',
      dataDir: join(work, 'data'),
      webRoot,
      rateLimit: 100_000,
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
    async restart(meanwhile) {
      await server.close();
      await meanwhile();
      server = await start(port);
    },
    async close() {
      await browser.close();
      await server.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
