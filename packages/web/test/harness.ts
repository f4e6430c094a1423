/**
 * The browser-test harness shared by the feature test files: launches Debian's chromium through
 * playwright-core on the app that the global setup (global-setup.ts) built and serves once for the
 * whole run, and offers small page helpers.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH, SAVE_SHOTS, chromiumArgs } from '@citadel/testing';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SHOTS = join(WEB, 'test-results');

/**
 * Saves a screenshot of `target` (a page, or one element) as SHOTS/<name>, for people to look at;
 * no test reads it. Only in the deep tier (CITADEL_DEEP=1) or with CITADEL_SHOTS=1 set: elsewhere
 * it does nothing, since encoding the pictures costs the default tier CPU for no check.
 * `fullPage` applies to a page only.
 */
export async function shot(
  target: Page | Locator,
  name: string,
  options: { readonly fullPage?: boolean } = {},
): Promise<void> {
  if (!SAVE_SHOTS) return;
  const path = join(SHOTS, name);
  if ('mainFrame' in target) await target.screenshot({ path, ...options });
  else await target.screenshot({ path });
}

export interface App {
  readonly browser: Browser;
  /** Origin of the served build, without a trailing slash. */
  readonly base: string;
  close(): Promise<void>;
}

/** Starts chromium on the served app; fails loudly when chromium is missing. */
export async function startApp(): Promise<App> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `chromium not found at ${CHROMIUM_PATH}: the browser tests need it (apt-get install -y chromium, or set CHROMIUM_PATH)`,
    );
  const base = inject('citadelWebBase');
  if (!base) throw new Error('the web app is not served: run the browser tests through vitest');
  mkdirSync(SHOTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: chromiumArgs(),
  });
  return {
    browser,
    base,
    async close() {
      await browser.close();
    },
  };
}

export type PageWithErrors = Page & { errors: string[] };

/**
 * A fresh browser context: a new profile, without storage or cookies. Its service workers are
 * blocked unless `options.serviceWorkers` is 'allow': in every fresh profile the app's worker would
 * fetch and cache the whole build again (a visitor does that once), which costs more than most
 * tests. Only the offline test needs the worker. It asks for reduced motion unless
 * `options.reducedMotion` says otherwise, so pieces do not slide and spinners stand still (frames
 * a test does not look at); the tests of the slides themselves ask for 'no-preference'.
 */
export function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ serviceWorkers: 'block', reducedMotion: 'reduce', ...options });
}

/** A page in a fresh context (see newContext) that collects its page errors and console errors. */
export async function newPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<PageWithErrors> {
  const ctx = await newContext(browser, options);
  const page = (await ctx.newPage()) as PageWithErrors;
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  return page;
}

/**
 * A fresh desktop-sized page at `path` (see newPage; `options` add to the context's), once the
 * board is drawn.
 */
export async function openPage(
  app: App,
  path: string,
  options: BrowserContextOptions = {},
): Promise<PageWithErrors> {
  const page = await newPage(app.browser, { viewport: { width: 1280, height: 860 }, ...options });
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
 * Opens the play page's set-up (the game choices: array, opponent, side, level, clock, rule
 * switches) where it is folded away, as during a game: "New game" opens it. Before the player's
 * first move it is open already, and a choice made there starts the game over at once.
 */
export async function openSetup(page: Page): Promise<Locator> {
  const panel = page.locator('#setup-panel');
  if (await panel.isHidden()) await page.getByRole('button', { name: 'New game' }).click();
  await panel.waitFor({ state: 'visible' });
  return panel;
}

/**
 * Starts a new game with the set-up's choices as the player would: "New game", then "Start game",
 * confirming the question asked when a game is in progress; resolves once the new game is shown
 * (no moves: the tests start new games where the player moves first).
 */
export async function newGame(page: Page): Promise<void> {
  const panel = await openSetup(page);
  await panel.getByRole('button', { name: 'Start game' }).click();
  const ask = page.getByRole('dialog', { name: 'Start a new game?' });
  if (await ask.count()) await ask.getByRole('button', { name: 'New game' }).click();
  await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 0);
}

/**
 * One browser per test file on the app served for the run: started before the file's tests,
 * closed after them. `web.app` is the running app; `web.open(path)` opens a page on it.
 */
export function useApp(): {
  readonly app: App;
  readonly open: (path: string, options?: BrowserContextOptions) => Promise<PageWithErrors>;
} {
  let app: App | undefined;
  beforeAll(async () => {
    app = await startApp();
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
    open: (path, options) => openPage(running(), path, options),
  };
}
