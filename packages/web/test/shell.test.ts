/**
 * The app shell and the play page in chromium: the board stays in place while the move list
 * grows, New game and Resign ask first, the home page, "not found" messages, the variant
 * switcher, the archive (a finished game reappears after a reload and opens in review), the clock
 * that waits for the first move, the play page's accessible names, the dark mode and board themes
 * (remembered, and readable: a contrast audit in dark mode), premoves, the engine's move said in
 * words, the zoom on a phone, a move-list font whose l is no I, and a dialog that closes with
 * its page.
 */
import { get } from 'node:http';
import { Position, mulberry32 } from '@citadel/core';
import { DEEP, sampleOf } from '@citadel/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditContrast, type ContrastFinding } from './contrast.ts';
import {
  shot,
  cell,
  moveTexts,
  newGame,
  newPage,
  openSetup,
  typeMove,
  useApp,
  type PageWithErrors,
} from './harness.ts';

const web = useApp();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A page at `path` in a viewport, once `ready` (a selector) is there. */
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

interface LineMove {
  readonly text: string;
  readonly from: string;
  readonly to: string;
}

/** `plies` random legal moves (no promotions) from the start. */
function randomLine(variant: string, plies: number, seed: number): LineMove[] {
  const start = Position.start(variant);
  if (!start.ok) throw new Error(start.error);
  const pos = start.value;
  const random = mulberry32(seed);
  const line: LineMove[] = [];
  for (let i = 0; i < plies && !pos.outcome(); i++) {
    const legal = pos.legalMoves().filter((m) => !m.promotion);
    const move = legal[Math.floor(random() * legal.length)]!;
    pos.play(move.text);
    line.push({ text: move.text, from: move.from, to: move.to });
  }
  return line;
}

/**
 * Plays `moves`, two players on one device, and returns the board's top after each. The last
 * `clicked` moves are clicked cell to cell; the ones before are typed into the move box inside
 * the page, each once the one before is in the list.
 */
async function playMoves(page: Page, moves: readonly LineMove[], clicked: number) {
  const typed = moves.slice(0, Math.max(0, moves.length - clicked)).map((m) => m.text);
  const tops = await page.evaluate(async (list) => {
    const input = document.querySelector<HTMLInputElement>('#move-input')!;
    const out: number[] = [];
    for (const move of list) {
      const before = document.querySelectorAll('ol.moves li').length;
      input.value = move;
      input.form!.requestSubmit();
      while (document.querySelectorAll('ol.moves li').length <= before)
        await new Promise((frame) => requestAnimationFrame(frame));
      out.push(document.querySelector('.board-host')!.getBoundingClientRect().top);
    }
    return out;
  }, typed);
  for (const [i, move] of moves.slice(typed.length).entries()) {
    await cell(page, move.from).click();
    await cell(page, move.to).click();
    if (await page.locator('.chooser').count())
      await page.locator('.chooser .choice').first().click();
    await page.waitForFunction(
      (k) => document.querySelectorAll('ol.moves li').length >= k,
      typed.length + i + 1,
    );
    tops.push(await boardTop(page));
  }
  return tops;
}

const boardTop = (page: Page): Promise<number> =>
  page.evaluate(() => document.querySelector('.board-host')!.getBoundingClientRect().top);

