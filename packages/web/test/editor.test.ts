/**
 * Browser tests of the position editor (`/editor/<variant>`) and of the analysis board's
 * promotion chooser, in Debian's chromium via playwright-core: pieces placed from the palette,
 * moved and removed, the side to move chosen, illegal setups refused with the core's reason, and
 * the accepted position analysed or played. Screenshots: packages/web/test-results/editor-*.png.
 */
import { Position, compileRuleset, setupFromPieces, validateSetup } from '@citadel/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, cell, moveTexts, useApp } from './harness.ts';

const web = useApp();
const open = web.open;

const verdict = async (page: Page): Promise<string> =>
  (await page.locator('.setup-verdict').textContent()) ?? '';

/** Picks a palette piece (by FEN text) and clicks each of the cells with it. */
async function place(page: Page, piece: string, ...squares: string[]): Promise<void> {
  await page.locator(`.palette-piece[data-piece="${piece}"]`).click();
  for (const s of squares) await cell(page, s).click();
}

/** The core's reason for a piece map, the editor must show the same words. */
function coreReason(variant: string, pieces: Record<string, string>, side: 'white' | 'black') {
  const rs = compileRuleset(variant);
  if (!rs.ok) throw new Error(rs.error);
  const list = Object.entries(pieces).map(([square, text]) => ({ square, text }));
  const setup = setupFromPieces(rs.value, list, side);
  if (!setup.ok) throw new Error(setup.error);
  return validateSetup(rs.value, setup.value)?.text ?? null;
}

