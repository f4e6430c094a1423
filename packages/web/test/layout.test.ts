/**
 * The pages' layout in chromium, at a desktop's 1280x800 and a phone's 390x844: during a game the
 * play page keeps the move list, the clocks and the game's buttons on the first screen (beside
 * the board on a desktop; under the full-width board, with a clock above and below it, on a
 * phone); its set-up shows before a game and folds during one; every board page zooms a wide
 * board to cells a finger can hit, panning sideways inside the board, not the page; the badges
 * of Tamerlane's pawns are readable on a phone; every page has one h1, and the rules pages name
 * their variant in the tab. A sample of the variants by default (the widest board always),
 * every variant in the deep tier. Screenshots: packages/web/test-results/layout-*.png.
 */
import { Position, VARIANT_IDS, type MoveInfo } from '@citadel/core';
import type { CreateGameResponse } from '@citadel/protocol';
import { sampleOf } from '@citadel/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, shot, typeMove, useApp, type PageWithErrors } from './harness.ts';

const web = useApp();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** The widest boards (13 files with their citadels) and the tallest (12 ranks). */
const WIDEST = 'tamerlane';
const SAMPLE = sampleOf(VARIANT_IDS, [WIDEST, 'husun']);

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly width: number;
}

/** The box of the first visible element matching `selector`, or null when none is visible. */
function boxOf(page: Page, selector: string): Promise<Box | null> {
  return page.evaluate((sel) => {
    for (const el of Array.from(document.querySelectorAll(sel))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) {
        const { left, top, right, bottom, width } = r;
        return { left, top, right, bottom, width };
      }
    }
    return null;
  }, selector);
}

/** A page of the given size at `path` once `ready` is there. */
async function openAt(
  path: string,
  viewport: { width: number; height: number },
  ready = '.cb-cell',
): Promise<PageWithErrors> {
  const page = await newPage(web.app.browser, { viewport });
  await page.goto(web.app.base + path);
  await page.waitForSelector(ready);
  return page;
}

/** `count` legal moves from the variant's start (no promotions), as move text. */
function openingMoves(variant: string, count: number): string[] {
  const start = Position.start(variant);
  if (!start.ok) throw new Error(start.error);
  const position = start.value;
  const moves: string[] = [];
  for (let i = 0; i < count; i++) {
    const legal = position.legalMoves().filter((m: MoveInfo) => !m.promotion);
    // A pawn's move where there is one (its SAN starts with the file): a game as people open.
    const move = legal.find((m) => /^[a-z]/.test(m.san)) ?? legal[0]!;
    position.play(move.text);
    moves.push(move.text);
  }
  return moves;
}

/** Starts a game between two players with a clock on the page's variant and plays `moves`. */
async function playOpening(page: Page, variant: string, moves: readonly string[]): Promise<void> {
  await page.goto(`${web.app.base}/play/${variant}`);
  await page.waitForSelector('.cb-cell');
  await page.selectOption('#opponent', 'human');
  await page.selectOption('#time-control', 'clock');
  for (const m of moves) await typeMove(page, m);
  await page.waitForFunction(
    (n) => document.querySelectorAll('ol.moves li').length === n,
    moves.length,
  );
}

/** The play page's parts a player needs mid-game, by name: selector. */
const MID_GAME = {
  'top clock': '.clock-top .clock',
  'bottom clock': '.clock-bottom .clock',
  'move list': 'ol.moves',
  'New game': '.actions .new-game',
  Takeback: '.actions button:nth-child(4)',
  Resign: '.actions button:nth-child(5)',
  Flip: '.actions button:nth-child(3)',
  Hint: '.tool-row button:first-child',
} as const;

