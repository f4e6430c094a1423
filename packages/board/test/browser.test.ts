/**
 * The board in chromium: keyboard reach on a layout with corner citadels, arrows and circles
 * with the right button, premoves, themes and dark mode, and zoom. Screenshots go to
 * `packages/board/test-results/`.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Entry from './browser-entry.ts';
import { shot, startBoardBrowser, type BoardBrowser } from './browser-harness.ts';

declare global {
  var CB: typeof Entry;
  var mounted: Entry.Mounted;
}

let bb: BoardBrowser;
beforeAll(async () => {
  bb = await startBoardBrowser();
}, 60_000);
afterAll(async () => {
  await bb?.close();
});

const focused = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['square'] ?? null);
const cell = (page: Page, sq: string) => page.locator(`.cb-cell[data-square="${sq}"]`);
const events = (page: Page) => page.evaluate(() => [...mounted.events]);

/** A small position with the pieces whose pictures were changed, for looking at them. */
const PIECES = [
  ['b2', 'white', 'rook'],
  ['c2', 'white', 'prince'],
  ['d2', 'white', 'princess'],
  ['e2', 'white', 'king'],
  ['f2', 'white', 'queen'],
  ['g2', 'white', 'bishop'],
  ['h2', 'white', 'adventitiousKing'],
  ['e3', 'white', 'pawn'],
  ['c11', 'black', 'prince'],
  ['d11', 'black', 'princess'],
  ['e11', 'black', 'king'],
  ['f11', 'black', 'queen'],
  ['g11', 'black', 'bishop'],
  ['h11', 'black', 'vizier'],
  ['e10', 'black', 'pawn'],
] as const;
const pieces = PIECES.map(([square, color, kind]) => ({ square, color, kind, text: kind[0]! }));