describe('the app shell and the play page in chromium', () => {
  // The same check on both sizes: the phone by default, the desktop too in the deep tier.
  const sizes = [
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ] as const;
  // Enough plies to overflow the list: a phone's strip holds a few moves, a desktop's column
  // (as high as the window) about thirty.
  for (const [name, viewport] of sampleOf(sizes, [sizes[0]])) {
    const plies = viewport === PHONE ? 20 : 40;
    it(`keeps the board in place over ${plies} plies on ${name}; only the move list scrolls`, async () => {
      const page = await openAt('/play/husun', viewport);
      await page.selectOption('#opponent', 'human');
      const before = await boardTop(page);
      // By clicks: every ply in the deep tier; by default the last four, over which the list
      // starts to scroll, the ones before typed.
      const tops = await playMoves(page, randomLine('husun', plies, 3), DEEP ? plies : 4);
      expect(tops).toHaveLength(plies);
      for (const top of tops) expect(top).toBe(before);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // The list did scroll (down a desktop's column, along a phone's strip): it overflows its
      // box, and its newest entry is inside the box.
      const list = await page.evaluate(() => {
        const box = document.querySelector('ol.moves')!;
        const outer = box.getBoundingClientRect();
        const last = document.querySelector('ol.moves li:last-child')!.getBoundingClientRect();
        return {
          overflows: box.scrollHeight > box.clientHeight || box.scrollWidth > box.clientWidth,
          inside:
            last.top >= outer.top - 1 &&
            last.bottom <= outer.bottom + 1 &&
            last.left >= outer.left - 1 &&
            last.right <= outer.right + 1,
        };
      });
      expect(list).toEqual({ overflows: true, inside: true });
      await shot(page, `shell-${plies}-plies-${viewport.width}.png`);
      expect(page.errors).toEqual([]);
      await page.context().close();
    });
  }

  it('asks before resigning and before leaving a game in progress for a new one', async () => {
    const page = await openAt('/play/chess', DESKTOP);
    await page.selectOption('#opponent', 'human');
    const start = page.locator('#setup-panel').getByRole('button', { name: 'Start game' });
    // No moves yet: a new game needs no question.
    await page.getByRole('button', { name: 'New game' }).click();
    await start.click();
    await expect(page.locator('.confirm-dialog').count()).resolves.toBe(0);
    await typeMove(page, 'e4');
    await page.getByRole('button', { name: 'Resign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resign this game?' });
    await dialog.waitFor();
    await shot(page, 'shell-confirm-resign.png');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('.result').isHidden()).resolves.toBe(true);
    // "New game" opens the set-up; starting from it asks first.
    await page.getByRole('button', { name: 'New game' }).click();
    await start.click();
    await page.getByRole('dialog', { name: 'Start a new game?' }).press('Escape');
    expect(await moveTexts(page)).toEqual(['e4']);
    await page.getByRole('button', { name: 'Resign' }).click();
    await dialog.getByRole('button', { name: 'Resign' }).click();
    // The result appears once the dialog has closed and the game ended: wait for it, then read it.
    await page.locator('.result:not([hidden])').waitFor();
    await expect(page.locator('.result').textContent()).resolves.toBe('Black resigned: White wins');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('shows every variant on the home page with its start position and links', async () => {
    const page = await openAt('/', PHONE, '.variant-card .cb-cell');
    const cards = page.locator('.variant-card');
    await expect(cards.count()).resolves.toBe(9);
    // Each card's picture is the variant's start position.
    for (const id of ['tamerlane', 'husun', 'persian-princess']) {
      const start = Position.start(id);
      if (!start.ok) throw new Error(start.error);
      const drawn = await page.locator(`.variant-card[data-variant="${id}"] .cb-piece`).count();
      expect(drawn).toBe(start.value.pieces().length);
    }
    await expect(page.locator('h1').textContent()).resolves.toMatch(/Citadel/);
    await expect(page.locator('.resume').isHidden()).resolves.toBe(true);
    await shot(page, 'shell-home-390.png', { fullPage: true });
    const husun = page.locator('.variant-card[data-variant="husun"]');
    await husun.getByRole('link', { name: 'Rules' }).click();
    await page.waitForURL(/\/learn\/husun$/);
    await page.goBack();
    await page
      .locator('.variant-card[data-variant="husun"]')
      .getByRole('link', { name: 'Play' })
      .click();
    await page.waitForURL(/\/play\/husun$/);
    await page.selectOption('#opponent', 'human');
    await cell(page, 'e3').click();
    await cell(page, 'e4').click();
    await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 1);
    // Home again: the unfinished game is offered to resume.
    await page.locator('a.brand').click();
    await page.locator('.resume:not([hidden])').waitFor();
    await expect(page.locator('.resume').textContent()).resolves.toMatch(/Shatranj al-Husun/);
    await page.locator('.resume').getByRole('link', { name: 'Resume' }).click();
    await page.waitForURL(/\/play\/husun/);
    await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 1);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('says what was not found (an unknown page or variant with HTTP 404): a page, a variant, an array, an archived game', async () => {
    const page = await newPage(web.app.browser, { viewport: DESKTOP });
    const status = async (path: string): Promise<number | undefined> =>
      (await page.goto(web.app.base + path))?.status();
    expect(await status('/nonsense')).toBe(404);
    await page.waitForSelector('.not-found');
    await expect(page.locator('.not-found-what').textContent()).resolves.toBe(
      'There is no page "/nonsense" in Citadel.',
    );
    expect(await status('/play/xiangqi')).toBe(404);
    await page.waitForSelector('.not-found');
    await expect(page.locator('.not-found-what').textContent()).resolves.toBe(
      'There is no variant "xiangqi" in Citadel.',
    );
    await shot(page, 'shell-not-found.png');
    expect(await status('/play/tamerlane?array=paris')).toBe(200);
    await page.waitForSelector('.cb-cell');
    await expect(page.locator('.page-notice').textContent()).resolves.toMatch(
      /^Tamerlane chess \(Shatranj al-Kabir\) has no array "paris" \(its arrays: .*\); showing the Masculine array instead\.$/,
    );
    await page.goto(`${web.app.base}/play/chess?game=nope`);
    await page.waitForSelector('.page-notice:not([hidden])');
    await expect(page.locator('.page-notice').textContent()).resolves.toMatch(
      /^No game "nope" of Chess \(FIDE\) is in this browser's archive/,
    );
    // The browser logs each 404 page it was given; nothing else went wrong.
    expect(page.errors).toEqual([
      expect.stringMatching(/status of 404/),
      expect.stringMatching(/status of 404/),
    ]);
    await page.context().close();
  });

  // Deep tier only: the header's variant menu on every page; the default tier opens a variant
  // from the home page's cards.
  it.runIf(DEEP)('switches the variant from the header on every page', async () => {
    const switches = [
      ['learn', 'husun'],
      ['play', 'chess'],
      ['analyse', 'shatranj'],
      ['editor', 'persian-eye'],
    ] as const;
    const sample = sampleOf(switches, [switches[0], switches[1]]);
    const page = await openAt(`/${sample[0]![0]}/tamerlane`, DESKTOP);
    for (const [i, [from, to]] of sample.entries()) {
      if (i > 0) {
        await page.goto(`${web.app.base}/${from}/tamerlane`);
        await page.waitForSelector('.cb-cell');
      }
      await page.selectOption('#variant-switcher', to);
      await page.waitForURL(new RegExp(`/${from}/${to}$`));
      await expect(page.locator('#variant-switcher').inputValue()).resolves.toBe(to);
    }
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('keeps a finished game in the archive after a reload and opens it in review', async () => {
    const page = await openAt('/play/chess', DESKTOP);
    await page.selectOption('#opponent', 'human');
    for (const m of ['f3', 'e5', 'g4', 'Qh4#']) await typeMove(page, m);
    await expect(page.locator('.result').textContent()).resolves.toMatch(/Black wins/);
    await newGame(page);
    await typeMove(page, 'd4');
    await page.reload();
    await page.waitForSelector('.cb-cell');
    await page.locator('header').getByRole('link', { name: 'My games' }).click();
    await page.getByRole('link', { name: 'Games on this device' }).click();
    await page.waitForSelector('.archive-table tbody tr');
    const rows = page.locator('.archive-table tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    // The last played first: the unfinished one, then the mate.
    await expect(rows.nth(0).getAttribute('data-result')).resolves.toBe('*');
    const mate = rows.nth(1);
    await expect(mate.getAttribute('data-result')).resolves.toBe('0-1');
    await expect(mate.textContent()).resolves.toMatch(/Chess.*A friend.*0-1.*2/);
    await shot(page, 'shell-archive-1280.png');
    // Its PGN, then its review on the analysis board.
    await mate.getByRole('button', { name: 'PGN' }).click();
    const pgn = await page.locator('#export-text').inputValue();
    expect(pgn).toMatch(/1\. f3 e5 2\. g4 Qh4#/);
    expect(pgn).toMatch(/\[Result "0-1"\]/);
    await page.keyboard.press('Escape');
    await mate.getByRole('link', { name: 'Review' }).click();
    await page.waitForURL(/\/analyse\/chess\?game=[^&]+&review=1$/);
    await page.waitForSelector('.cb-cell');
    await expect(page.locator('.cb-piece').count()).resolves.toBe(32);
    // The unfinished game continues on the play page.
    await page.goBack();
    await page.waitForSelector('.archive-table tbody tr');
    await rows.nth(0).getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(/\/play\/chess/);
    await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 1);
    expect(await moveTexts(page)).toEqual(['d4']);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('starts the clock with the first move; names the page, the level and the hovered cell', async () => {
    const page = await openAt('/play/chess', DESKTOP);
    await page.selectOption('#opponent', 'human');
    await page.selectOption('#time-control', 'clock');
    await expect(page.locator('h1').textContent()).resolves.toBe('Play Chess');
    const white = () => page.locator('.clock-white .clock-time').textContent();
    await expect(white()).resolves.toBe('5:00');
    await page.waitForTimeout(1200);
    await expect(white()).resolves.toBe('5:00');
    await typeMove(page, 'e4');
    await page.waitForTimeout(1200);
    // White's clock got its increment and stands; Black's runs.
    await expect(white()).resolves.toBe('5:03');
    await expect(page.locator('.clock-black .clock-time').textContent()).resolves.not.toBe('5:00');
    // The level slider is announced by its name and its value in words.
    await openSetup(page);
    await page.selectOption('#opponent', 'engine');
    const level = page.getByRole('slider', { name: 'Engine level', exact: true });
    await expect(level.getAttribute('aria-valuetext')).resolves.toMatch(/^Level \d+: Thinks/);
    // The hover line follows the board: a capture replaces the captured piece's name.
    await page.selectOption('#opponent', 'human');
    await newGame(page);
    for (const m of ['e4', 'd5']) await typeMove(page, m);
    await cell(page, 'd5').hover();
    await expect(page.locator('.hover-info').textContent()).resolves.toBe('d5: Black Pawn');
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('#move-input')!;
      input.value = 'exd5';
      input.form!.requestSubmit();
    });
    await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 3);
    await expect(page.locator('.hover-info').textContent()).resolves.toBe('d5: White Pawn');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  // Deep tier only: a contrast audit of every page in the dark; the default tier audits the light
  // pages (accessibility.test.ts) and follows a dark-preferring browser there.
  it.runIf(DEEP)(
    'remembers a dark page and a board theme, and keeps the dark pages readable',
    async () => {
      const page = await openAt('/play/chess', DESKTOP);
      await page.getByRole('button', { name: 'Appearance' }).click();
      await page.selectOption('#appearance-mode', 'dark');
      await page.selectOption('#appearance-theme', 'green');
      await page
        .getByRole('dialog', { name: 'Appearance' })
        .getByRole('button', { name: 'Done' })
        .click();
      const look = () =>
        page.evaluate(() => {
          const root = document.documentElement;
          const light = document.querySelector<HTMLElement>('.cb-cell')!;
          return {
            classes: Array.from(root.classList).sort().join(' '),
            background: getComputedStyle(document.body).backgroundColor,
            scheme: getComputedStyle(root).colorScheme,
            cell: getComputedStyle(light).getPropertyValue('--cb-light').trim(),
          };
        });
      const chosen = await look();
      expect(chosen.classes).toContain('dark');
      expect(chosen.classes).toContain('cb-theme-green');
      expect(chosen.scheme).toBe('dark');
      await page.reload();
      await page.waitForSelector('.cb-cell');
      expect(await look()).toEqual(chosen);
      // Readable in dark mode: the play page mid-game, then home, archive, rules, analysis and
      // editor (a sample of them by default).
      const all: Array<ContrastFinding & { page: string }> = [];
      const audit = async (name: string) => {
        for (const f of await auditContrast(page)) all.push({ ...f, page: name });
        await shot(page, `shell-dark-${name}-1280.png`);
      };
      await page.selectOption('#opponent', 'human');
      for (const m of ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#']) await typeMove(page, m);
      await audit('play');
      const pages = [
        ['home', '/', '.variant-card .cb-cell'],
        ['archive', '/archive', '.archive-table tbody tr'],
        ['learn', '/learn/tamerlane', '.cb-cell'],
        ['analyse', '/analyse/husun', '.cb-cell'],
        ['editor', '/editor/husun', '.cb-cell'],
      ] as const;
      for (const [name, path, ready] of sampleOf(pages, [pages[0], pages[2]])) {
        await page.goto(web.app.base + path);
        await page.waitForSelector(ready);
        await audit(name);
      }
      await page.setViewportSize(PHONE);
      await page.goto(`${web.app.base}/play/tamerlane`);
      await page.waitForSelector('.cb-cell');
      await shot(page, 'shell-dark-play-390.png', { fullPage: true });
      const failing = all.filter((f) => f.ratio < f.required);
      const line = (f: (typeof all)[number]): string =>
        `${f.page}: ${f.where} "${f.text}" ${f.fg} on ${f.bg} = ${f.ratio} (needs ${f.required})`;
      expect(all.length).toBeGreaterThan(100);
      expect(failing.map(line)).toEqual([]);
      expect(page.errors).toEqual([]);
      await page.context().close();
    },
  );

  it('plays a premove set while the engine thinks as soon as it has replied, and none once switched off', async () => {
    const page = await openAt('/play/chess', DESKTOP);
    // The engine's replies wait until the test lets them through, so the premove is set while
    // it is still thinking however slow the machine.
    await page.addInitScript(() => {
      const w = window as unknown as { holdEngine: boolean; release: () => void };
      const held: Array<() => void> = [];
      w.holdEngine = true;
      w.release = () => {
        w.holdEngine = false;
        for (const reply of held.splice(0)) reply();
      };
      const own = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage')!;
      Object.defineProperty(Worker.prototype, 'onmessage', {
        configurable: true,
        get() {
          return own.get!.call(this);
        },
        set(handler: (e: MessageEvent) => void) {
          own.set!.call(this, (e: MessageEvent) => {
            const done = (e.data as { type?: string } | null)?.type === 'done';
            if (done && w.holdEngine) held.push(() => handler(e));
            else handler(e);
          });
        },
      });
    });
    await page.reload();
    await page.waitForSelector('.cb-cell');
    await page.selectOption('#opponent', 'engine');
    await typeMove(page, 'e4');
    await page.waitForSelector('.status.thinking');
    await cell(page, 'g1').click();
    await cell(page, 'f3').click();
    await expect(page.locator('.status').textContent()).resolves.toContain('premove g1-f3');
    expect(await moveTexts(page)).toEqual(['e4']);
    await page.evaluate(() => (window as unknown as { release: () => void }).release());
    await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length >= 3, null, {
      timeout: 20_000,
    });
    expect((await moveTexts(page))[2]).toBe('Nf3');

    // Premoves switched off (the settings' choice, read at each gesture): the same kind of
    // gesture while the engine thinks sets nothing, and nothing is played on its reply.
    await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 4, null, {
      timeout: 20_000,
    });
    await page.evaluate(() => {
      (window as unknown as { holdEngine: boolean }).holdEngine = true;
      localStorage.setItem(
        'citadel.behaviour',
        JSON.stringify({ premoves: false, confirmCorrespondence: true, confirmLive: false }),
      );
    });
    await typeMove(page, 'd4');
    await page.waitForSelector('.status.thinking');
    await cell(page, 'b1').click();
    await cell(page, 'c3').click();
    expect(await page.locator('.status').textContent()).not.toContain('premove');
    expect(await page.locator('.cb-cell.cb-premove').count()).toBe(0);
    await page.evaluate(() => (window as unknown as { release: () => void }).release());
    await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length >= 6, null, {
      timeout: 20_000,
    });
    // A premove played on the reply would be the 7th move, with the engine thinking again.
    expect(await page.locator('.status').textContent()).toMatch(/^Your move/);
    expect(await moveTexts(page)).toHaveLength(6);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("says the engine's move in words in a live region", async () => {
    const page = await openAt('/play/chess', DESKTOP);
    await page.selectOption('#opponent', 'engine');
    await typeMove(page, 'e4');
    await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 2, null, {
      timeout: 20_000,
    });
    // The words the core's names and squares give for the engine's reply (no capture or check
    // is possible on Black's first move).
    const reply = (await moveTexts(page))[1]!;
    const position = Position.start('chess');
    if (!position.ok) throw new Error(position.error);
    position.value.play('e4');
    const before = position.value.pieces();
    const played = position.value.play(reply);
    if (!played.ok) throw new Error(played.error);
    const { from, to } = played.value;
    const piece = before.find((p) => p.square === from)!.name.toLowerCase();
    const words = `Black: ${piece} from ${from} to ${to}`;
    await page.getByRole('status').filter({ hasText: words }).waitFor();
    await expect(page.locator('.move-announcer').textContent()).resolves.toBe(words);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('zooms a Tamerlane board on a phone to cells a finger can hit', async () => {
    const page = await openAt('/play/tamerlane', PHONE);
    const cellWidth = () => cell(page, 'f5').evaluate((c) => c.getBoundingClientRect().width);
    expect(await cellWidth()).toBeLessThan(44);
    await page.getByRole('button', { name: 'Zoom' }).click();
    expect(await cellWidth()).toBeGreaterThanOrEqual(44);
    await expect(page.evaluate(() => window.scrollX)).resolves.toBe(0);
    await shot(page, 'shell-zoom-390.png');
    // A desktop board is large enough: no zoom offered.
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => window.dispatchEvent(new Event('resize')));
    await page.getByRole('button', { name: 'Zoom' }).click();
    await expect(page.getByRole('button', { name: 'Zoom' }).isHidden()).resolves.toBe(true);
    await page.context().close();
  });

  it('writes the move list in a face whose l is not a bare stroke like I', async () => {
    const page = await openAt('/play/chess', DESKTOP);
    await page.selectOption('#opponent', 'human');
    await typeMove(page, 'e4');
    // Ink of `l` in the move list's font, drawn large: a bare vertical stroke (as in most sans
    // faces, where it reads as I) is far narrower than a third of its height.
    const ratio = await page
      .locator('ol.moves button')
      .first()
      .evaluate((b) => {
        const family = getComputedStyle(b).fontFamily;
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 120;
        const g = canvas.getContext('2d')!;
        g.font = `80px ${family}`;
        g.fillText('l', 30, 100);
        const { data } = g.getImageData(0, 0, 120, 120);
        let left = 120;
        let right = -1;
        let top = 120;
        let bottom = -1;
        for (let y = 0; y < 120; y++)
          for (let x = 0; x < 120; x++)
            if (data[(y * 120 + x) * 4 + 3]! > 128) {
              left = Math.min(left, x);
              right = Math.max(right, x);
              top = Math.min(top, y);
              bottom = Math.max(bottom, y);
            }
        return (right - left + 1) / (bottom - top + 1);
      });
    expect(ratio).toBeGreaterThan(0.3);
    await page.context().close();
  });

  it('sends text files compressed to a browser that takes gzip (or Brotli), plain to one that does not', async () => {
    const head = (path: string, encoding?: string) =>
      new Promise<{ encoding: string | undefined; length: string | undefined; bytes: number }>(
        (done, fail) => {
          const headers = encoding ? { 'accept-encoding': encoding } : {};
          get(`${web.app.base}${path}`, { headers }, (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () =>
              done({
                encoding: res.headers['content-encoding'],
                length: res.headers['content-length'],
                bytes,
              }),
            );
          }).on('error', fail);
        },
      );
    const html = await (await fetch(`${web.app.base}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const plain = await head(script!);
    const packed = await head(script!, 'gzip');
    expect(plain.encoding).toBeUndefined();
    expect(Number(plain.length)).toBe(plain.bytes);
    expect(packed.encoding).toBe('gzip');
    expect(packed.bytes).toBeLessThan(plain.bytes / 2);
    // A browser that takes Brotli too may get that instead.
    const best = await head(script!, 'gzip, deflate, br');
    expect(['br', 'gzip']).toContain(best.encoding);
    expect(best.bytes).toBeLessThan(plain.bytes / 2);
    expect((await head(script!, 'gzip;q=0')).encoding).toBeUndefined();
  });

  it('plays with the rule switches chosen on the play page, kept in the PGN', async () => {
    const page = await openAt('/play/tamerlane', DESKTOP);
    await page.selectOption('#opponent', 'human');
    const claim = page.locator('#rule-citadel-claim-or-swap');
    await expect(claim.inputValue()).resolves.toBe('off');
    await page.selectOption('#rule-citadel-claim-or-swap', 'on');
    await typeMove(page, 'g4');
    await page.getByRole('button', { name: 'PGN' }).click();
    const pgn = await page.locator('#export-text').inputValue();
    expect(pgn).toContain('[Rules "citadel-claim-or-swap=on"]');
    await page.keyboard.press('Escape');
    // After a reload the game and its switch are back.
    await page.reload();
    await page.waitForSelector('.cb-cell');
    await expect(claim.inputValue()).resolves.toBe('on');
    // Husun has one switch, chess none.
    await page.goto(`${web.app.base}/play/husun`);
    await page.waitForSelector('.cb-cell');
    await expect(page.locator('.rule-switches select').count()).resolves.toBe(1);
    await page.goto(`${web.app.base}/play/chess`);
    await page.waitForSelector('.cb-cell');
    await expect(page.locator('.rule-switches').isHidden()).resolves.toBe(true);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('shares links to the position and the game that open on the analysis board', async () => {
    const page = await openAt('/play/chess', DESKTOP);
    await page.selectOption('#opponent', 'human');
    for (const m of ['e4', 'e5', 'Nf3']) await typeMove(page, m);
    await page.getByRole('button', { name: 'Share' }).click();
    const position = await page.locator('#share-position').inputValue();
    const gameLink = await page.locator('#share-game').inputValue();
    expect(position).toMatch(/\/analyse\/chess\?fen=/);
    await shot(page, 'shell-share-1280.png');
    await page.goto(gameLink);
    await page.waitForSelector('.cb-cell');
    await expect(cell(page, 'f3').getAttribute('aria-label')).resolves.toMatch(/white knight/);
    await page.goto(position);
    await page.waitForSelector('.cb-cell');
    await expect(cell(page, 'e5').getAttribute('aria-label')).resolves.toMatch(/black pawn/);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("closes a dialog with its page: Back from the analysis board's export leaves no dialog over the next page", async () => {
    const page = await openAt('/play/chess', DESKTOP);
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();
    await page.locator('main.analyse .cb-cell').first().waitFor();
    await page.getByRole('button', { name: 'Export PGN' }).click();
    await page.getByRole('dialog', { name: 'Export PGN' }).waitFor();
    await page.goBack();
    await page.locator('main.play-page').waitFor();
    await expect(page.locator('dialog').count()).resolves.toBe(0);
    // The page is usable: nothing modal is left in front of it.
    await page
      .locator('summary', { hasText: 'Play a friend online' })
      .click({ trial: true, timeout: 2000 });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
