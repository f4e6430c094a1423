/**
 * The clock's aids in chromium: the low-time warning (a mark on the clock, words for screen
 * readers, a sound for the player whose clock it is) on the play page and the online game page,
 * switched off in the settings dialog; and "add time" in an online game, shown on the opponent's
 * clock on both players' pages, which then agree, with a note on each. 12-second clocks: the
 * warning's threshold (10 s) is reached 2 s after the clocks start.
 */
import type { CreateGameResponse } from '@citadel/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { cell, newPage, shot, typeMove, type PageWithErrors } from './harness.ts';
import { startOnlineApp, type OnlineApp } from './online-server.ts';

let app: OnlineApp;
beforeAll(async () => {
  app = await startOnlineApp('citadel-clock-aids-');
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The sounds the page asked for (sound.ts keeps them for the tests). */
const sounds = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    ((window as unknown as { citadelSounds?: { name: string }[] }).citadelSounds ?? []).map(
      (s) => s.name,
    ),
  );

/** A clock's time as shown, in ms (`m:ss` or `m:ss.t`). */
async function shown(page: Page, color: 'white' | 'black'): Promise<number> {
  const text = (await page.locator(`.clock-${color} .clock-time`).textContent()) ?? '';
  const [m, s] = text.split(':') as [string, string];
  return (Number(m) * 60 + Number(s)) * 1000;
}

describe('the clock’s aids', () => {
  it('warns of low time on the play page, until switched off in the settings', async () => {
    const page = await newPage(app.browser, { viewport: DESKTOP });
    await page.goto(`${app.base}/play/chess`);
    await page.waitForSelector('.cb-cell');
    await page.selectOption('#opponent', 'human');
    await page.selectOption('#time-control', 'clock');
    await page.locator('#clock-minutes').fill('0.2');
    await page.locator('#clock-minutes').dispatchEvent('change');
    await page.locator('#clock-increment').fill('0');
    await page.locator('#clock-increment').dispatchEvent('change');
    await expect.poll(() => shown(page, 'white')).toBe(12_000);
    await typeMove(page, 'e4');
    await typeMove(page, 'e5');
    // White's clock runs from 12 s: under 10 s it is marked, and White (at this device) hears it.
    const white = page.locator('.clock-white');
    await page.waitForSelector('.clock-white.low', { timeout: 10_000 });
    expect(await shown(page, 'white')).toBeLessThan(10_000);
    await expect(white.getAttribute('aria-label')).resolves.toMatch(/low on time$/);
    await expect(white.locator('.clock-low').isVisible()).resolves.toBe(true);
    expect((await sounds(page)).filter((s) => s === 'low-time')).toHaveLength(1);
    await expect(page.locator('.clock-black.low').count()).resolves.toBe(0);
    await shot(page, 'clock-low-play-1280.png');

    await page.getByRole('button', { name: 'Appearance and game behaviour' }).click();
    const settings = page.getByRole('dialog', { name: 'Appearance and game behaviour' });
    const box = settings.getByRole('checkbox', { name: /Low-time warning/ });
    await expect(box.isChecked()).resolves.toBe(true);
    await box.uncheck();
    await settings.getByRole('button', { name: 'Done' }).click();
    await page.waitForSelector('.clock-white:not(.low)');
    await expect(white.getAttribute('aria-label')).resolves.not.toMatch(/low/);
    // Remembered for the next visit.
    const saved = await page.evaluate(() => localStorage.getItem('citadel.behaviour'));
    expect(JSON.parse(saved ?? '{}')).toMatchObject({ lowTimeWarning: false });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('shows time given on the opponent’s clock on both pages, and the low-time cue online', async () => {
    const game = (await (
      await fetch(`${app.base}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          variant: 'chess',
          color: 'white',
          clock: { initial: 12, increment: 0 },
        }),
      })
    ).json()) as CreateGameResponse;
    const white: PageWithErrors = await newPage(app.browser, { viewport: DESKTOP });
    // White's browser holds the seat it created the game with (as "Play a friend online" keeps it).
    await white.addInitScript(
      ([id, seat]) => localStorage.setItem('citadel.seats', JSON.stringify([[id, seat]])),
      [game.id, game.seat] as const,
    );
    await white.goto(`${app.base}/game/${game.id}`);
    const black: PageWithErrors = await newPage(app.browser, { viewport: PHONE });
    await black.goto(`${app.base}/game/${game.id}`);
    for (const page of [white, black])
      await page.waitForFunction(() =>
        /^Connected/.test(document.querySelector('.connection')?.textContent ?? ''),
      );
    await black.waitForSelector('.seat-bar >> text=— you');
    await cell(white, 'e2').click();
    await cell(white, 'e4').click();
    await black.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 1);
    await cell(black, 'e7').click();
    await cell(black, 'e5').click();

    // White's clock runs from 12 s: both pages mark it low, only White's page sounds.
    for (const page of [white, black])
      await page.waitForSelector('.clock-white.low', { timeout: 10_000 });
    await shot(white, 'clock-low-online-1280.png');

    // Black gives White 15 s (before White's last 10 s run out): White's clock gains them on both
    // pages (less the seconds that pass meanwhile, up to 5 on a loaded machine), no longer low.
    const before = await shown(black, 'white');
    await black.getByRole('button', { name: 'Give 15 s' }).click();
    expect((await sounds(white)).filter((s) => s === 'low-time')).toHaveLength(1);
    expect(await sounds(black)).not.toContain('low-time');
    for (const page of [white, black]) {
      await expect.poll(() => shown(page, 'white')).toBeGreaterThan(before + 10_000);
      await page.waitForSelector('.clock-white:not(.low)');
    }
    await expect(white.locator('.offer-note').textContent()).resolves.toBe(
      'Your opponent gave you 15 seconds.',
    );
    await expect(black.locator('.offer-note').textContent()).resolves.toBe(
      'You gave your opponent 15 seconds.',
    );
    await shot(white, 'clock-added-online-1280.png');
    await shot(black, 'clock-added-online-390.png');
    expect(await axeViolations(black)).toEqual([]);

    // White moves: its clock stops, and both pages show the same time on it.
    await cell(white, 'g1').click();
    await cell(white, 'f3').click();
    for (const page of [white, black])
      await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 3);
    await expect
      .poll(async () => (await shown(black, 'white')) - (await shown(white, 'white')))
      .toBe(0);
    expect(await shown(white, 'white')).toBeGreaterThan(before);
    expect(white.errors).toEqual([]);
    expect(black.errors).toEqual([]);
    await white.context().close();
    await black.context().close();
  });
});
