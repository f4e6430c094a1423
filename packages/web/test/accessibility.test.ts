/**
 * Accessibility checks in Debian's chromium: every board cell of every variant is focusable and
 * named by its square and content (`g3 white pawn of kings`, `m2 white citadel, empty`); the
 * play page's move list is an ordered list whose items read the SAN; the game result is
 * announced in a live region; and a WCAG contrast audit of the play, rules and analysis pages
 * (normal text >= 4.5:1, large text >= 3:1) in light mode (shell.test.ts audits the dark mode);
 * a dark-preferring browser gets the dark mode until the player chooses the light one, which the
 * last test checks; axe-core finds no violation of any impact on every page (home, play, rules,
 * analysis, editor, archive, lobby, my games, an online game, not found) in light and dark (a
 * sample of them by default). Screenshots: packages/web/test-results/a11y-*.png.
 */
import { Position, VARIANT_IDS } from '@citadel/core';
import type { CreateGameResponse } from '@citadel/protocol';
import { DEEP, sampleOf } from '@citadel/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { auditContrast, type ContrastFinding } from './contrast.ts';
import { shot, cell, importText, moveTexts, newContext, useApp, typeMove } from './harness.ts';

const web = useApp();
const open = web.open;

/** The name a cell should have, from the core: square, citadel owner, mark, then the piece. */
function expectedLabel(position: Position, square: string): string {
  const geo = position.rs.geo;
  const rules = position.rs.def.rules;
  const owner = geo.citadelOwner[geo.parseSquare(square)]!;
  const piece = position.pieces().find((p) => p.square === square);
  let text = square;
  if (owner >= 0) text += ` ${owner === 0 ? 'white' : 'black'} citadel,`;
  if (rules.allSeeingEye?.square === square) text += ' eye,';
  if (rules.centre?.square === square) text += ' centre,';
  return text + (piece ? ` ${piece.color} ${piece.name.toLowerCase()}` : ' empty');
}

