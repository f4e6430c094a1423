/**
 * Releases and protocol versions, in real pages against the real server (docs/api.md, "Versions";
 * src/updates/). The pages are the app built for the run: an "old client build". A newer server is
 * stood in for by the server's wire (its events as they go out, the version it says) and by a copy
 * of the build that says it is another build and protocol (release-build.ts): what a release puts
 * on the server. An old page plays on against a server that adds fields to its messages (moves and
 * clocks update), and shows a message it cannot read instead of freezing; against a server that
 * speaks a newer protocol, a page shows "Citadel was updated — reload to continue" and the game
 * pages reload by themselves, then play on; a release installed by the service worker is offered
 * on every open page, and reloads by itself a page that is hidden and idle, never one with a game
 * in progress.
 */
import { join } from 'node:path';
import { PROTOCOL_VERSION } from '@citadel/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { newContext, newPage, shot, typeMove, type PageWithErrors } from './harness.ts';
import { startOnlineApp, type OnlineApp } from './online-server.ts';
import { releaseOf } from './release-build.ts';

/** What the server does to each event as it goes out: the test's stand-in for a newer server. */
let outgoing = (event: { readonly type: string }): object => event;

let app: OnlineApp;
beforeAll(async () => {
  app = await startOnlineApp('citadel-updates-', { wire: { outgoing: (e) => outgoing(e) } });
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 } };

/** The page's errors, less what a server that restarts makes a browser log. */
const errorsOf = (page: PageWithErrors): string[] =>
  page.errors.filter(
    (e) => !/ERR_CONNECTION_REFUSED|WebSocket connection|Failed to load resource/.test(e),
  );

const banner = (page: Page) => page.locator('.update-banner');

async function clickMove(page: Page, from: string, to: string): Promise<void> {
  await page.locator(`.cb-cell[data-square="${from}"]`).click();
  await page.locator(`.cb-cell[data-square="${to}"]`).click();
}

async function waitForMoves(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (count) => document.querySelectorAll('ol.moves li').length === count,
    n,
  );
}

/** A live game (5+3) created on the play page by White, joined by Black through the link. */
async function liveGame(): Promise<{ white: PageWithErrors; black: PageWithErrors }> {
  const white = await newPage(app.browser, DESKTOP);
  await white.goto(`${app.base}/play/chess`);
  await white.getByText('Play a friend online').click();
  const form = white.locator('.online-entry form');
  await form.locator('select').first().selectOption('chess');
  await form.locator('select[id$="-color"]').selectOption('white');
  await form.getByRole('button', { name: 'Create the game' }).click();
  await white.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
  const black = await newPage(app.browser, PHONE);
  await black.goto(white.url());
  await white.waitForFunction(() => document.title.startsWith('● Your move'));
  return { white, black };
}

/** The time shown on `color`'s clock. */
const clockText = (page: Page, color: 'white' | 'black') =>
  page.locator(`.clock-${color} .clock-time`).textContent();

/** Marks the page's document, to tell whether it was reloaded since. */
const mark = (page: Page) =>
  page.evaluate(() => ((window as unknown as { citadelMark: boolean }).citadelMark = true));
const reloaded = (page: Page) =>
  page.waitForFunction(() => !(window as unknown as { citadelMark?: boolean }).citadelMark);
const metaOf = (page: Page, name: string) =>
  page.evaluate((n) => document.querySelector<HTMLMetaElement>(`meta[name="${n}"]`)?.content, name);

describe('a page older than the server', () => {
  it('plays on against a server that adds fields to its messages, and shows one it cannot read', async () => {
    outgoing = (e) =>
      e.type === 'move'
        ? { ...e, glyph: '!', clocks: { ...(e as { clocks?: object }).clocks, paused: false } }
        : { ...e, region: 'eu' };
    try {
      const { white, black } = await liveGame();
      await clickMove(white, 'e2', 'e4');
      await waitForMoves(black, 1);
      await clickMove(black, 'e7', 'e5');
      await waitForMoves(white, 2);
      // Both sides have moved: White's clock runs, on both pages, from the moves' clocks.
      await Promise.all(
        [white, black].map(async (page) => {
          await page.locator('.clock-white.running').waitFor();
          const before = await clockText(page, 'white');
          await expect.poll(() => clockText(page, 'white')).not.toBe(before);
        }),
      );
      await clickMove(white, 'g1', 'f3');
      await waitForMoves(black, 3);
      await black.locator('.clock-black.running').waitFor();
      expect(await banner(white).count()).toBe(0);
      expect(await banner(black).count()).toBe(0);

      // A message the page cannot read (a field it needs is gone): said, with a reload.
      outgoing = (e) => (e.type === 'move' ? { ...e, san: undefined } : e);
      await clickMove(black, 'b8', 'c6');
      for (const page of [white, black]) {
        await banner(page)
          .getByText('This page could not read a message from the server — reload.')
          .waitFor();
        expect(await banner(page).getAttribute('role')).toBe('alert');
      }
      await shot(black, 'updates-unreadable-390.png');
      expect(await axeViolations(black)).toEqual([]);
      outgoing = (e) => e;
      await mark(white);
      await banner(white).getByRole('button', { name: 'Reload' }).click();
      await reloaded(white);
      await waitForMoves(white, 4);
      expect(await banner(white).count()).toBe(0);
      for (const page of [white, black]) expect(errorsOf(page)).toEqual([]);
    } finally {
      outgoing = (e) => e;
    }
  });

  it('says that Citadel was updated, and reloads a game by itself, which plays on', async () => {
    const { white, black } = await liveGame();
    await clickMove(white, 'e2', 'e4');
    await waitForMoves(black, 1);
    const list = await newPage(app.browser, DESKTOP);
    await list.goto(`${app.base}/games`);
    await list.getByRole('heading', { name: 'My games' }).waitFor();
    for (const page of [white, black, list]) await mark(page);

    // A release whose protocol is one version ahead replaces the server and its app.
    const next = PROTOCOL_VERSION + 1;
    const webRoot = releaseOf(app.webRoot, join(app.webRoot, '..', 'citadel-release-next'), {
      build: 'release-next',
      protocol: next,
    });
    await app.restart(async () => {}, { webRoot, wire: { protocol: next } });

    // "My games", whose socket connects again, says so and waits for the player.
    const said = banner(list).getByText('Citadel was updated — reload to continue.');
    await said.waitFor();
    expect(await banner(list).getAttribute('role')).toBe('alert');
    await shot(list, 'updates-protocol-1280.png');
    expect(await axeViolations(list)).toEqual([]);
    await banner(list).getByRole('button', { name: 'Reload' }).click();
    await reloaded(list);
    expect(await metaOf(list, 'citadel-protocol')).toBe(String(next));
    await list.getByRole('heading', { name: 'My games' }).waitFor();
    expect(await banner(list).count()).toBe(0);

    // The game's pages reload by themselves, into the release, and the game goes on.
    for (const page of [white, black]) {
      await reloaded(page);
      expect(await metaOf(page, 'citadel-protocol')).toBe(String(next));
      await waitForMoves(page, 1);
      const why = await page.evaluate(() => sessionStorage.getItem('citadel.update-reload'));
      expect(JSON.parse(why ?? '{}')).toMatchObject({ why: `protocol ${next}` });
    }
    await clickMove(black, 'e7', 'e5');
    await waitForMoves(white, 2);
    await white.locator('.clock-white.running').waitFor();
    await clickMove(white, 'g1', 'f3');
    await waitForMoves(black, 3);
    for (const page of [white, black]) expect(await banner(page).count()).toBe(0);
    for (const page of [white, black, list]) expect(errorsOf(page)).toEqual([]);
  });
});