describe('position editor in chromium', () => {
  it('builds a chess position from the analysis board, refuses illegal ones, then analyses it', async () => {
    const page = await open('/analyse/chess');
    await page.getByRole('button', { name: 'Edit position' }).click();
    await page.waitForURL(/\/editor\/chess\?fen=/);
    await page.waitForSelector('.palette-piece');
    expect(await verdict(page)).toBe('White to move — a legal position');
    // Both colours in the palette, and the tools.
    expect(await page.locator('.palette-piece').count()).toBe(12);
    await page.getByRole('button', { name: 'Clear board' }).click();
    expect(await page.locator('.cb-piece').count()).toBe(0);
    expect(await verdict(page)).toBe('Not a legal position: White has no king');
    // Refused: the reason is shown and the page stays.
    await page.getByRole('button', { name: 'Analyse this position' }).click();
    expect(await page.locator('.editor-refusal').textContent()).toBe('Refused: White has no king.');
    expect(new URL(page.url()).pathname).toBe('/editor/chess');

    await place(page, 'K', 'e1');
    await place(page, 'k', 'e8');
    expect(await verdict(page)).toBe('White to move — a legal position');
    // A rook giving check to the side not to move.
    await place(page, 'R', 'e4');
    const inCheck = coreReason('chess', { e1: 'K', e8: 'k', e4: 'R' }, 'white');
    expect(inCheck).toBe('the side not to move (Black) is in check');
    expect(await verdict(page)).toBe(`Not a legal position: ${inCheck}`);
    await shot(page, 'editor-refused-check.png');
    await page.getByRole('radio', { name: 'Black' }).check();
    expect(await verdict(page)).toBe('Black to move — a legal position');
    // A pawn on its own back rank, then removed with the Remove tool.
    await place(page, 'P', 'a1');
    expect(await verdict(page)).toBe(
      'Not a legal position: White pawn on a1: a pawn never stands on its own back rank (rank 1) or behind it',
    );
    await page.getByRole('button', { name: 'Play from here' }).click();
    expect(await page.locator('.editor-refusal').textContent()).toMatch(/^Refused: White pawn/);
    await page.locator('.palette-tool[data-tool="erase"]').click();
    await cell(page, 'a1').click();
    // Clicking a placed piece with the same piece picked removes it too.
    await place(page, 'p', 'a7', 'b7', 'b7');
    await expect(cell(page, 'b7').getAttribute('aria-label')).resolves.toBe('b7 empty');
    // The Move tool moves pieces by click-click.
    await page.locator('.palette-tool[data-tool="move"]').click();
    await cell(page, 'e4').click();
    await cell(page, 'd4').click();
    await expect(cell(page, 'd4').getAttribute('aria-label')).resolves.toBe('d4 white rook');
    expect(await verdict(page)).toBe('Black to move — a legal position');
    const fen = '4k3/p7/8/8/3R4/8/8/4K3 b - - 0 1';
    expect(await page.locator('#editor-fen').inputValue()).toBe(fen);
    expect(decodeURIComponent(page.url())).toContain(`/editor/chess?fen=${fen}`);
    await shot(page, 'editor-legal.png');

    await page.getByRole('button', { name: 'Analyse this position' }).click();
    await page.waitForURL(/\/analyse\/chess\?fen=/);
    expect(decodeURIComponent(new URL(page.url()).search)).toBe(`?fen=${fen}`);
    await page.waitForSelector('ol.lines li');
    await expect(cell(page, 'd4').getAttribute('aria-label')).resolves.toBe('d4 white rook');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('Tamerlane: tagged pawns in the palette, citadel and pawn rules, then play from here', async () => {
    const start = Position.start('tamerlane');
    if (!start.ok) throw new Error(start.error);
    const page = await open(`/editor/tamerlane`);
    await page.waitForSelector('.palette-piece');
    // Every kind of the variant in both colours, the eleven tagged pawns among them.
    for (const tag of ['P', 'D', 'C', 'E', 'F', 'H', 'W', 'G', 'T', 'N', 'R']) {
      await expect(page.locator(`.palette-piece[data-piece="P[${tag}]"]`).count()).resolves.toBe(1);
      await expect(
        page.locator(`.palette-piece[data-piece="p[${tag.toLowerCase()}]"]`).count(),
      ).resolves.toBe(1);
    }
    await expect(
      page.locator('.palette-piece[data-piece="P[R]"]').getAttribute('aria-label'),
    ).resolves.toBe('White Pawn of rooks (P[R])');
    expect(await verdict(page)).toBe('White to move — a legal position');
    // A rook in Black's citadel a9.
    await place(page, 'R', 'a9');
    expect(await verdict(page)).toBe(
      'Not a legal position: White Rook cannot stand on a9 (only King, Prince, Adventitious King may stand on a citadel)',
    );
    await shot(page, 'editor-refused-citadel.png');
    await page.getByRole('button', { name: 'Analyse this position' }).click();
    expect(await page.locator('.editor-refusal').textContent()).toMatch(/^Refused: White Rook/);
    // A position of its own: kings and two pawns of rooks, one too many.
    await page.getByRole('button', { name: 'Clear board' }).click();
    await place(page, 'K', 'g2');
    await place(page, 'k', 'g9');
    await place(page, 'P[R]', 'c4', 'd4');
    expect(await verdict(page)).toBe(
      'Not a legal position: White has 2 × pawn of rooks; the start position has 1 and a pawn never changes its tag',
    );
    await cell(page, 'd4').click();
    await place(page, 'p[p]', 'k7');
    await page.getByRole('radio', { name: 'Black' }).check();
    expect(await verdict(page)).toBe('Black to move — a legal position');
    const fen = await page.locator('#editor-fen').inputValue();
    expect(fen).toBe('*11*/6k5*/*11*/*9p[p]1*/*11*/*11*/*1P[R]9*/*11*/*5K6/*11* b Ss - 0 1');
    await shot(page, 'editor-tamerlane.png');

    await page.getByRole('button', { name: 'Play from here' }).click();
    await page.waitForURL(/\/play\/tamerlane$/);
    await page.waitForSelector('.cb-cell');
    await expect(cell(page, 'c4').getAttribute('aria-label')).resolves.toBe(
      'c4 white pawn of rooks',
    );
    // Against the engine (the player's last choice, here the default), the player to move.
    expect(await page.locator('.status').textContent()).toBe('Your move (Black)');
    await page.getByRole('button', { name: 'FEN' }).click();
    expect(await page.locator('#export-text').inputValue()).toBe(fen);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('analysis board promotion', () => {
  it('offers the promotion choice on the analysis board', async () => {
    const fen = '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1';
    const page = await open(`/analyse/chess?fen=${encodeURIComponent(fen)}`);
    await cell(page, 'b7').click();
    await cell(page, 'b8').click();
    const choices = page.locator('.chooser .choice');
    expect(await choices.allTextContents()).toEqual(['Queen', 'Rook', 'Bishop', 'Knight']);
    await shot(page, 'editor-analyse-promotion.png');
    // Escape closes it without a move.
    await page.keyboard.press('Escape');
    expect(await page.locator('.chooser').count()).toBe(0);
    expect(await moveTexts(page)).toEqual([]);
    await cell(page, 'b7').click();
    await cell(page, 'b8').click();
    await choices.nth(3).click();
    expect(await moveTexts(page)).toEqual(['b8=N']);
    await expect(cell(page, 'b8').getAttribute('aria-label')).resolves.toBe('b8 white knight');
    await page.waitForURL(/fen=.*%20b%20/);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