describe('accessibility in chromium', () => {
  it('names every cell of every variant (a sample by default) by square and content, and every cell takes focus', async () => {
    const page = await open('/play/tamerlane');
    for (const id of sampleOf(VARIANT_IDS, [
      'tamerlane',
      'persian-princess',
      'persian-eye',
      'shatranj',
    ])) {
      await page.goto(`${web.app.base}/play/${id}`);
      await page.waitForSelector('.cb-cell');
      const start = Position.start(id);
      if (!start.ok) throw new Error(start.error);
      const geo = start.value.rs.geo;
      const cells = await page
        .locator('[role="grid"] [role="row"] [role="gridcell"]')
        .evaluateAll((els) => {
          // Read the roving tab stop first: focusing a cell moves it there.
          const tabindex = els.map((e) => e.getAttribute('tabindex'));
          return els.map((e, i) => {
            const el = e as HTMLElement;
            el.focus();
            return {
              square: el.dataset['square']!,
              label: el.getAttribute('aria-label'),
              tabindex: tabindex[i]!,
              focused: document.activeElement === el,
            };
          });
        });
      // One named, focusable grid cell per existing cell of the geometry.
      expect(cells.length, id).toBe(geo.cells.length);
      expect(cells.filter((c) => c.tabindex === '0').length, id).toBe(1);
      for (const c of cells) {
        expect(c.focused, `${id} ${c.square} focus`).toBe(true);
        expect(['0', '-1'], `${id} ${c.square}`).toContain(c.tabindex);
        expect(c.label, id).toBe(expectedLabel(start.value, c.square));
      }
    }
    await expect(cell(page, 'a1').getAttribute('aria-label')).resolves.toBe('a1 white rook');
    await page.goto(`${web.app.base}/play/tamerlane`);
    await page.waitForSelector('.cb-cell');
    await expect(cell(page, 'g3').getAttribute('aria-label')).resolves.toBe(
      'g3 white pawn of kings',
    );
    await expect(cell(page, 'm2').getAttribute('aria-label')).resolves.toBe(
      'm2 white citadel, empty',
    );
    // The keyboard walks the grid with the arrow keys; a8 and a10 are holes, so the a9 citadel
    // is reached from b9 straight ahead and from b8 across the corner, and left upwards to b10.
    const focused = () =>
      page.evaluate(() => (document.activeElement as HTMLElement).dataset['square']);
    await cell(page, 'b9').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('a9');
    await cell(page, 'b8').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('a9');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('b10');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the move list an ordered list of SAN and announces the result', async () => {
    const page = await open('/play/chess');
    await page.selectOption('#opponent', 'human');
    for (const m of ['f3', 'e5', 'g4', 'Qh4#']) await typeMove(page, m);
    // An ordered list; each item reads the SAN (its button), numbered by the list itself.
    const list = page.locator('ol.moves');
    expect(await list.count()).toBe(1);
    expect(await moveTexts(page)).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
    const tree = await list.ariaSnapshot();
    expect(tree).toMatch(/^- list "Moves":/);
    const items = tree.split(/\n\s+- listitem:/).slice(1);
    expect(items).toHaveLength(4);
    ['f3', 'e5', 'g4', 'Qh4#'].forEach((san, i) => {
      expect(items[i]).toContain(`- button "${san}"`);
      // A White move's item starts with its number (from the list's own numbering attribute).
      if (i % 2 === 0) expect(items[i]).toContain(`- text: "${i / 2 + 1}."`);
    });
    // The result is in a live region (role alert = assertive), visible and with the core's text.
    const result = page.locator('.result');
    await expect(result.textContent()).resolves.toBe('checkmate: Black wins');
    expect(await result.isVisible()).toBe(true);
    const live = await result.evaluate((el) => ({
      role: el.getAttribute('role'),
      live: el.getAttribute('aria-live'),
    }));
    expect(live.role === 'alert' || live.live === 'assertive' || live.live === 'polite').toBe(true);
    // The status line is a polite live region too.
    await expect(page.locator('.status').getAttribute('aria-live')).resolves.toBe('polite');
    await shot(page, 'a11y-chess-result.png');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('measures contrast right on known colour pairs', async () => {
    const ctx = await newContext(web.app.browser);
    const page = await ctx.newPage();
    await page.setContent(
      '<body style="margin:0;background:#fff">' +
        '<p id="grey" style="color:#777">grey on white</p>' +
        '<p style="color:#000;background:rgba(0,0,0,0.5)">black on half black</p>' +
        '<div style="position:relative;height:40px;background:#000">' +
        '<div style="position:absolute;inset:0;background:#fff"></div>' +
        '<span style="position:absolute;color:#000">black over a white sibling</span></div>' +
        '<p style="color:#fff;font-size:24px">large white on white</p>' +
        '<button disabled style="color:#eee">disabled</button></body>',
    );
    const found = await auditContrast(page);
    const ratio = (text: string) => found.find((f) => f.text.startsWith(text));
    expect(ratio('grey on white')?.ratio).toBeCloseTo(4.48, 1);
    expect(ratio('black on half black')?.ratio).toBeCloseTo(5.28, 1);
    expect(ratio('black over a white sibling')?.ratio).toBe(21);
    expect(ratio('large white')).toMatchObject({ ratio: 1, required: 3 });
    expect(ratio('disabled')).toBeUndefined();
    await ctx.close();
  });

  // In the deep tier, as the dark mode's audit in shell.test.ts: by default axe's own contrast rule
  // checks the pages below (play and editor light, home and an online game dark).
  it.runIf(DEEP)('passes a WCAG contrast audit on the play, rules and analysis pages', async () => {
    const all: Array<ContrastFinding & { page: string }> = [];
    const audit = async (page: Page, name: string): Promise<void> => {
      for (const f of await auditContrast(page)) all.push({ ...f, page: name });
    };
    // Play: start, a piece hovered, a special-move note shown, the import dialog with an error.
    const play = await open('/play/persian-celtic');
    await play.selectOption('#opponent', 'human');
    await importText(
      play,
      'f*********f/*r3k3r*/*ppppppppp*/*9*/*9*/*9*/*9*/*9*/*PPPPPPPPP*/*R3K3R*/F*********F w KQkq - 0 1',
    );
    await cell(play, 'f2').click();
    await cell(play, 'f2').hover();
    await audit(play, 'play persian-celtic, castling note');
    await play.getByRole('button', { name: 'Import…' }).click();
    await play.locator('#import-text').fill('not a position');
    const load = play.locator('.io-dialog').getByRole('button', { name: 'Load' });
    await load.click();
    // Audited hovered: a hovered primary button must keep its light text readable.
    await load.hover();
    await audit(play, 'play import dialog with error');
    await play.context().close();
    // Play: a finished game (result banner, numbered moves, check mark).
    const mate = await open('/play/chess');
    await mate.selectOption('#opponent', 'human');
    for (const m of ['f3', 'e5', 'g4', 'Qh4#']) await typeMove(mate, m);
    await audit(mate, 'play chess, mate');
    await mate.context().close();
    if (DEEP) {
      // The same play page on the widest board (the default tier has seen its parts above).
      const tamerlane = await open('/play/tamerlane');
      await audit(tamerlane, 'play tamerlane');
      await tamerlane.context().close();
    }
    // Rules pages (a sample by default), with a blocker in the move diagram and a worked example
    // played.
    const rulesPages = ['tamerlane', 'tamerlane-full', 'persian-eye', 'persian-princess', 'husun'];
    for (const id of sampleOf(rulesPages, ['tamerlane'])) {
      const learn = await open(`/learn/${id}`);
      await learn.locator('.explorer .cb-cell[data-square="h6"]').click();
      await learn.locator('.example-play').first().click();
      await audit(learn, `learn ${id}`);
      await learn.context().close();
    }
    // Analysis: evaluation bar and lines.
    const analyse = await open('/analyse/tamerlane');
    await analyse.waitForFunction(() => document.querySelectorAll('.line').length > 0, null, {
      timeout: 20_000,
    });
    await audit(analyse, 'analyse tamerlane');
    await shot(analyse, 'a11y-analyse.png');
    await analyse.context().close();

    expect(all.length).toBeGreaterThan(300);
    const worst = all.reduce((a, b) => (b.ratio < a.ratio ? b : a));
    const failing = all.filter((f) => f.ratio < f.required);
    const line = (f: (typeof all)[number]): string =>
      `${f.page}: ${f.where} "${f.text}" ${f.fg} on ${f.bg} = ${f.ratio} (needs ${f.required})`;
    console.log(`contrast: ${all.length} texts, minimum ${line(worst)}`);
    expect(failing.map(line)).toEqual([]);
  });

  // One test per mode and page, so the deep tier's twenty pages each run under the test timeout.
  // By default the pages that had violations (the editor's buttons, the missing h1s) and a few
  // others; the rules page, the longest to check, in the deep tier only.
  const AXE_PAGES = [
    ['home', '/', '.variant-card .cb-cell'],
    ['play', '/play/tamerlane', '.cb-cell'],
    ['learn', '/learn/tamerlane', '.cb-cell'],
    ['analyse', '/analyse/tamerlane', '.line'],
    ['editor', '/editor/tamerlane', '.cb-cell'],
    ['archive', '/archive', 'h1'],
    ['lobby', '/lobby', '.game-list li'],
    ['my games', '/games', 'h1'],
    ['online game', '/game/', '.cb-cell'],
    ['not found', '/no-such-page', 'h1'],
  ] as const;
  const AXE_CASES = (['light', 'dark'] as const).flatMap((mode) => {
    const picks = mode === 'light' ? [AXE_PAGES[1], AXE_PAGES[4]] : [AXE_PAGES[0], AXE_PAGES[8]];
    return sampleOf(AXE_PAGES, picks).map(([name, path, ready]) => ({ mode, name, path, ready }));
  });
  it.each(AXE_CASES)(
    'passes axe with no violation of any impact: $mode $name (every page, light and dark, in the deep tier)',
    async ({ mode, name, path, ready }) => {
      let address: string = path;
      if (name === 'online game') {
        const created = await fetch(`${web.app.base}/api/games`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ variant: 'tamerlane' }),
        });
        expect(created.ok).toBe(true);
        address += ((await created.json()) as CreateGameResponse).id;
      }
      const ctx = await newContext(web.app.browser, {
        colorScheme: mode,
        viewport: { width: 1280, height: 800 },
      });
      const page = await ctx.newPage();
      await page.goto(web.app.base + address);
      await page.waitForSelector(ready, { timeout: 20_000 });
      const found = (await axeViolations(page)).map((line) => `${mode} ${name}: ${line}`);
      await ctx.close();
      expect(found).toEqual([]);
    },
  );

  it('follows a dark-preferring browser until the player chooses light, which is remembered', async () => {
    const light = await open('/learn/tamerlane');
    const colours = (p: Page) =>
      p.evaluate(() => {
        const s = getComputedStyle(document.documentElement);
        return [s.color, s.backgroundColor, s.colorScheme];
      });
    const want = await colours(light);
    await light.context().close();
    expect(want[2]).toBe('light');
    const ctx = await newContext(web.app.browser, { colorScheme: 'dark' });
    const dark = await ctx.newPage();
    await dark.goto(`${web.app.base}/learn/tamerlane`);
    await dark.waitForSelector('.cb-cell');
    const device = await colours(dark);
    expect(device[2]).toBe('dark');
    expect(device[1]).not.toBe(want[1]);
    await dark.getByRole('button', { name: 'Appearance' }).click();
    await dark.selectOption('#appearance-mode', 'light');
    expect(await colours(dark)).toEqual(want);
    await dark.reload();
    await dark.waitForSelector('.cb-cell');
    expect(await colours(dark)).toEqual(want);
    await ctx.close();
  });
});
