/**
 * Nothing lost between pages, in chromium: two tabs on one game stay in step; a position from the
 * editor is played against the engine at the level chosen; a finished game opens in review, whose
 * result is kept in the archive and shown at once next time; the rule switches travel through the
 * play address, Analyse, both share links and the editor; no takeback after a resignation against
 * the engine; the claim-or-swap chooser in words; an unknown array named on the analysis board.
 * Screenshots: packages/web/test-results/flow-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cell, moveTexts, shot, typeMove, useApp } from './harness.ts';

const web = useApp();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Waits until the page's move list reads `moves`. */
async function movesAre(page: Page, moves: readonly string[]): Promise<void> {
  await page.waitForFunction(
    (want) =>
      JSON.stringify(
        Array.from(document.querySelectorAll('ol.moves li'), (li) => li.textContent ?? ''),
      ) === JSON.stringify(want),
    moves,
  );
}

/** The text of the PGN export of the game on the play page (the dialog closed again). */
async function exportedPgn(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'PGN' }).click();
  const pgn = await page.locator('#export-text').inputValue();
  await page.keyboard.press('Escape');
  return pgn;
}

describe('nothing lost between pages', () => {
  it('keeps two tabs on one game in step: a move or a takeback in one shows in the other', async () => {
    const a = await web.open('/play/chess');
    await a.selectOption('#opponent', 'human');
    const b = await a.context().newPage();
    await b.goto(`${web.app.base}/play/chess`);
    await b.waitForSelector('.cb-cell');
    await expect(b.locator('#opponent').inputValue()).resolves.toBe('human');
    await typeMove(a, 'e4');
    await movesAre(b, ['e4']);
    await typeMove(b, 'e5');
    await movesAre(a, ['e4', 'e5']);
    await cell(a, 'g1').click();
    await cell(a, 'f3').click();
    await movesAre(b, ['e4', 'e5', 'Nf3']);
    await b.getByRole('button', { name: 'Takeback' }).click();
    await movesAre(a, ['e4', 'e5']);
    // Each tab saves on from what it shows: after a reload the game is the one both show.
    await typeMove(a, 'Nc3');
    await movesAre(b, ['e4', 'e5', 'Nc3']);
    await b.reload();
    await b.waitForSelector('.cb-cell');
    expect(await moveTexts(b)).toEqual(['e4', 'e5', 'Nc3']);
    expect(a.errors).toEqual([]);
    await a.context().close();
  });

  it('plays a position from the editor against the engine, at the level and side chosen', async () => {
    const fen = 'k7/8/1K6/8/8/8/8/7R w - - 0 1';
    const page = await web.open(`/editor/chess?fen=${encodeURIComponent(fen)}`);
    await page.getByRole('button', { name: 'Play from here' }).click();
    await page.waitForURL(/\/play\/chess$/);
    await page.waitForSelector('.cb-cell');
    // The engine is the opponent by default; the player takes the side to move.
    await expect(page.locator('#opponent').inputValue()).resolves.toBe('engine');
    await expect(page.locator('#side').inputValue()).resolves.toBe('white');
    await page.locator('#level').fill('5');
    // Playing Black instead: the game starts again from the same position, the engine moving.
    await page.selectOption('#side', 'black');
    await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 1);
    const pgn = await exportedPgn(page);
    expect(pgn).toContain(`[FEN "${fen}"]`);
    expect(pgn).toContain('[White "Citadel engine (level 5)"]');
    expect(pgn).toContain('[Black "You"]');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('opens the review of a finished game; the review is kept in the archive and shown at once on reload', async () => {
    const page = await web.open('/play/chess');
    await page.selectOption('#opponent', 'human');
    const review = page.getByRole('button', { name: 'Review game' });
    await expect(review.isHidden()).resolves.toBe(true);
    for (const m of ['f3', 'e5', 'g4', 'Qh4#']) await typeMove(page, m);
    await shot(page, 'flow-game-over-1280.png');
    await review.click();
    await page.waitForURL(/\/analyse\/chess\?game=[^&]+&review=1$/);
    await page.waitForFunction(
      () => document.querySelector('.review-progress')?.textContent?.startsWith('Review done'),
      null,
      { timeout: 30_000 },
    );
    // The game's moves (judged: f3 and g4 lose), not just its final position.
    const sans = await page.locator('.tree-moves .move-san').allTextContents();
    expect(sans.map((t) => t.split(/[?!]/)[0])).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
    expect(sans.join(' ')).toMatch(/g4\?\?/);
    expect(await page.locator('.eval-point').count()).toBe(4);
    const judged = await page.locator('.tree-moves .move-san').allTextContents();
    await shot(page, 'flow-review-1280.png');
    // Opened again: the kept review, at once, without the engine reviewing anew.
    await page.reload();
    await page.waitForFunction(() =>
      document.querySelector('.review-progress')?.textContent?.includes('kept in your archive'),
    );
    expect(await page.locator('.eval-point').count()).toBe(4);
    expect(await page.locator('.tree-moves .move-san').allTextContents()).toEqual(judged);
    await expect(
      page.locator('.review-box').getByRole('button', { name: 'Review again' }).count(),
    ).resolves.toBe(1);
    await page.setViewportSize(PHONE);
    await shot(page, 'flow-review-kept-390.png', { fullPage: true });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('offers no takeback once the player has resigned against the engine', async () => {
    const page = await web.open('/play/chess');
    await typeMove(page, 'e4');
    await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 2);
    const takeback = page.getByRole('button', { name: 'Takeback' });
    await expect(takeback.isEnabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.locator('.confirm-dialog').getByRole('button', { name: 'Resign' }).click();
    await page.locator('.result:not([hidden])').waitFor();
    await expect(takeback.isDisabled()).resolves.toBe(true);
    expect(await moveTexts(page)).toHaveLength(2);
    await expect(page.getByRole('button', { name: 'Review game' }).isVisible()).resolves.toBe(true);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('carries the rule switches through the play address, Analyse, both share links and the editor', async () => {
    const rules = 'rules=citadel-claim-or-swap=on';
    const page = await web.open(`/play/tamerlane?${rules}`, { viewport: DESKTOP });
    const claim = page.locator('#rule-citadel-claim-or-swap');
    await expect(claim.inputValue()).resolves.toBe('on');
    await page.selectOption('#opponent', 'human');
    expect(page.url()).toContain(rules);
    await typeMove(page, 'g4');
    // Both share links.
    await page.getByRole('button', { name: 'Share' }).click();
    expect(await page.locator('#share-position').inputValue()).toContain(`&${rules}`);
    const gameLink = await page.locator('#share-game').inputValue();
    expect(decodeURIComponent(gameLink)).toContain('[Rules "citadel-claim-or-swap=on"]');
    await page.keyboard.press('Escape');
    // Analyse: the analysis board under the same rules.
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();
    await page.waitForURL(/\/analyse\/tamerlane\?fen=/);
    expect(page.url()).toContain(rules);
    await expect(claim.inputValue()).resolves.toBe('on');
    // The shared game opens under its rules too.
    await page.goto(gameLink);
    await page.waitForSelector('.cb-cell');
    await expect(claim.inputValue()).resolves.toBe('on');
    // The editor passes them on to the play page.
    await page.getByRole('button', { name: 'Edit position' }).click();
    await page.waitForURL(/\/editor\/tamerlane\?/);
    expect(page.url()).toContain(rules);
    await page.getByRole('button', { name: 'Play from here' }).click();
    await page.waitForURL(/\/play\/tamerlane\?/);
    await page.waitForSelector('.cb-cell');
    expect(page.url()).toContain(rules);
    await expect(claim.inputValue()).resolves.toBe('on');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('names the claim and the swap in the chooser, and an unknown array on the analysis board', async () => {
    // White's King may enter Black's citadel a9 from b9: claim the draw, or swap with the Prince.
    const fen = '*11*/1K4k5*/*11*/*11*/*11*/*11*/*3H7*/*11*/*12/*11* w - - 0 1';
    const page = await web.open(
      `/analyse/tamerlane?fen=${encodeURIComponent(fen)}&rules=citadel-claim-or-swap=on`,
    );
    await cell(page, 'b9').click();
    await cell(page, 'a9').click();
    expect(await page.locator('.chooser .choice').allTextContents()).toEqual([
      'Claim the draw (Ka9)',
      'Swap the King with the Prince (Ka9<>H)',
    ]);
    await shot(page, 'flow-claim-or-swap.png');
    await page.keyboard.press('Escape');
    await page.goto(`${web.app.base}/analyse/tamerlane?array=paris`);
    await page.waitForSelector('.page-notice:not([hidden])');
    await expect(page.locator('.page-notice').textContent()).resolves.toMatch(
      /^Tamerlane chess \(Shatranj al-Kabir\) has no array "paris" \(its arrays: .*\); showing the Masculine array instead\.$/,
    );
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
