/**
 * End-to-end tests of the web app in Debian's chromium, driven by playwright-core, on the app that
 * the global setup built and serves for the run: draw, move and play. Screenshots go to
 * packages/web/test-results/.
 * Chromium is required: without it these tests fail (install: apt-get install -y chromium).
 */
import { DRAWN_KINDS, pieceSvg } from '@citadel/board';
import { KIND_KEYS, Position, VARIANT_IDS } from '@citadel/core';
import { sampleOf } from '@citadel/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot, newContext, startApp, type App } from './harness.ts';

let app: App | undefined;
let browser: Browser;
let base: string;

beforeAll(async () => {
  app = await startApp();
  browser = app.browser;
  base = app.base;
}, 180_000);

afterAll(async () => {
  await app?.close();
});

async function open(path: string, context?: BrowserContext): Promise<Page> {
  // These pages move pieces as a visitor without a reduced-motion wish sees them: sliding.
  const ctx =
    context ??
    (await newContext(browser, {
      viewport: { width: 1280, height: 860 },
      reducedMotion: 'no-preference',
    }));
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  (page as Page & { errors: string[] }).errors = errors;
  // Count piece animations (the board animates moves with the Web Animations API).
  await page.addInitScript(() => {
    const w = window as unknown as { animations: number };
    w.animations = 0;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
      w.animations++;
      return animate.apply(this, args);
    };
  });
  await page.goto(base + path);
  await page.waitForSelector('.cb-cell');
  return page;
}
const errorsOf = (page: Page): string[] => (page as Page & { errors: string[] }).errors;

const cell = (page: Page, square: string) => page.locator(`.cb-cell[data-square="${square}"]`);
const moveCount = (page: Page) => page.locator('ol.moves li').count();

async function waitForMoves(page: Page, n: number): Promise<void> {
  await page.waitForFunction((k) => document.querySelectorAll('ol.moves li').length >= k, n, {
    timeout: 20_000,
  });
  await page.waitForFunction(() => !document.querySelector('.status.thinking'), null, {
    timeout: 20_000,
  });
}

