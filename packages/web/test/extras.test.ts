/**
 * Browser tests of the special-move explanations (Persian castling, the Persian rendezvous, the
 * Tamerlane pawn of pawns' relocation, each in a position loaded through the import dialog), the
 * sounds and their mute toggle, and the offline mode (service worker). Built into its own
 * temporary folder so it can run beside the other browser tests. Screenshots:
 * packages/web/test-results/extras-*.png.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../serve.mjs';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(WEB, '..', '..');
const SHOTS = join(WEB, 'test-results');
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const CASTLING_FEN =
  'f*********f/*r3k3r*/*ppppppppp*/*9*/*9*/*9*/*9*/*9*/*PPPPPPPPP*/*R3K3R*/F*********F w KQkq - 0 1';
const RELOCATION_FEN =
  '*P[P=]9k*/12*/*w3w6*/*11*/*2e8*/*11*/*w3w6*/*3N7*/*5K6/*9p[p=]1* w Ss - 0 1';

let browser: Browser;
let server: Server;
let base: string;
let outDir: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `chromium not found at ${CHROMIUM}: the browser tests need it (apt-get install -y chromium, or set CHROMIUM_PATH)`,
    );
  outDir = mkdtempSync(join(tmpdir(), 'citadel-web-extras-'));
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
  server = served.server;
  base = served.url.replace(/\/$/, '');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

type PageWithErrors = Page & { errors: string[] };

async function open(path: string): Promise<PageWithErrors> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = (await ctx.newPage()) as PageWithErrors;
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  await page.goto(base + path);
  await page.waitForSelector('.cb-cell');
  return page;
}

const cell = (page: Page, square: string) => page.locator(`.cb-cell[data-square="${square}"]`);
const moveTexts = (page: Page) => page.locator('ol.moves li').allTextContents();

async function typeMove(page: Page, move: string): Promise<void> {
  await page.locator('#move-input').fill(move);
  await page.locator('#move-input').press('Enter');
}

async function importText(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Import…' }).click();
  await page.locator('#import-text').fill(text);
  await page.locator('.io-dialog').getByRole('button', { name: 'Load' }).click();
}

const special = (page: Page) => page.locator('.special-info');

describe('special moves, sounds and offline in chromium', () => {
  it('explains castling, the rendezvous and the relocation when they are offered', async () => {
    // Persian castling: the King on f2 may castle to i2 (and d2).
    const page = await open('/play/persian-celtic');
    await page.selectOption('#opponent', 'human');
    await importText(page, CASTLING_FEN);
    await expect(special(page).isHidden()).resolves.toBe(true);
    await cell(page, 'f2').click();
    await expect(special(page).locator('[data-special="castling"]').textContent()).resolves.toMatch(
      /^Castling: .*i2/,
    );
    await page.screenshot({ path: join(SHOTS, 'extras-castling.png') });
    await cell(page, 'i2').click();
    expect(await moveTexts(page)).toEqual(['O-O']);
    await expect(special(page).isHidden()).resolves.toBe(true);
    // A piece with no special move shows nothing.
    await cell(page, 'c9').click();
    await expect(special(page).isHidden()).resolves.toBe(true);
    expect(page.errors).toEqual([]);
    await page.context().close();

    // The rendezvous from the Persian princess start: g2 with h2.
    const rdv = await open('/play/persian-princess');
    await rdv.selectOption('#opponent', 'human');
    await rdv.locator('button', { hasText: 'New game' }).click();
    await cell(rdv, 'g2').click();
    const rdvText = (await special(rdv).locator('[data-special="rendezvous"]').textContent()) ?? '';
    expect(rdvText).toMatch(/^Rendezvous: once per game/);
    await rdv.screenshot({ path: join(SHOTS, 'extras-rendezvous.png') });
    await cell(rdv, 'h2').click();
    expect(await moveTexts(rdv)).toHaveLength(1);
    expect((await moveTexts(rdv))[0]).toContain('<>h2');
    expect(rdv.errors).toEqual([]);
    await rdv.context().close();

    // The waiting pawn of pawns on b10 may be relocated.
    const tam = await open('/play/tamerlane');
    await tam.selectOption('#opponent', 'human');
    await importText(tam, RELOCATION_FEN);
    await cell(tam, 'b10').click();
    const relText = (await special(tam).locator('[data-special="relocation"]').textContent()) ?? '';
    expect(relText).toMatch(/^Pawn of pawns' relocation: /);
    await tam.screenshot({ path: join(SHOTS, 'extras-relocation.png') });
    await cell(tam, 'c5').click();
    expect(await moveTexts(tam)).toEqual(['P@c5']);
    expect(tam.errors).toEqual([]);
    await tam.context().close();
  });

  it('plays move, capture, check and end sounds, and remembers the mute toggle', async () => {
    const page = await open('/play/chess');
    await page.selectOption('#opponent', 'human');
    await page.locator('button', { hasText: 'New game' }).click();
    const log = () =>
      page.evaluate(() =>
        (
          (window as unknown as { citadelSounds?: { name: string; muted: boolean }[] })
            .citadelSounds ?? []
        ).map((s) => `${s.name}${s.muted ? '-' : ''}`),
      );
    // Fool's mate: move, move, move, then the mate ends the game.
    for (const m of ['f3', 'e5', 'g4']) await typeMove(page, m);
    expect(await log()).toEqual(['move', 'move', 'move']);
    await expect(page.evaluate(() => typeof AudioContext === 'function')).resolves.toBe(true);
    // Mute: saved in local storage, kept after a reload.
    await page.locator('.sound-toggle').click();
    await expect(page.locator('.sound-toggle').getAttribute('aria-pressed')).resolves.toBe('false');
    await page.reload();
    await page.waitForSelector('.cb-cell');
    await expect(page.locator('.sound-toggle').textContent()).resolves.toContain('Muted');
    await typeMove(page, 'Qh4#');
    expect(await log()).toEqual(['end-']);
    await page.screenshot({ path: join(SHOTS, 'extras-sound-muted.png') });
    await page.locator('.sound-toggle').click();
    expect(await page.evaluate(() => localStorage.getItem('citadel.muted'))).toBe(null);
    // Capture and check, sound on.
    await page.locator('button', { hasText: 'New game' }).click();
    for (const m of ['e4', 'd5', 'exd5', 'e6', 'dxe6', 'Bb4', 'exf7+']) await typeMove(page, m);
    expect(await log()).toEqual([
      'end-',
      'move',
      'move',
      'capture',
      'move',
      'capture',
      'move',
      'check',
    ]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('works offline once loaded (service worker)', async () => {
    const page = await open('/play/husun');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.context().setOffline(true);
    await page.reload();
    await page.waitForSelector('.cb-cell');
    expect(await page.locator('.cb-cell').count()).toBeGreaterThan(50);
    // Another route, also from the cache.
    await page.goto(base + '/learn/tamerlane');
    await page.waitForSelector('h1, h2');
    await page.screenshot({ path: join(SHOTS, 'extras-offline.png') });
    expect(page.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await page.context().close();
  });
});