describe('board in chromium', () => {
  it('enters on a main-area cell by Tab and reaches every cell with the arrow keys', async () => {
    const page = await bb.page(900, 900);
    await page.evaluate(() => CB.mount({ picture: CB.cornerCitadels(10) }));
    await page.locator('#before').focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('b2');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('a1');
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toBe('b2');
    // Breadth-first over key presses dispatched in the page (real presses take ~100 ms each):
    // every cell, the four corner citadels included.
    const all = await page
      .locator('.cb-cell')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset['square']!));
    const seen = await page.evaluate(() => {
      const at = (sq: string) =>
        document.querySelector<HTMLElement>(`.cb-cell[data-square="${sq}"]`)!;
      const found = new Set(['b2']);
      const queue = ['b2'];
      while (queue.length) {
        const sq = queue.shift()!;
        for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
          at(sq).focus();
          at(sq).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
          const next = (document.activeElement as HTMLElement).dataset['square']!;
          if (!found.has(next)) {
            found.add(next);
            queue.push(next);
          }
        }
      }
      return [...found];
    });
    expect(seen.sort()).toEqual([...all].sort());
    expect(all.length).toBe(104);
    // One tab stop: the roving tabindex follows the focus.
    expect(await page.locator('.cb-cell[tabindex="0"]').count()).toBe(1);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the arrows and circles on their squares when the board is flipped', async () => {
    const page = await bb.page(900, 900);
    await page.evaluate((p) => CB.mount({ picture: CB.cornerCitadels(10), pieces: p }), pieces);
    const centre = async (sq: string) => {
      const b = (await cell(page, sq).boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const rightDrag = async (from: string, to: string) => {
      const a = await centre(from);
      const b = await centre(to);
      await page.mouse.move(a.x, a.y);
      await page.mouse.down({ button: 'right' });
      await page.mouse.move(b.x, b.y, { steps: 4 });
      await page.mouse.up({ button: 'right' });
    };
    await rightDrag('e3', 'e5');
    await rightDrag('f6', 'f6');
    await page.evaluate(() => mounted.board.set({ ...mounted.state, orientation: 'black' }));
    expect(await page.locator('.cb-flipped').count()).toBe(1);
    const drawn = await page
      .locator('.cb-shapes .cb-user')
      .evaluateAll((els) =>
        els.map((e) => `${e.getAttribute('data-from')}${e.getAttribute('data-to') ?? ''}`),
      );
    expect(drawn).toEqual(['e3e5', 'f6']);
    // Drawn where those cells now are: the arrow starts in e3 and the ring sits in f6.
    const inside = async (selector: string, sq: string) => {
      const shape = (await page.locator(selector).boundingBox())!;
      const box = (await cell(page, sq).boundingBox())!;
      const x = shape.x + shape.width / 2;
      const y = shape.y + shape.height / 2;
      return x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height;
    };
    const start = await page.locator('.cb-user .cb-arrow-line').evaluate((line) => {
      const svg = (line as SVGLineElement).ownerSVGElement!;
      const p = svg.createSVGPoint();
      p.x = Number(line.getAttribute('x1'));
      p.y = Number(line.getAttribute('y1'));
      const screen = p.matrixTransform(svg.getScreenCTM()!);
      return { x: screen.x, y: screen.y };
    });
    const e3 = (await cell(page, 'e3').boundingBox())!;
    expect(start.x).toBeGreaterThan(e3.x);
    expect(start.x).toBeLessThan(e3.x + e3.width);
    expect(start.y).toBeGreaterThan(e3.y);
    expect(start.y).toBeLessThan(e3.y + e3.height);
    expect(await inside('.cb-user circle', 'f6')).toBe(true);
    await shot(page, 'board-arrows-flipped.png');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('draws arrows and circles with the right button, clears them with a left click', async () => {
    const page = await bb.page(900, 900);
    await page.evaluate((p) => CB.mount({ picture: CB.cornerCitadels(10), pieces: p }), pieces);
    const centre = async (sq: string) => {
      const b = (await cell(page, sq).boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const rightDrag = async (from: string, to: string, modifier?: 'Shift' | 'Alt') => {
      const a = await centre(from);
      const b = await centre(to);
      if (modifier) await page.keyboard.down(modifier);
      await page.mouse.move(a.x, a.y);
      await page.mouse.down({ button: 'right' });
      await page.mouse.move(b.x, b.y, { steps: 4 });
      await page.mouse.up({ button: 'right' });
      if (modifier) await page.keyboard.up(modifier);
    };
    await rightDrag('e3', 'e5');
    await rightDrag('c2', 'd4', 'Shift');
    await rightDrag('f6', 'f6', 'Alt');
    const shapes = () =>
      page
        .locator('.cb-shapes .cb-user')
        .evaluateAll((els) =>
          els.map(
            (e) =>
              `${e.getAttribute('class')} ${e.getAttribute('data-from')}${e.getAttribute('data-to') ?? ''}`,
          ),
        );
    expect(await shapes()).toEqual([
      'cb-shape cb-user cb-brush-green e3e5',
      'cb-shape cb-user cb-brush-red c2d4',
      'cb-shape cb-user cb-brush-blue f6',
    ]);
    expect(await page.locator('.cb-user polygon').count()).toBe(2);
    expect(await page.locator('.cb-user circle').count()).toBe(1);
    // The right button never picks up a piece.
    expect(await page.evaluate(() => mounted.board.selection())).toBeNull();
    // The app's own arrow (an engine's best move) is drawn too.
    await page.evaluate(() =>
      mounted.board.set({ ...mounted.state, shapes: [{ from: 'g2', to: 'd5', brush: 'blue' }] }),
    );
    expect(await page.locator('.cb-shapes .cb-auto').count()).toBe(1);
    expect(await shapes()).toHaveLength(3);
    await shot(page, 'board-arrows.png');
    await cell(page, 'j5').click();
    expect(await shapes()).toEqual([]);
    expect(await page.locator('.cb-shapes .cb-auto').count()).toBe(1);
    expect(await events(page)).toEqual([
      'shapes e3e5:green',
      'shapes e3e5:green,c2d4:red',
      'shapes e3e5:green,c2d4:red,f6:blue',
      'shapes ',
      'square j5',
    ]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('lets the user set a premove while it is not their turn, and shows it until cleared', async () => {
    const page = await bb.page(900, 900);
    await page.evaluate(
      (p) =>
        CB.mount({
          picture: CB.cornerCitadels(10),
          pieces: p,
          premove: { e3: ['e4', 'e5'], c2: ['c3', 'b3'] },
        }),
      pieces,
    );
    await cell(page, 'e3').click();
    expect(await cell(page, 'e4').getAttribute('class')).toContain('cb-premove-target');
    expect(await cell(page, 'e4').getAttribute('aria-label')).toContain('premove here');
    await cell(page, 'e5').click();
    expect(await page.evaluate(() => mounted.board.premove())).toEqual({ from: 'e3', to: 'e5' });
    expect(await page.locator('.cb-premove').count()).toBe(2);
    await shot(page, 'board-premove.png');
    // A new position keeps the premove; the app clears it when it plays it.
    await page.evaluate(() =>
      mounted.board.set({ ...mounted.state, lastMove: { from: 'e10', to: 'e9' } }),
    );
    expect(await page.locator('.cb-premove').count()).toBe(2);
    await page.evaluate(() => mounted.board.clearPremove());
    expect(await page.locator('.cb-premove').count()).toBe(0);
    // A premove set by dragging, then cancelled by a press on an empty cell.
    const a = (await cell(page, 'c2').boundingBox())!;
    const b = (await cell(page, 'b3').boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
    await page.mouse.up();
    await cell(page, 'j6').click();
    expect(await page.evaluate(() => mounted.board.premove())).toBeNull();
    expect(await events(page)).toEqual([
      'premove e3 e5',
      'premove c2 b3',
      'premove null',
      'square j6',
    ]);
    // When the turn comes, the picked-up piece moves for real.
    await cell(page, 'e3').click();
    await page.evaluate(() =>
      mounted.board.set({ ...mounted.state, legalTargets: (f) => (f === 'e3' ? ['e4'] : []) }),
    );
    await cell(page, 'e4').click();
    expect((await events(page)).at(-1)).toBe('move e3 e4');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('changes theme, piece scheme and dark mode, and refuses an unknown theme', async () => {
    const page = await bb.page(1100, 700);
    await page.evaluate((p) => CB.mount({ picture: CB.cornerCitadels(10), pieces: p }), pieces);
    const light = () => cell(page, 'c2').evaluate((e) => getComputedStyle(e).backgroundColor);
    const wood = await light();
    await page.evaluate(() => mounted.board.setAppearance({ theme: 'green' }));
    const green = await light();
    expect(green).not.toBe(wood);
    const error = await page.evaluate(() => {
      try {
        mounted.board.setAppearance({ theme: 'neon' as 'green', dark: true });
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    });
    expect(error).toMatch(/unknown board theme 'neon'/);
    expect(await page.evaluate(() => mounted.board.appearance())).toEqual({
      theme: 'green',
      pieces: 'classic',
      dark: false,
    });
    expect(await light()).toBe(green);
    // The piece scheme colours the pictures through CSS variables.
    const fill = () =>
      page
        .locator('.cb-piece[data-square="c2"] path')
        .first()
        .evaluate((e) => getComputedStyle(e).fill);
    const classic = await fill();
    await page.evaluate(() => mounted.board.setAppearance({ pieces: 'ivory-crimson' }));
    expect(await fill()).not.toBe(classic);
    await page.evaluate(() => mounted.board.setAppearance({ pieces: 'classic' }));
    // Every theme, light then dark, each with its screenshot (see shot).
    for (const dark of [false, true])
      for (const t of await page.evaluate(() => CB.BOARD_THEMES.map((x) => x.id))) {
        await page.evaluate(
          ([theme, d]) => {
            document.body.style.background = d ? '#1b1d21' : '#fff';
            mounted.board.setAppearance({ theme: theme as 'wood', dark: d as boolean });
          },
          [t, dark] as const,
        );
        await shot(page.locator('#host'), `board-theme-${t}${dark ? '-dark' : ''}.png`);
      }
    expect(await light()).not.toBe(green);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('zooms a wide board on a phone so cells reach a touch size, and pans sideways', async () => {
    const page = await bb.page(390, 844, '100%', true);
    await page.evaluate(
      (p) =>
        CB.mount({
          picture: CB.SIDE_CITADELS,
          pieces: p.map((x) => ({
            ...x,
            square: x.square.replace(/^(.)10$/, '$19').replace('11', '10'),
          })),
          legal: { e3: ['e4'] },
        }),
      pieces,
    );
    const small = await page.evaluate(() => mounted.board.cellSize());
    expect(small).toBeLessThan(44);
    const zoom = await page.evaluate(() => mounted.board.zoomForCellSize(44));
    expect(zoom).toBeGreaterThan(1);
    await page.evaluate((z) => mounted.board.setZoom(z), zoom);
    expect(await page.evaluate(() => mounted.board.cellSize())).toBeGreaterThanOrEqual(43.5);
    // Asked again while zoomed (the window resized, say), it gives the same zoom: the rank
    // coordinates beside the cells do not grow with it.
    expect(await page.evaluate(() => mounted.board.zoomForCellSize(44))).toBe(zoom);
    // Two fingers may pinch the page over the board, zoomed or not; one finger never pans a piece.
    const touchAction = (square: string) =>
      cell(page, square).evaluate((c) => getComputedStyle(c).touchAction);
    await expect(touchAction('e3')).resolves.toBe('pinch-zoom');
    // `pan-x pan-y pinch-zoom`, which the browser writes as its shorthand.
    await expect(touchAction('g6')).resolves.toBe('manipulation');
    const scroll = () =>
      page
        .locator('.cb-board')
        .evaluate((e) => ({ w: e.scrollWidth, c: e.clientWidth, l: e.scrollLeft }));
    const s = await scroll();
    expect(s.w).toBeGreaterThan(s.c);
    await shot(page, 'board-zoom-phone.png');
    // The keyboard brings a cell out of view into view by scrolling the board, not the page.
    await cell(page, 'b1').focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toBe('l1');
    expect((await scroll()).l).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    // A sideways swipe that starts on an empty cell pans the board.
    await page.locator('.cb-board').evaluate((e) => (e.scrollLeft = 0));
    const swipeFrom = (await cell(page, 'g6').boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const y = Math.round(swipeFrom.y + swipeFrom.height / 2);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: x === undefined ? [] : [{ x, y }],
      });
    const x0 = Math.round(swipeFrom.x + swipeFrom.width / 2);
    await touch('touchStart', x0);
    for (let dx = 10; dx <= 150; dx += 10) await touch('touchMove', x0 - dx);
    await touch('touchEnd');
    await page.waitForTimeout(300);
    expect((await scroll()).l).toBeGreaterThan(50);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    // Moving still works when zoomed.
    await cell(page, 'e3').click();
    await cell(page, 'e4').click();
    expect(await events(page)).toEqual(['move e3 e4']);
    const bad = await page.evaluate(() => {
      try {
        mounted.board.setZoom(9);
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    });
    expect(bad).toMatch(/zoom must be a number from 1 to 4/);
    expect(await page.evaluate(() => mounted.board.zoom())).toBe(zoom);
    await page.evaluate(() => mounted.board.setZoom(1));
    const after = await scroll();
    expect(after.w).toBe(after.c);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('refuses a piece off the cells or two on one cell, keeping what it showed', async () => {
    const page = await bb.page(600, 600);
    await page.evaluate((p) => CB.mount({ picture: CB.cornerCitadels(10), pieces: p }), pieces);
    const attempt = (bad: { square: string }[]) =>
      page.evaluate((extra) => {
        try {
          mounted.board.set({
            ...mounted.state,
            pieces: [
              ...mounted.state.pieces,
              ...extra.map((e) => ({ ...e, color: 'white' as const, kind: 'pawn', text: 'P' })),
            ],
          });
          return '';
        } catch (e) {
          return (e as Error).message;
        }
      }, bad);
    expect(await attempt([{ square: 'b1' }])).toBe("piece on 'b1', which is not a cell");
    expect(await attempt([{ square: 'e3' }])).toBe("two pieces on 'e3'");
    expect(await page.locator('.cb-piece').count()).toBe(pieces.length);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
