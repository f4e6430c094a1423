/**
 * Browser tests of the special-move explanations (Persian castling, the Persian rendezvous, the
 * Tamerlane pawn of pawns' relocation, each in a position loaded through the import dialog), the
 * sounds and their mute toggle, and the offline mode (service worker). Built into its own
 * temporary folder so it can run beside the other browser tests. Screenshots:
 * packages/web/test-results/extras-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, cell, importText, moveTexts, newGame, useApp, typeMove } from './harness.ts';

const CASTLING_FEN =
  'f*********f/*r3k3r*/*ppppppppp*/*9*/*9*/*9*/*9*/*9*/*PPPPPPPPP*/*R3K3R*/F*********F w KQkq - 0 1';
const RELOCATION_FEN =
  '*P[P=]9k*/12*/*w3w6*/*11*/*2e8*/*11*/*w3w6*/*3N7*/*5K6/*9p[p=]1* w Ss - 0 1';
/** White's pawn of pawns on b9, one step from its first arrival. */
const ARRIVAL_FEN = '*10k*/1P[P]10*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*5K5* w - - 0 1';

const web = useApp();
const open = web.open;

const special = (page: Page) => page.locator('.special-info');

describe('special moves, sounds and offline in chromium', () => {
  it("explains castling, the rendezvous and the relocation when they are offered, and the pawn of pawns' first arrival when it happens", async () => {
    // Persian castling: the King on f2 may castle to i2 (and d2).
    const page = await open('/play/persian-celtic');
    await page.selectOption('#opponent', 'human');
    await importText(page, CASTLING_FEN);
    await expect(special(page).isHidden()).resolves.toBe(true);
    await cell(page, 'f2').click();
    await expect(special(page).locator('[data-special="castling"]').textContent()).resolves.toMatch(
      /^Castling: .*i2/,
    );
    await shot(page, 'extras-castling.png');
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
    await newGame(rdv);
    await cell(rdv, 'g2').click();
    const rdvText = (await special(rdv).locator('[data-special="rendezvous"]').textContent()) ?? '';
    expect(rdvText).toMatch(/^Rendezvous: once per game/);
    await shot(rdv, 'extras-rendezvous.png');
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
    await shot(tam, 'extras-relocation.png');
    await cell(tam, 'c5').click();
    expect(await moveTexts(tam)).toEqual(['P@c5']);
    // Its first arrival is explained as it happens.
    await importText(tam, ARRIVAL_FEN);
    await expect(special(tam).isHidden()).resolves.toBe(true);
    await cell(tam, 'b9').click();
    await cell(tam, 'b10').click();
    expect(await moveTexts(tam)).toHaveLength(1);
    const arrival = special(tam).locator('[data-special="pawn of pawns arrival"]');
    await expect(arrival.textContent()).resolves.toMatch(
      /^Pawn of pawns' first arrival: .*\(b10\).*waits there/,
    );
    await shot(tam, 'extras-arrival.png');
    expect(tam.errors).toEqual([]);
    await tam.context().close();
  });

  it('plays move, capture, check and end sounds, and remembers the mute toggle', async () => {
    const page = await open('/play/chess');
    await page.selectOption('#opponent', 'human');
    await newGame(page);
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
    await shot(page, 'extras-sound-muted.png');
    await page.locator('.sound-toggle').click();
    expect(await page.evaluate(() => localStorage.getItem('citadel.muted'))).toBe(null);
    // Capture and check, sound on.
    await newGame(page);
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
    const page = await open('/play/husun', { serviceWorkers: 'allow' });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.context().setOffline(true);
    await page.reload();
    await page.waitForSelector('.cb-cell');
    expect(await page.locator('.cb-cell').count()).toBeGreaterThan(50);
    // The other pages, whose code loads on demand, also from the cache: each shows its own content.
    await page.goto(web.app.base + '/learn/tamerlane');
    await page.waitForSelector('.explorer .cb-cell');
    await expect(page.locator('h1').textContent()).resolves.toContain('Tamerlane chess');
    await shot(page, 'extras-offline.png');
    await page.goto(web.app.base + '/analyse/husun');
    await page.waitForSelector('main.analyse .cb-cell');
    await page.goto(web.app.base + '/editor/husun');
    await page.waitForSelector('main.editor .palette-piece');
    await page.goto(web.app.base + '/archive');
    await expect(page.locator('h1').textContent()).resolves.toBe('Games on this device');
    await page.goto(web.app.base + '/');
    await page.waitForSelector('.variant-card .cb-cell');
    await expect(page.getByText('could not be loaded').count()).resolves.toBe(0);
    expect(page.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await page.context().close();
  });
});