describe('page layout in chromium', () => {
  it('keeps the move list, the clocks and the game buttons beside the board on a desktop during a game', async () => {
    const page = await openAt('/play/chess', DESKTOP);
    for (const variant of SAMPLE) {
      await playOpening(page, variant, openingMoves(variant, 4));
      const board = (await boxOf(page, '.board-host'))!;
      // The set-up is folded away during the game.
      await expect(page.locator('#setup-panel').isHidden(), variant).resolves.toBe(true);
      for (const [name, selector] of Object.entries(MID_GAME)) {
        const box = await boxOf(page, selector);
        expect(box, `${variant}: ${name} shown`).not.toBeNull();
        expect(box!.bottom, `${variant}: ${name} on the first screen`).toBeLessThanOrEqual(
          DESKTOP.height,
        );
        expect(box!.left, `${variant}: ${name} beside the board`).toBeGreaterThanOrEqual(
          board.right,
        );
      }
      expect(board.bottom, variant).toBeLessThanOrEqual(DESKTOP.height);
      await shot(page, `layout-play-${variant}-1280.png`);
    }
    // The names the checks above found by position.
    await expect(page.locator(MID_GAME.Takeback).textContent()).resolves.toBe('Takeback');
    await expect(page.locator(MID_GAME.Resign).textContent()).resolves.toBe('Resign');
    await expect(page.locator(MID_GAME.Flip).textContent()).resolves.toBe('Flip');
    await expect(page.locator(MID_GAME.Hint).textContent()).resolves.toBe('Hint');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('puts a clock above and below the full-width board on a phone, the move strip and buttons under it', async () => {
    const page = await openAt('/play/chess', PHONE);
    for (const variant of SAMPLE) {
      await playOpening(page, variant, openingMoves(variant, 4));
      const board = (await boxOf(page, '.board-host'))!;
      expect(board.width, `${variant}: the board spans the screen`).toBeGreaterThanOrEqual(
        PHONE.width - 1,
      );
      const top = (await boxOf(page, MID_GAME['top clock']))!;
      const bottom = (await boxOf(page, MID_GAME['bottom clock']))!;
      expect(top.bottom, `${variant}: a clock above the board`).toBeLessThanOrEqual(board.top);
      expect(bottom.top, `${variant}: a clock below the board`).toBeGreaterThanOrEqual(
        board.bottom,
      );
      for (const [name, selector] of Object.entries(MID_GAME)) {
        const box = await boxOf(page, selector);
        expect(box, `${variant}: ${name} shown`).not.toBeNull();
        expect(box!.bottom, `${variant}: ${name} on the first screen`).toBeLessThanOrEqual(
          PHONE.height,
        );
        if (name !== 'top clock')
          expect(box!.top, `${variant}: ${name} under the board`).toBeGreaterThanOrEqual(
            board.bottom,
          );
      }
      // The moves run in one row that scrolls sideways, its newest move in view.
      const strip = await page.evaluate(() => {
        const list = document.querySelector('ol.moves')!;
        const items = Array.from(list.querySelectorAll('li')).map(
          (li) => li.getBoundingClientRect().top,
        );
        const box = list.getBoundingClientRect();
        const last = list.querySelector('li:last-child')!.getBoundingClientRect();
        return {
          rows: new Set(items.map(Math.round)).size,
          scrolls: getComputedStyle(list).overflowX,
          lastInView: last.left >= box.left - 1 && last.right <= box.right + 1,
        };
      });
      expect(strip, variant).toEqual({ rows: 1, scrolls: 'auto', lastInView: true });
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(
        PHONE.width,
      );
      await shot(page, `layout-play-${variant}-390.png`);
    }
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('shows the set-up before a game, folds it during one, and opens it with New game', async () => {
    const page = await openAt('/play/chess', DESKTOP);
    const panel = page.locator('#setup-panel');
    await expect(panel.isVisible()).resolves.toBe(true);
    await page.selectOption('#opponent', 'human');
    await typeMove(page, 'e4');
    await expect(panel.isHidden()).resolves.toBe(true);
    // New game opens it with the keyboard inside; Escape folds it and gives the focus back.
    const newGameButton = page.getByRole('button', { name: 'New game' });
    await newGameButton.click();
    await expect(panel.isVisible()).resolves.toBe(true);
    await expect(panel.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
    await shot(page, 'layout-setup-open-1280.png');
    await page.keyboard.press('Escape');
    await expect(panel.isHidden()).resolves.toBe(true);
    await expect(newGameButton.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    // A choice made mid-game waits for "Start game", which asks before leaving the game.
    await newGameButton.click();
    await page.selectOption('#time-control', 'clock');
    expect(await page.locator('ol.moves li').count()).toBe(1);
    await panel.getByRole('button', { name: 'Start game' }).click();
    await page
      .getByRole('dialog', { name: 'Start a new game?' })
      .getByRole('button', { name: 'New game' })
      .click();
    await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 0);
    await expect(page.locator('.clock-white .clock-time').textContent()).resolves.toBe('5:00');
    await expect(panel.isVisible()).resolves.toBe(true);
    // The variant is chosen there too: its page opens with the set-up, to go on choosing.
    await typeMove(page, 'd4');
    await newGameButton.click();
    await page.selectOption('#setup-variant', 'shatranj');
    await page.waitForURL(/\/play\/shatranj$/);
    await page.waitForSelector('.cb-cell');
    await expect(panel.isVisible()).resolves.toBe(true);
    await expect(
      page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.value),
    ).resolves.toBe('shatranj');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  // One test per variant, so the deep tier's sweep of every variant runs under the test timeout.
  it.each(sampleOf(VARIANT_IDS, [WIDEST]))(
    'zooms every board page of %s to cells a finger can hit, the board panning sideways, not the page',
    async (variant) => {
      const page = await openAt('/', PHONE, '.variant-card .cb-cell');
      const created = await fetch(`${web.app.base}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ variant }),
      });
      expect(created.ok).toBe(true);
      const { id } = (await created.json()) as CreateGameResponse;
      const pages = [
        ['play', `/play/${variant}`, ''],
        ['analyse', `/analyse/${variant}`, ''],
        ['editor', `/editor/${variant}`, ''],
        ['game', `/game/${id}`, ''],
        ['learn', `/learn/${variant}`, '.explorer '],
      ] as const;
      for (const [name, path, scope] of pages) {
        await page.goto(web.app.base + path);
        await page.waitForSelector(`${scope}.cb-cell`);
        const what = `${variant} ${name}`;
        const cellWidth = async () => (await boxOf(page, `${scope}.cb-cell`))!.width;
        const zoom = page.locator(`${scope}.board-zoom`);
        if ((await cellWidth()) < 44) {
          await zoom.click();
          await expect(zoom.getAttribute('aria-pressed'), what).resolves.toBe('true');
        } else
          await expect(zoom.isHidden(), `${what}: no zoom where cells are large`).resolves.toBe(
            true,
          );
        expect(await cellWidth(), what).toBeGreaterThanOrEqual(44);
        // The board scrolls sideways inside its frame; the page does not.
        const pan = await page.locator(`${scope}.cb-board`).evaluate((b) => {
          const before = b.scrollLeft;
          b.scrollLeft += 60;
          return { wider: b.scrollWidth > b.clientWidth, moved: b.scrollLeft > before };
        });
        if (variant === WIDEST) expect(pan, what).toEqual({ wider: true, moved: true });
        await expect(
          page.evaluate(() => document.documentElement.scrollWidth),
          what,
        ).resolves.toBe(PHONE.width);
        await shot(page, `layout-zoom-${name}-${variant}-390.png`);
      }
      expect(page.errors).toEqual([]);
      await page.context().close();
    },
  );

  it("draws the badges of Tamerlane's pawns readable on a phone", async () => {
    const page = await openAt('/play/tamerlane', PHONE);
    // What a badge shows (the piece the pawn becomes), at the board's own size on a phone.
    const marks = await page
      .locator('.cb-piece .cb-badge-mark')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(marks.length).toBe(22);
    for (const height of marks) expect(height).toBeGreaterThanOrEqual(12);
    await shot(page.locator('.board-host'), 'layout-badges-390.png');
    await page.context().close();
  });

  it('gives every page one h1, and every rules page a title naming its variant', async () => {
    const page = await openAt('/', DESKTOP, '.variant-card .cb-cell');
    const created = await fetch(`${web.app.base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'chess' }),
    });
    const { id } = (await created.json()) as CreateGameResponse;
    const pages = [
      ['home', '/', '.variant-card .cb-cell'],
      ['play', '/play/husun', '.cb-cell'],
      ['learn', '/learn/husun', '.cb-cell'],
      ['analyse', '/analyse/husun', '.cb-cell'],
      ['editor', '/editor/husun', '.cb-cell'],
      ['archive', '/archive', 'h1'],
      ['lobby', '/lobby', 'h1'],
      ['my games', '/games', 'h1'],
      ['online game', `/game/${id}`, '.cb-cell'],
      ['not found', '/no-such-page', 'h1'],
    ] as const;
    // By default the board pages and one without a board; the rules pages below.
    const picks = [pages[1], pages[3], pages[4], pages[8], pages[9]];
    for (const [name, path, ready] of sampleOf(pages, picks)) {
      await page.goto(web.app.base + path);
      await page.waitForSelector(ready);
      await expect(page.locator('h1').count(), name).resolves.toBe(1);
      await shot(page, `layout-${name.replace(' ', '-')}-1280.png`);
    }
    for (const variant of sampleOf(VARIANT_IDS, ['persian-eye'])) {
      await page.goto(`${web.app.base}/learn/${variant}`);
      await page.waitForSelector('.cb-cell');
      await expect(page.locator('h1').count(), variant).resolves.toBe(1);
      const name = Position.start(variant);
      if (!name.ok) throw new Error(name.error);
      await expect(page.title(), variant).resolves.toBe(
        `Rules of ${name.value.rs.def.name} — Citadel`,
      );
    }
    // The browser logs the 404 status the not-found page came with; nothing else went wrong.
    expect(page.errors).toEqual([expect.stringMatching(/status of 404/)]);
    await page.context().close();
  });
});
