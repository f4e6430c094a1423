/**
 * The weight of the first load and the code loaded on demand, in chromium: the JavaScript a fresh
 * visit to `/play/tamerlane` fetches until its board is drawn (the engine's worker aside, which
 * loads in its own thread) stays under the budget the web README states; every other page's code
 * loads when it is first visited, with a "Loading…" while it comes and a clear message when it
 * cannot come; the play page's "Play a friend online" loads its form when opened; the header's
 * account corner, which comes after the page, moves nothing on a phone. The compressed
 * copies the server sends hold the code as built (the chunks' lists of what to preload included).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newPage, shot, typeMove, useApp } from './harness.ts';

/** The budget of a play page's first load: JavaScript, gzip level 9 (the web README says so). */
const FIRST_LOAD_BUDGET_BYTES = 80_000;

const web = useApp();

/** A built chunk's URL: `/assets/<name>-<hash>.js`. */
const chunk = (name: string): RegExp => new RegExp(`/assets/${name}-[\\w-]+\\.js$`);

/**
 * Records in the page, before its own scripts run, when the board's first cell appears:
 * `window.citadelBoardAt`, on the clock of `performance.now()` (that of the resource timings).
 */
async function recordBoardDrawn(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      if (!document.querySelector('.cb-cell')) return;
      (window as unknown as { citadelBoardAt: number }).citadelBoardAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The paths of the scripts the page began to fetch before its board was drawn, worker aside. */
async function scriptsBeforeBoard(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boardAt = (window as unknown as { citadelBoardAt?: number }).citadelBoardAt;
    if (boardAt === undefined) throw new Error('the board was never drawn');
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= boardAt)
      .map((e) => new URL(e.name).pathname)
      .filter((path) => path.endsWith('.js') && !path.includes('engine-worker'));
  });
}

/** A file of the served build, gzipped at level 9: its size in bytes. */
function gzipBytes(path: string): number {
  return gzipSync(readFileSync(join(inject('citadelWebRoot'), path)), { level: 9 }).length;
}

/** The first load of the page shown, measured against the budget; `what` names the visit. */
async function expectWithinBudget(page: Page, what: string): Promise<void> {
  const scripts = await scriptsBeforeBoard(page);
  const sizes = scripts.map((path) => ({ path, gzip: gzipBytes(path) }));
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  const listed = `${what}: ${sizes.map((s) => `${s.path} ${s.gzip}`).join(', ')}`;
  // The app's entry is among them: the measure saw the page's own scripts.
  expect(
    scripts.some((path) => chunk('index').test(path)),
    listed,
  ).toBe(true);
  expect(total, `first load: ${total} bytes gzip (${listed})`).toBeLessThan(
    FIRST_LOAD_BUDGET_BYTES,
  );
  // None of the pages loaded on demand, nor the archive or the online code, is in it.
  for (const name of ['learn', 'analyse', 'editor', 'archive-page', 'archive-store', 'game-page'])
    expect(
      scripts.some((path) => chunk(name).test(path)),
      `${name} in ${listed}`,
    ).toBe(false);
}

/** Holds the requests whose URL matches `pattern`; returns what lets them go on. */
async function holdRequests(page: Page, pattern: RegExp): Promise<() => Promise<void>> {
  const held: Route[] = [];
  await page.route(pattern, (route) => {
    held.push(route);
  });
  return async () => {
    for (const route of held.splice(0)) await route.continue();
    await page.unroute(pattern);
  };
}

describe('the first load and the code loaded on demand', () => {
  it('loads a play page within its budget; the other pages and the online form load when first used', async () => {
    const page = await newPage(web.app.browser, { viewport: { width: 1280, height: 800 } });
    await recordBoardDrawn(page);
    await page.goto(`${web.app.base}/play/tamerlane`);
    await page.waitForSelector('.cb-cell');

    await expectWithinBudget(page, 'a first visit');
    // A returning player's game is resumed: the archive's code waits until the board is drawn.
    await typeMove(page, 'g3g4');
    await page.locator('ol.moves li').first().waitFor();
    await page.reload();
    await page.waitForSelector('.cb-cell');
    await expect(page.locator('ol.moves li').count()).resolves.toBeGreaterThan(0);
    await expectWithinBudget(page, 'a game resumed');

    const nav = page.getByRole('navigation', { name: 'Main' });
    // A page's first visit: "Loading…" while its code comes, then the page.
    const release = await holdRequests(page, chunk('editor'));
    await nav.getByRole('link', { name: 'Editor' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Loading…' }).isVisible(),
    ).resolves.toBe(true);
    await shot(page, 'first-load-loading-1280.png');
    await release();
    await page.waitForSelector('.palette-piece');
    await expect(page.getByText('Loading…').count()).resolves.toBe(0);

    // Code that cannot come (offline before the app was cached, or replaced by an update): said.
    await page.route(chunk('analyse'), (route) => route.abort());
    await nav.getByRole('link', { name: 'Analyse' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Its code did not arrive' });
    await failed.waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'This page could not be loaded',
    );
    await shot(page, 'first-load-failed-1280.png');
    await page.unroute(chunk('analyse'));

    // Back to the play page, drawn at once; its online form loads when "Play a friend online" opens.
    await nav.getByRole('link', { name: 'Play' }).click();
    await page.waitForSelector('.cb-cell');
    // The game begun above folded the set-up away, the online entry with it; New game opens it.
    await page.locator('.actions .new-game').click();
    const online = page.locator('.online-entry');
    await expect(online.locator('form').count()).resolves.toBe(0);
    await page.route(chunk('challenge-form'), (route) => route.abort());
    await online.getByText('Play a friend online').click();
    await online.getByRole('alert').filter({ hasText: 'The form could not be loaded' }).waitFor();
    await page.unroute(chunk('challenge-form'));
    // Closed and opened again, it tries again.
    await online.getByText('Play a friend online').click();
    await online.getByText('Play a friend online').click();
    await online.locator('form').getByRole('button', { name: 'Create the game' }).waitFor();
    expect(page.errors.filter((e) => !/ERR_FAILED/.test(e))).toEqual([]);
    await page.context().close();
  });

  it('keeps the board in place on a phone when the account corner appears after it', async () => {
    const page = await newPage(web.app.browser, { viewport: { width: 390, height: 844 } });
    const answer = await holdRequests(page, /\/api\/accounts\/session$/);
    await page.goto(`${web.app.base}/play/husun`);
    await page.waitForSelector('.cb-cell');
    const boardTop = () =>
      page.locator('.board-host').evaluate((e) => e.getBoundingClientRect().top);
    const before = await boardTop();
    await answer();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect(boardTop()).resolves.toBe(before);
    await shot(page, 'first-load-corner-390.png');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('serves compressed copies equal to the built files', () => {
    const assets = join(inject('citadelWebRoot'), 'assets');
    const copies = readdirSync(assets).filter((f) => /\.(gz|br)$/.test(f));
    expect(copies.some((f) => chunk('index').test(`/assets/${f.replace(/\.gz$/, '')}`))).toBe(true);
    for (const copy of copies) {
      const built = readFileSync(join(assets, copy.replace(/\.(gz|br)$/, '')), 'utf8');
      const packed = readFileSync(join(assets, copy));
      const unpacked = copy.endsWith('.gz') ? gunzipSync(packed) : brotliDecompressSync(packed);
      expect(unpacked.toString('utf8') === built, `${copy} differs from its file`).toBe(true);
    }
  });
});