async function drag(page: Page, from: string, to: string): Promise<void> {
  const a = (await cell(page, from).boundingBox())!;
  const b = (await cell(page, to).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 - 8, { steps: 2 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
}

describe('web app in chromium', () => {
  it('serves the app for client-side routes', async () => {
    for (const path of ['/play/husun', '/learn/tamerlane', '/']) {
      const r = await fetch(base + path);
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('<div id="app">');
      expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    expect((await fetch(base + '/assets/missing.js')).status).toBe(404);
  });

  it('draws every variant with the right cells and citadels (a sample by default)', async () => {
    const context = await newContext(browser, { viewport: { width: 1280, height: 860 } });
    for (const id of sampleOf(VARIANT_IDS, ['tamerlane', 'persian-omega'])) {
      const page = await open(`/play/${id}`, context);
      const start = Position.start(id);
      if (!start.ok) throw new Error(start.error);
      const geo = start.value.rs.geo;
      expect(await page.locator('.cb-cell').count(), id).toBe(geo.cells.length);
      expect(await page.locator('.cb-citadel').count(), id).toBe(geo.citadels.length);
      expect(await page.locator('.cb-piece').count(), id).toBe(start.value.pieces().length);
      // Coordinates on every rank and file.
      expect(await page.locator('.cb-ranks span').count(), id).toBe(geo.ranks);
      expect(await page.locator('.cb-files span').count(), id).toBe(geo.files);
      await shot(page, `play-${id}.png`);
      expect(errorsOf(page), id).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  it('names every cell for screen readers', async () => {
    const page = await open('/play/tamerlane');
    await expect(cell(page, 'g3').getAttribute('aria-label')).resolves.toBe(
      'g3 white pawn of kings',
    );
    await expect(cell(page, 'm2').getAttribute('aria-label')).resolves.toBe(
      'm2 white citadel, empty',
    );
    await expect(cell(page, 'a9').getAttribute('aria-label')).resolves.toBe(
      'a9 black citadel, empty',
    );
    expect(await page.locator('[role="gridcell"][tabindex="0"]').count()).toBe(1);
    await page.goto(base + '/play/tamerlane?array=feminine');
    await page.waitForSelector('.cb-cell');
    await expect(cell(page, 'g2').getAttribute('aria-label')).resolves.toBe(
      'g2 white pawn of kings',
    );
    expect(await page.locator('#array').inputValue()).toBe('feminine');
    expect(await page.locator('.note').textContent()).toContain('reconstructed');
    await shot(page, 'tamerlane-feminine.png');
    await page.context().close();
  });

  it('plays by click and by drag, the engine answers, and a reload restores the game', async () => {
    const page = await open('/play/tamerlane');
    await page.selectOption('#opponent', 'engine');
    await page.locator('#level').evaluate((el: HTMLInputElement) => {
      el.value = '1';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    // The level shows its think time under the slider (levelMovetime: 140 ms at level 1).
    expect(await page.locator('.level-time').textContent()).toBe('Thinks up to 0.14 s a move');
    // Click-click: pawn of kings g3-g4.
    await cell(page, 'g3').click();
    expect(await page.locator('.cb-target').count()).toBeGreaterThan(0);
    await shot(page, 'tamerlane-selected.png');
    await cell(page, 'g4').click();
    await waitForMoves(page, 2);
    // The engine's reply slid into place.
    expect(
      await page.evaluate(() => (window as unknown as { animations: number }).animations),
    ).toBeGreaterThan(0);
    expect(await page.locator('ol.moves li').first().textContent()).toBe('g4');
    // Drag: pawn of generals f3-f4.
    await drag(page, 'f3', 'f4');
    await waitForMoves(page, 4);
    expect(await page.locator('ol.moves li').nth(2).textContent()).toBe('f4');
    await expect(cell(page, 'f4').getAttribute('aria-label')).resolves.toBe(
      'f4 white pawn of generals',
    );
    await page.waitForTimeout(300);
    await shot(page, 'tamerlane-after-moves.png');
    const before = await page.locator('ol.moves li').allTextContents();

    await page.reload();
    await page.waitForSelector('.cb-cell');
    await waitForMoves(page, 4);
    expect(await page.locator('ol.moves li').allTextContents()).toEqual(before);
    await expect(cell(page, 'g4').getAttribute('aria-label')).resolves.toBe(
      'g4 white pawn of kings',
    );
    await shot(page, 'tamerlane-restored.png');

    // Navigation: back one move with the arrow key, then forward again.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowLeft');
    expect(await page.locator('ol.moves li.current').getAttribute('data-ply')).toBe('3');
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('ol.moves li.current').getAttribute('data-ply')).toBe('4');

    // Takeback against the engine returns to the user's turn two plies earlier.
    await page.getByRole('button', { name: 'Takeback' }).click();
    expect(await moveCount(page)).toBe(2);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps the pieces from sliding for a visitor who asks for reduced motion', async () => {
    const context = await newContext(browser, {
      viewport: { width: 1280, height: 860 },
      reducedMotion: 'reduce',
    });
    const page = await open('/play/chess', context);
    await page.selectOption('#opponent', 'human');
    await cell(page, 'e2').click();
    await cell(page, 'e4').click();
    await waitForMoves(page, 1);
    await expect(cell(page, 'e4').getAttribute('aria-label')).resolves.toBe('e4 white pawn');
    expect(
      await page.evaluate(() => (window as unknown as { animations: number }).animations),
    ).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    await context.close();
  });

  it('moves by keyboard between two players and ends a game with the core outcome text', async () => {
    const page = await open('/play/chess');
    await page.selectOption('#opponent', 'human');
    // Fool's mate by keyboard and clicks: f3 e5 g4 Qh4#.
    await cell(page, 'f2').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    expect(await moveCount(page)).toBe(1);
    for (const [from, to] of [
      ['e7', 'e5'],
      ['g2', 'g4'],
      ['d8', 'h4'],
    ] as const) {
      await cell(page, from).click();
      await cell(page, to).click();
    }
    await expect(page.locator('.result').textContent()).resolves.toBe('checkmate: Black wins');
    await page.waitForTimeout(300);
    expect(await page.locator('.cb-check').count()).toBe(1);
    await shot(page, 'chess-mate.png');
    await page.getByRole('button', { name: 'Flip' }).click();
    expect(await page.locator('.cb-ranks span').first().textContent()).toBe('1');
    expect(await page.locator('.cb-files span').first().textContent()).toBe('h');
    await shot(page, 'chess-mate-flipped.png');
    await page.context().close();
  });

  it('offers the promotion choice', async () => {
    const page = await open('/play/chess');
    const saved = {
      version: 1,
      setup: { variant: 'chess', array: 'standard', opponent: 'human', side: 'white', level: 3 },
      moves: ['a2a4', 'b7b5', 'a4b5', 'a7a6', 'b5a6', 'c8b7', 'a6b7', 'b8c6'],
      resigned: null,
    };
    await page.evaluate(
      (g) => localStorage.setItem('citadel.game.chess', JSON.stringify(g)),
      saved,
    );
    await page.reload();
    await page.waitForSelector('.cb-cell');
    expect(await moveCount(page)).toBe(8);
    await cell(page, 'b7').click();
    await cell(page, 'a8').click();
    const choices = page.locator('.chooser .choice');
    expect(await choices.allTextContents()).toEqual(['Queen', 'Rook', 'Bishop', 'Knight']);
    await shot(page, 'chess-promotion.png');
    await choices.nth(3).click();
    expect(await page.locator('ol.moves li').last().textContent()).toBe('bxa8=N');
    await expect(cell(page, 'a8').getAttribute('aria-label')).resolves.toBe('a8 white knight');
    await page.context().close();
  });

  it('plays by touch on a phone', async () => {
    const context = await newContext(browser, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await open('/play/husun', context);
    await shot(page, 'phone-husun.png', { fullPage: true });
    const cdp = await context.newCDPSession(page);
    const a = (await cell(page, 'e3').boundingBox())!;
    const b = (await cell(page, 'e4').boundingBox())!;
    const x = a.x + a.width / 2;
    const y = a.y + a.height / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 6; i++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x, y: y + ((b.y - a.y) * i) / 6 }],
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await waitForMoves(page, 2);
    expect(await page.locator('ol.moves li').first().textContent()).toBe('e4');
    await page.waitForTimeout(300);
    await shot(page, 'phone-husun-after-touch.png', { fullPage: true });
    expect(errorsOf(page)).toEqual([]);
    await context.close();
  });

  it('shows the first board quickly', async () => {
    const context = await newContext(browser, { viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(base + '/play/tamerlane');
    await page.waitForSelector('.cb-piece');
    const ms = Date.now() - started;
    console.log(`load to first board (tamerlane, localhost): ${ms} ms`);
    expect(ms).toBeLessThan(5000);
    await context.close();
  });

  it('has a picture for every piece kind, in white and black', async () => {
    for (const kind of KIND_KEYS) expect(DRAWN_KINDS, kind).toContain(kind);
    const context = await newContext(browser, { viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    const tile = (kind: string, bg: string): string =>
      `<figure style="margin:0;background:${bg};text-align:center;font:12px sans-serif">` +
      `<div style="display:flex">${pieceSvg(kind, 'white')}${pieceSvg(kind, 'black')}</div>${kind}</figure>`;
    await page.setContent(
      `<style>svg{width:64px;height:64px}body{margin:8px;display:grid;grid-template-columns:repeat(8,1fr);gap:6px}</style>` +
        KIND_KEYS.map((k, i) => tile(k, i % 2 ? '#c79f6b' : '#efe0c0')).join(''),
    );
    await shot(page, 'pieces.png', { fullPage: true });
    await context.close();
  });

  it('shows the rules page', async () => {
    const page = await open('/learn/tamerlane-full');
    expect(await page.locator('.piece-pick').count()).toBeGreaterThan(10);
    await shot(page, 'learn-tamerlane-full.png', { fullPage: true });
    await page.context().close();
  });
});
