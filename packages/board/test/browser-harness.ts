/**
 * Runs the board in chromium without the web app: the board's source and the test layouts are
 * bundled by esbuild into one script (global `CB`) that each test page loads.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH, SAVE_SHOTS, chromiumArgs } from '@citadel/testing';
import { build } from 'esbuild';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

const HERE = dirname(fileURLToPath(import.meta.url));
export const SHOTS = join(HERE, '..', 'test-results');

/**
 * Saves a screenshot of `target` (a page, or one element) as SHOTS/<name>, for people to look at;
 * no test reads it. Only when SAVE_SHOTS: elsewhere it does nothing, since encoding the pictures
 * costs the default tier CPU for no check.
 */
export async function shot(target: Page | Locator, name: string): Promise<void> {
  if (SAVE_SHOTS) await target.screenshot({ path: join(SHOTS, name) });
}

export interface BoardBrowser {
  readonly browser: Browser;
  /** A page of the given size with the bundle loaded and an empty `#host` of `hostWidth`. */
  page(
    width: number,
    height: number,
    hostWidth?: string,
    touch?: boolean,
  ): Promise<Page & { errors: string[] }>;
  close(): Promise<void>;
}

export async function startBoardBrowser(): Promise<BoardBrowser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `chromium not found at ${CHROMIUM_PATH}: the browser tests need it (apt-get install -y chromium, or set CHROMIUM_PATH)`,
    );
  const bundle = await build({
    entryPoints: [join(HERE, 'browser-entry.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'CB',
    write: false,
    target: 'es2022',
  });
  const script = bundle.outputFiles[0]!.text;
  mkdirSync(SHOTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: chromiumArgs(),
  });
  return {
    browser,
    async page(width, height, hostWidth = '100%', touch = false) {
      const ctx = await browser.newContext({
        viewport: { width, height },
        hasTouch: touch,
        isMobile: touch,
      });
      const page = (await ctx.newPage()) as Page & { errors: string[] };
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(e.message));
      await page.setContent(
        `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><style>body{margin:12px;font:16px system-ui}` +
          `#host{width:${hostWidth}}</style></head><body><button id="before">before</button>` +
          `<div id="host"></div><p id="log"></p></body></html>`,
      );
      await page.addScriptTag({ content: script });
      // vitest's transform may wrap named functions in `__name`; the page needs it defined.
      await page.evaluate('window.__name = window.__name || ((f) => f)');
      return page;
    },
    async close() {
      await browser.close();
    },
  };
}
