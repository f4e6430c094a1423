/**
 * The analysis board in chromium: the engine's best lines (one depth at a time, sorted, distinct
 * first moves). Screenshots: packages/web/test-results/analyse-*.png.
 */
import { DEEP, sampleOf } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import { shot, cell, useApp } from './harness.ts';

const web = useApp();

interface LineSnapshot {
  readonly listDepth: string;
  readonly lines: ReadonlyArray<{ move: string; rank: number; depth: string }>;
  readonly status: string;
}

describe('analysis board lines', () => {
  for (const variant of sampleOf(['tamerlane', 'husun'], ['husun'])) {
    it(`${variant}: every update shows one finished depth, sorted, distinct first moves (a sample of variants by default)`, async () => {
      const page = await web.open(`/analyse/${variant}`);
      // Record every state of the lines list from the first update on.
      await page.evaluate(() => {
        const list = document.querySelector('ol.lines')!;
        const seen: LineSnapshot[] = [];
        (window as unknown as { seen: LineSnapshot[] }).seen = seen;
        const record = (): void => {
          seen.push({
            listDepth: list.getAttribute('data-depth') ?? '',
            lines: Array.from(list.querySelectorAll<HTMLElement>('li.line')).map((li) => ({
              move: li.dataset['move'] ?? '',
              rank: Number(li.dataset['rank']),
              depth: li.dataset['depth'] ?? '',
            })),
            status: document.querySelector('.depth')?.textContent ?? '',
          });
        };
        new MutationObserver(record).observe(list, { childList: true, attributes: true });
        record();
      });
      await page.waitForSelector('.depth.done', { timeout: 15_000 });
      const seen = await page.evaluate(() => (window as unknown as { seen: LineSnapshot[] }).seen);
      const withLines = seen.filter((s) => s.lines.length > 0);
      expect(withLines.length).toBeGreaterThan(3);
      const depths = new Set<string>();
      for (const s of withLines) {
        const moves = s.lines.map((l) => l.move);
        expect(new Set(moves).size, `${variant} ${JSON.stringify(s)}`).toBe(moves.length);
        for (let i = 1; i < s.lines.length; i++)
          expect(s.lines[i]!.rank, JSON.stringify(s)).toBeLessThanOrEqual(s.lines[i - 1]!.rank);
        for (const l of s.lines) expect(l.depth).toBe(s.listDepth);
        depths.add(s.listDepth);
      }
      expect(depths.size).toBeGreaterThan(2);
      const last = await page.evaluate(() => ({
        status: document.querySelector('.depth')?.textContent ?? '',
        depth: document.querySelector('ol.lines')?.getAttribute('data-depth'),
        count: document.querySelectorAll('ol.lines li').length,
      }));
      expect(last.status).toMatch(new RegExp(`^Depth ${last.depth} — done`));
      expect(last.count).toBe(3);
      await shot(page, `analyse-lines-${variant}.png`);
      expect(page.errors).toEqual([]);
      await page.context().close();
    });
  }
});

