/**
 * The analysis board in chromium: the engine's best lines (one depth at a time, sorted, distinct
 * first moves). Screenshots: packages/web/test-results/analyse-*.png.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHOTS, useApp } from './harness.ts';

const web = useApp('citadel-analyse-');

interface LineSnapshot {
  readonly listDepth: string;
  readonly lines: ReadonlyArray<{ move: string; rank: number; depth: string }>;
  readonly status: string;
}

describe('analysis board lines', () => {
  for (const variant of ['tamerlane', 'husun']) {
    it(`${variant}: every update shows one finished depth, sorted, distinct first moves`, async () => {
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
      await page.screenshot({ path: join(SHOTS, `analyse-lines-${variant}.png`) });
      expect(page.errors).toEqual([]);
      await page.context().close();
    });
  }
});
