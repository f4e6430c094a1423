/**
 * Browser test of the citadel draw on the play page (docs/rules.md §1, §2, §4): in a position
 * loaded through the import dialog, selecting a King next to the enemy citadel shows the "Enemy
 * citadel" note (special.ts); entering it ends the game drawn with the core's reason, and nothing
 * can move any more. A King beside its own Tamerlane citadel gets no note and may not enter it.
 * Screenshots: packages/web/test-results/citadel-draw-*.png.
 */
import { Position } from '@citadel/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { diagramFen } from '../src/diagram-fen.ts';
import { shot, cell, importText, moveTexts, useApp, type PageWithErrors } from './harness.ts';

const web = useApp();
const open = web.open;

const fen = (variant: string, pieces: Record<string, string>): string => {
  const text = diagramFen(variant, pieces);
  if (!text.ok) throw new Error(text.error);
  return text.value;
};
const note = (page: Page) => page.locator('.special-info [data-special="citadel"]');

/** Loads the position with two players on one device, ready for White's move. */
async function setUp(variant: string, pieces: Record<string, string>): Promise<PageWithErrors> {
  const page = await open(`/play/${variant}`);
  await page.selectOption('#opponent', 'human');
  await importText(page, fen(variant, pieces));
  await expect(page.locator('.special-info').isHidden()).resolves.toBe(true);
  return page;
}

describe('citadel draw on the play page in chromium', () => {
  it('Tamerlane: explains the enemy citadel, then the King enters it and the game is drawn', async () => {
    const pieces = { b8: 'K', g6: 'k', e2: 'r', f3: 'r' };
    const page = await setUp('tamerlane', pieces);
    await cell(page, 'b8').click();
    await expect(note(page).textContent()).resolves.toBe(
      'Enemy citadel: if the King enters the enemy citadel (a9), the game is drawn.',
    );
    await expect(cell(page, 'a9').getAttribute('aria-label')).resolves.toBe(
      'a9 black citadel, empty, move here',
    );
    await shot(page, 'citadel-draw-note.png');
    await cell(page, 'a9').click();
    // The core's verdict, shown as the result, in the move list and the status line.
    const core = Position.fromFen('tamerlane', fen('tamerlane', pieces));
    if (!core.ok) throw new Error(core.error);
    core.value.play('b8a9');
    const outcome = core.value.outcome();
    expect(outcome?.reason).toBe('citadel');
    await expect(page.locator('.result').textContent()).resolves.toBe(outcome!.text);
    expect(outcome!.text).toBe("White's king entered Black's citadel: draw");
    expect(await moveTexts(page)).toEqual(['Ka9']);
    await expect(page.locator('.status').textContent()).resolves.toBe('Game over');
    await expect(page.locator('.special-info').isHidden()).resolves.toBe(true);
    // Nothing can move after the draw.
    expect(await page.locator('.cb-movable').count()).toBe(0);
    await expect(cell(page, 'a9').getAttribute('aria-label')).resolves.toBe(
      'a9 black citadel, white king',
    );
    await shot(page, 'citadel-draw-result.png');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("Tamerlane: no note beside the King's own citadel, which it may not enter", async () => {
    const page = await setUp('tamerlane', { l3: 'K', g8: 'k', c5: 'r' });
    await cell(page, 'l3').click();
    expect(await page.locator('.cb-target').count()).toBeGreaterThan(0);
    await expect(cell(page, 'm2').getAttribute('aria-label')).resolves.toBe(
      'm2 white citadel, empty',
    );
    await expect(page.locator('.special-info').isHidden()).resolves.toBe(true);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('Shatranj al-Husun and Persian Chess: a King on a far citadel draws', async () => {
    for (const [variant, pieces, from, to] of [
      ['husun', { k11: 'K', e7: 'k', d3: 'r', h5: 'f' }, 'k11', 'l12'],
      ['persian-celtic', { j10: 'K', d4: 'k', c6: 'q' }, 'j10', 'k11'],
    ] as const) {
      const page = await setUp(variant, pieces);
      await cell(page, from).click();
      await expect(note(page).textContent()).resolves.toContain(`(${to}), the game is drawn`);
      await cell(page, to).click();
      await expect(page.locator('.result').textContent()).resolves.toBe(
        "White's king entered Black's citadel: draw",
      );
      expect(page.errors, variant).toEqual([]);
      await page.context().close();
    }
  });
});