describe('a release', () => {
  /** Waits until a service worker serves the page. */
  const controlled = (page: Page) =>
    page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise((done) =>
        navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }),
      );
    });
  /** Tells the page that it is hidden now, as a browser does when the player goes elsewhere. */
  const hide = (page: Page) =>
    page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'hidden',
      });
      document.dispatchEvent(new Event('visibilitychange'));
    });

  it('is offered on every open page once its worker waits; a hidden idle page reloads by itself, a game in progress never', async () => {
    const wire = { protocol: PROTOCOL_VERSION, outgoing: (e: { type: string }) => outgoing(e) };
    await app.restart(async () => {}, { webRoot: app.webRoot, wire });
    const ctx = await newContext(app.browser, { ...DESKTOP, serviceWorkers: 'allow' });
    const errors: string[] = [];
    const open = async (path: string): Promise<Page> => {
      const page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${app.base}${path}`);
      await controlled(page);
      return page;
    };
    const home = await open('/');
    const play = await open('/play/chess');
    await play.waitForSelector('.cb-cell');
    await typeMove(play, 'e4');
    await waitForMoves(play, 1);
    const before = await metaOf(home, 'citadel-build');
    for (const page of [home, play]) await mark(page);

    const webRoot = releaseOf(app.webRoot, join(app.webRoot, '..', 'citadel-release-2'), {
      build: 'release-2',
      protocol: PROTOCOL_VERSION,
    });
    await app.restart(async () => {}, { webRoot, wire });
    // The next word from the server names the new build: the page looks for a new worker, which
    // installs and waits, and every page of the old one offers the reload.
    await home.locator('.top-nav').getByRole('link', { name: 'My games' }).click();
    for (const page of [home, play]) {
      const offer = banner(page);
      await offer.getByText('A new version of Citadel is ready — reload to use it.').waitFor();
      expect(await offer.getAttribute('role')).toBe('status');
    }
    // The release's worker waits: the pages are still served by their own build's.
    const waiting = await play.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state,
    );
    expect(waiting).toBe('installed');
    await shot(play, 'updates-release-1280.png');
    expect(await axeViolations(play)).toEqual([]);
    await banner(home).getByRole('button', { name: 'Not now' }).click();
    expect(await banner(home).count()).toBe(0);

    // Hidden, the game in progress stays as it is; the idle page reloads into the release.
    await hide(play);
    expect(await play.evaluate(() => sessionStorage.getItem('citadel.update-reload'))).toBeNull();
    await hide(home);
    await reloaded(home);
    await controlled(home);
    expect(await metaOf(home, 'citadel-build')).toBe('release-2');
    await home.getByRole('heading', { name: 'My games' }).waitFor();
    // The release's worker keeps the build before it at hand for the pages still open on it.
    expect(await home.evaluate(() => caches.keys())).toEqual([
      `citadel-${before}`,
      'citadel-release-2',
    ]);
    expect(await banner(home).count()).toBe(0);

    // The game's page waits for its player, who reloads when they choose: the game goes on.
    expect(
      await play.evaluate(() => (window as unknown as { citadelMark?: boolean }).citadelMark),
    ).toBe(true);
    await banner(play).getByRole('button', { name: 'Reload' }).click();
    await reloaded(play);
    expect(await metaOf(play, 'citadel-build')).toBe('release-2');
    await play.waitForFunction(() => document.querySelectorAll('ol.moves li').length >= 1);
    expect(await banner(play).count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
