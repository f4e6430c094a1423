/**
 * A browser that refuses storage never strands a player (issue 67), on the real pages and the real
 * server, with the browser's storage broken by a script that runs before the app's:
 * - Online, local storage blocked in both browsers: the creator of a game as White plays White
 *   (not the free seat) and the friend plays Black; the game page says, once, that this browser
 *   does not keep the seat, and copies the private seat link, which seats its opener as White; a
 *   reload keeps the seat (the tab's history carries it).
 * - Against the engine, each way storage fails (local storage full, local storage denied,
 *   IndexedDB missing, IndexedDB full): the play page says that the browser is not saving games, the PGN export is
 *   one click away, and the game stays on the page (and in the archive page's list) for the tab's
 *   life. Dismissed, the notice does not come back in the tab.
 */
import { SAVE_SHOTS } from '@citadel/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { newContext, shot, typeMove } from './harness.ts';
import { startOnlineApp, type OnlineApp } from './online-server.ts';

let app: OnlineApp;
beforeAll(async () => {
  app = await startOnlineApp('citadel-storage-');
}, 180_000);
afterAll(async () => {
  await app?.close();
});

/** How storage fails: a script run in every page of a context before the app's own. */
const FAILURES = {
  'local storage full': () => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  },
  'local storage denied': () => {
    Object.defineProperty(window, 'localStorage', {
      get: () => {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
  },
  'IndexedDB missing': () => {
    Object.defineProperty(window, 'indexedDB', { value: undefined });
  },
  'IndexedDB full': () => {
    IDBObjectStore.prototype.put = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  },
} as const;
type Failure = keyof typeof FAILURES;

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

type PageWithErrors = Page & { errors: string[] };

/** A page in a fresh context whose storage fails as `failure` says. */
async function brokenPage(
  failure: Failure,
  viewport = DESKTOP,
  options: Parameters<typeof newContext>[1] = {},
): Promise<PageWithErrors> {
  const ctx: BrowserContext = await newContext(app.browser, { viewport, ...options });
  await ctx.addInitScript(FAILURES[failure]);
  return watchErrors((await ctx.newPage()) as PageWithErrors);
}

function watchErrors(page: PageWithErrors): PageWithErrors {
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

/** Goes to an app address as a link inside the app would (the page is not loaded again). */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const NOT_SAVING = 'This browser is not saving games: export the PGN to keep this one';

describe('when the browser refuses storage', () => {
  it('seats the creator of an online game as White and the friend as Black, and copies the private seat link', async () => {
    const creator = await brokenPage('local storage denied', DESKTOP, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await creator.goto(`${app.base}/play/chess`);
    await creator.getByText('Play a friend online').click();
    const form = creator.locator('.online-entry form');
    await form.locator('select[id$="-color"]').selectOption('white');
    await form.getByRole('button', { name: 'Create the game' }).click();
    await creator.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
    const gameUrl = creator.url();
    const seatBars = (page: Page) => page.locator('.seat-bar').allTextContents();
    await creator.locator('.seat-bar', { hasText: 'White: Anonymous — you' }).waitFor();
    expect((await seatBars(creator)).join(' | ')).toContain('Black: Waiting for a player');

    // Said once, politely: this tab alone holds the seat; the private link is copied.
    const notice = creator.getByRole('status', { name: 'Your seat' });
    await notice.getByText('This browser does not keep your seat (White)').waitFor();
    await notice.getByRole('button', { name: 'Copy seat link' }).click();
    await notice.getByText('Seat link copied.').waitFor();
    const seatLink = await creator.evaluate(() => navigator.clipboard.readText());
    expect(seatLink).toMatch(new RegExp(`^${gameUrl}#seat=white\\.[A-Za-z0-9_-]{22,}$`));
    expect(await axeViolations(creator)).toEqual([]);
    await shot(creator, 'storage-seat-1280.png');

    // The friend, storage blocked too, takes the free seat: Black.
    const friend = await brokenPage('local storage denied', PHONE);
    await friend.goto(gameUrl);
    await friend.locator('.seat-bar', { hasText: 'Black: Anonymous — you' }).waitFor();
    await shot(friend, 'storage-seat-390.png');
    await creator.waitForFunction(() => document.title.startsWith('● Your move'));
    await creator.locator('.cb-cell[data-square="e2"]').click();
    await creator.locator('.cb-cell[data-square="e4"]').click();
    await friend.waitForFunction(() => document.title.startsWith('● Your move'));
    await friend.locator('.cb-cell[data-square="e7"]').click();
    await friend.locator('.cb-cell[data-square="e5"]').click();
    await creator.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 2);

    // A reload keeps the creator's seat: the tab's history carries it.
    await creator.reload();
    await creator.locator('.seat-bar', { hasText: 'White: Anonymous — you' }).waitFor();
    await creator.waitForFunction(() => document.title.startsWith('● Your move'));

    // The private link seats its opener as White, and leaves the address bar at once.
    const elsewhere = watchErrors((await creator.context().newPage()) as PageWithErrors);
    await elsewhere.goto(seatLink);
    await elsewhere.locator('.seat-bar', { hasText: 'White: Anonymous — you' }).waitFor();
    expect(elsewhere.url()).toBe(gameUrl);
    for (const page of [creator, friend, elsewhere]) expect(page.errors).toEqual([]);
    await creator.context().close();
    await friend.context().close();
  });

  for (const failure of Object.keys(FAILURES) as Failure[])
    it(`says the games are not saved and keeps the game exportable (${failure})`, async () => {
      const page = await brokenPage(failure);
      await page.goto(`${app.base}/play/chess`);
      await page.waitForSelector('.cb-cell');
      await typeMove(page, 'e4');
      const notice = page.getByRole('status').filter({ hasText: NOT_SAVING });
      await notice.waitFor();
      await expect(page.locator('.storage-notice-text').textContent()).resolves.toBe(NOT_SAVING);

      // The PGN export, one click away.
      await notice.getByRole('button', { name: 'Export PGN' }).click();
      const pgn = await page.getByRole('textbox', { name: 'PGN of the game' }).inputValue();
      expect(pgn).toMatch(/^1\. e4\b/m);
      await page
        .getByRole('dialog', { name: 'Export PGN' })
        .getByRole('button', { name: 'Close' })
        .click();

      // The game stays for the tab's life: in the archive's list, and on the play page again.
      await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 2);
      await goInApp(page, '/archive');
      await page.locator('.archive-table tbody tr').first().waitFor();
      expect(await page.locator('.archive-table tbody tr').count()).toBe(1);
      // Where the archive itself is refused, its page lists the game from memory and says so.
      if (failure.startsWith('IndexedDB')) {
        await page
          .getByRole('status')
          .filter({ hasText: 'This browser is not saving games' })
          .getByRole('button', { name: 'Export all (PGN)' })
          .waitFor();
        await shot(page, `storage-archive-${failure.replaceAll(' ', '-')}-1280.png`);
      }
      await goInApp(page, '/play/chess');
      await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 2);
      expect((await page.locator('ol.moves li').allTextContents())[0]).toContain('e4');
      await notice.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `storage-notice-${failure.replaceAll(' ', '-')}-1280.png`);
      if (SAVE_SHOTS && failure === 'local storage full') {
        await page.setViewportSize(PHONE);
        await shot(page, 'storage-notice-390.png', { fullPage: true });
        await page.setViewportSize(DESKTOP);
      }

      // Dismissed, it does not come back in this tab.
      await notice.getByRole('button', { name: 'Dismiss this notice' }).click();
      await expect(page.getByText(NOT_SAVING).count()).resolves.toBe(0);
      await typeMove(page, 'd4');
      await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 4);
      await expect(page.getByText(NOT_SAVING).count()).resolves.toBe(0);
      expect(page.errors).toEqual([]);
      await page.context().close();
    });
});
