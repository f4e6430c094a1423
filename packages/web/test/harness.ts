/**
 * The browser-test harness shared by the feature test files: builds the app into its own
 * temporary folder (so test files can run side by side), serves it on a random localhost port,
 * launches Debian's chromium through playwright-core, and offers small page helpers.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { serve } from '../serve.mjs';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(WEB, '..', '..');
export const SHOTS = join(WEB, 'test-results');
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export interface App {
  readonly browser: Browser;
  /** Origin of the served build, without a trailing slash. */
  readonly base: string;
  close(): Promise<void>;
}

/** Builds and serves the app and starts chromium; fails loudly when chromium is missing. */
export async function startApp(prefix: string): Promise<App> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `chromium not found at ${CHROMIUM}: the browser tests need it (apt-get install -y chromium, or set CHROMIUM_PATH)`,
    );
  const outDir = mkdtempSync(join(tmpdir(), prefix));
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: WEB, stdio: 'inherit' },
  );
  mkdirSync(SHOTS, { recursive: true });
  const served = await serve({ root: outDir, port: 0 });
  const server: Server = served.server;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  return {
    browser,
    base: served.url.replace(/\/$/, ''),
    async close() {
      await browser.close();
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

export type PageWithErrors = Page & { errors: string[] };

/** A fresh desktop-sized page at `path`, collecting page errors, once the board is drawn. */
export async function openPage(app: App, path: string): Promise<PageWithErrors> {
  const ctx = await app.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = (await ctx.newPage()) as PageWithErrors;
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  await page.goto(app.base + path);
  await page.waitForSelector('.cb-cell');
  return page;
}

export const cell = (page: Page, square: string) =>
  page.locator(`.cb-cell[data-square="${square}"]`);
export const moveTexts = (page: Page) => page.locator('ol.moves li').allTextContents();

export async function typeMove(page: Page, move: string): Promise<void> {
  await page.locator('#move-input').fill(move);
  await page.locator('#move-input').press('Enter');
}

export async function importText(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Import…' }).click();
  await page.locator('#import-text').fill(text);
  await page.locator('.io-dialog').getByRole('button', { name: 'Load' }).click();
}

/**
 * One app per test file: built and served before the file's tests, closed after them.
 * `web.app` is the running app; `web.open(path)` opens a page on it.
 */
export function useApp(prefix: string): {
  readonly app: App;
  readonly open: (path: string) => Promise<PageWithErrors>;
} {
  let app: App | undefined;
  beforeAll(async () => {
    app = await startApp(prefix);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });
  const running = (): App => {
    if (!app) throw new Error('the app has not started');
    return app;
  };
  return {
    get app() {
      return running();
    },
    open: (path) => openPage(running(), path),
  };
}