describe('analysis board engine', () => {
  it('plays a line up to the move clicked; 1 to 5 lines and the engine off, both remembered', async () => {
    const page = await web.open('/analyse/chess');
    await page.waitForFunction(
      () =>
        (document.querySelector('ol.lines li')?.querySelectorAll('.line-move').length ?? 0) >= 3,
    );
    // The lines are redrawn as the engine deepens: read the line and click its third move at once.
    const line = await page.evaluate(() => {
      const moves = Array.from(
        document.querySelector('ol.lines li')!.querySelectorAll<HTMLButtonElement>('.line-move'),
      );
      moves[2]!.click();
      return moves.map((b) => b.textContent ?? '');
    });
    // The line's first three moves are in the move tree, the third shown.
    await page.waitForFunction(
      () => document.querySelectorAll('.tree-moves .move-san').length === 3,
    );
    expect(await page.locator('.tree-moves .move-san').allTextContents()).toEqual(line.slice(0, 3));
    await expect(
      page.locator('.tree-moves .move-san[aria-current="true"]').textContent(),
    ).resolves.toBe(line[2]);
    await page.waitForURL(/fen=.*%20b%20/);
    // Five lines, kept after a reload.
    await page.selectOption('#analysis-lines', '5');
    await page.waitForFunction(() => document.querySelectorAll('ol.lines li').length === 5);
    await shot(page, 'analyse-five-lines.png');
    await page.reload();
    await page.waitForSelector('.cb-cell');
    await expect(page.locator('#analysis-lines').inputValue()).resolves.toBe('5');
    await page.waitForFunction(() => document.querySelectorAll('ol.lines li').length === 5);
    // The engine switched off: no lines, no search; still off after a reload.
    await page.getByRole('switch', { name: 'On' }).uncheck();
    await expect(page.locator('.depth').textContent()).resolves.toBe('The engine is off.');
    await expect(page.locator('ol.lines li').count()).resolves.toBe(0);
    await page.reload();
    await page.waitForSelector('.cb-cell');
    await expect(page.getByRole('switch', { name: 'On' }).isChecked()).resolves.toBe(false);
    await expect(page.locator('.depth').textContent()).resolves.toBe('The engine is off.');
    await expect(page.locator('#analysis-lines').isDisabled()).resolves.toBe(true);
    await expect(page.locator('.eval-bar').getAttribute('aria-valuetext')).resolves.toBe(
      'The engine is off',
    );
    await shot(page, 'analyse-engine-off.png');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('opens a PGN with variations and comments, shows them and writes them out again', async () => {
    const page = await web.open('/analyse/chess');
    const pgn =
      '[Variant "chess"]\n\n1. e4 {the king pawn} e5 (1... c5 {Sicilian} 2. Nf3 (2. c3 d5)) 2. Nf3 *';
    await page.getByRole('button', { name: 'Open PGN…' }).click();
    await page.locator('#import-text').fill(pgn);
    await page.locator('.io-dialog').getByRole('button', { name: 'Load' }).click();
    await page.waitForSelector('li.variation');
    expect(await page.locator('li.variation').textContent()).toBe('1… c5Sicilian2. Nf3(2. c3d5)');
    expect(await page.locator('.tree-moves .move-comment').allTextContents()).toEqual([
      'the king pawn',
      'Sicilian',
    ]);
    await page.locator('li.variation .move-san', { hasText: 'c3' }).click();
    await expect(page.locator('#analyse-fen').inputValue()).resolves.toMatch(
      /^rnbqkbnr\/pp1ppppp\/8\/2p5\/4P3\/2P5\//,
    );
    await shot(page, 'analyse-pgn-variations.png');
    await page.getByRole('button', { name: 'Export PGN' }).click();
    expect(await page.locator('#export-text').inputValue()).toContain(
      '1. e4 {the king pawn} 1... e5 (1... c5 {Sicilian} 2. Nf3 (2. c3 d5)) 2. Nf3 *',
    );
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

/** Scholar's mate: 3...Nf6?? allows mate in one. */
const SCHOLAR = '[Variant "chess"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0';

describe('game review', () => {
  it('reviews a game: one graph point per move, the blunder marked with the better move, a click on the graph goes there', async () => {
    const page = await web.open(`/analyse/chess?pgn=${encodeURIComponent(SCHOLAR)}&review=1`);
    await page.waitForFunction(
      () => document.querySelector('.review-progress')?.textContent?.startsWith('Review done'),
      null,
      { timeout: 30_000 },
    );
    expect(await page.locator('.eval-point').count()).toBe(7);
    expect(await page.locator('.eval-slot').count()).toBe(7);
    const blunders = await page.locator('.move-san.blunder').allTextContents();
    expect(blunders.some((t) => t.startsWith('Nf6??'))).toBe(true);
    expect(await page.locator('.eval-point.blunder').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('.review-table tr.blunder td').nth(1).textContent()).not.toBe('0');
    // The blunder's point on the graph: the board goes to the position after 3...Nf6.
    await page.locator('.eval-slot[data-ply="6"]').click();
    await page.waitForFunction(() =>
      (document.querySelector('#analyse-fen') as HTMLInputElement).value.startsWith(
        'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/',
      ),
    );
    expect(await page.locator('.review-verdict').textContent()).toMatch(
      /^3… Nf6 is a blunder: .* The engine preferred \S+/,
    );
    expect(await page.locator('.move-san[aria-current="true"]').textContent()).toMatch(/^Nf6/);
    // Going there scrolls the move list at most, never the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The engine's best move as an arrow, on request.
    expect(await page.locator('.cb-shape').count()).toBe(0);
    await page.getByLabel('Show best move').check();
    await page.waitForSelector('.cb-shape.cb-auto[data-from="h5"][data-to="f7"]');
    expect(await page.locator('.cb-shape').count()).toBe(1);
    // A game keeps its PGN in the address.
    expect(page.url()).toContain('pgn=');
    await shot(page, 'analyse-review.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'analyse-review-phone.png', { fullPage: true });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  // Deep tier only: the move tree's variations are checked in move-tree.test.ts by default.
  it.runIf(DEEP)(
    'keeps variations: another move from an earlier position, clickable, exported in parentheses',
    async () => {
      const page = await web.open('/analyse/chess');
      const move = async (from: string, to: string): Promise<void> => {
        await cell(page, from).click();
        await cell(page, to).click();
      };
      await move('e2', 'e4');
      await move('e7', 'e5');
      await move('g1', 'f3');
      await page.getByRole('button', { name: 'Back one move' }).click();
      await page.getByRole('button', { name: 'Back one move' }).click();
      await move('c7', 'c5');
      const variation = page.locator('li.variation');
      expect(await variation.count()).toBe(1);
      expect(await variation.textContent()).toBe('1… c5');
      expect(await page.locator('.move-san[aria-current="true"]').textContent()).toBe('1… c5');
      // The main line is untouched; a click on its move goes back there.
      await page.locator('li.move .move-san', { hasText: 'Nf3' }).click();
      expect(await page.locator('#analyse-fen').inputValue()).toMatch(
        /^rnbqkbnr\/pppp1ppp\/8\/4p3\/4P3\/5N2\/PPPP1PPP\/RNBQKB1R b /,
      );
      await shot(page, 'analyse-variations.png');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page.locator('.moves-box'), 'analyse-variations-phone.png');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: 'Export PGN' }).click();
      expect(await page.locator('#export-text').inputValue()).toContain(
        '1. e4 e5 (1... c5) 2. Nf3 *',
      );
      await page.keyboard.press('Escape');
      // Making the variation the main line.
      await page.locator('li.variation .move-san').click();
      await page.getByRole('button', { name: 'Make main line' }).click();
      expect(await page.locator('li.move .move-san').allTextContents()).toEqual(['e4', 'c5']);
      expect(await page.locator('li.variation .move-san').allTextContents()).toEqual([
        '1… e5',
        '2. Nf3',
      ]);
      expect(page.errors).toEqual([]);
      await page.context().close();
    },
  );
});
