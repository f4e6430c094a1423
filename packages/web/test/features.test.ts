/**
 * Browser tests of the play page's tools and the analysis board, in Debian's chromium via
 * playwright-core: typed moves, PGN/FEN export and import (with parse errors), the hint, clocks
 * and flag fall, the analysis board (evaluation bar, three lines deepening), a whole game against
 * the engine at level 1, a short clock the engine keeps to, and a special move (Tamerlane king
 * swap) in an imported position.
 * Built into a temporary folder so it can run beside browser.test.ts. Screenshots:
 * packages/web/test-results/features-*.png.
 */
import { Position, mulberry32, parsePgn } from '@citadel/core';
import { DEEP, sampleSize } from '@citadel/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, cell, moveTexts, useApp, typeMove } from './harness.ts';

/** Tamerlane: White king g1 in check from the rook on g5, knight b2, king-swap right. */
const SWAP_FEN = '*11*/6k5*/*11*/*11*/*11*/*5r5*/*11*/*11*/*N11/*5K5* w S - 0 1';

const web = useApp();
const open = web.open;

/**
 * Moves played against the engine's 12-second clock: an engine ignoring the clock (3 s a move at
 * level 10) would flag within four, so six show it by default; the full game length in the deep
 * tier.
 */
const ENGINE_CLOCK_MOVES = sampleSize(6, 25);

async function setValue(page: Page, selector: string, value: string): Promise<void> {
  await page.locator(selector).evaluate((el: HTMLInputElement | HTMLSelectElement, v) => {
    el.value = v;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/** Waits until the game has ended, or the move list holds `items` and the engine is not thinking. */
async function engineAnsweredOrEnded(page: Page, items: number): Promise<void> {
  await page.waitForFunction(
    (k) =>
      !document.querySelector('.result')?.hasAttribute('hidden') ||
      (document.querySelectorAll('ol.moves li').length >= k &&
        !document.querySelector('.status.thinking')),
    items,
    { timeout: 10_000 },
  );
}

describe('play tools and analysis in chromium', () => {
  it('types moves, exports PGN and FEN, imports them with clear errors and nothing lost', async () => {
    const page = await open('/play/tamerlane');
    await page.selectOption('#opponent', 'human');
    // Typed moves: SAN and move text.
    await typeMove(page, 'g4');
    await typeMove(page, 'g8g7');
    expect(await moveTexts(page)).toEqual(['g4', 'g7']);
    // An illegal move is refused with the core's reason.
    await typeMove(page, 'g4g6');
    const error = (await page.locator('.move-error').textContent()) ?? '';
    const node = Position.start('tamerlane');
    if (!node.ok) throw new Error(node.error);
    node.value.play('g4');
    node.value.play('g8g7');
    const why = node.value.clone().play('g4g6');
    expect(why.ok).toBe(false);
    expect(error).toBe(why.ok ? '' : why.error);
    await shot(page, 'features-typed-move-error.png');

    // Export PGN: the whole game, readable back by the core.
    await page.getByRole('button', { name: 'PGN' }).click();
    const pgn = await page.locator('#export-text').inputValue();
    expect(pgn).toContain('[Variant "tamerlane"]');
    const parsed = parsePgn(pgn);
    expect(parsed.ok && parsed.value.moves.map((m) => m.san)).toEqual(['g4', 'g7']);
    await shot(page, 'features-export-pgn.png');
    const download = page.waitForEvent('download');
    await page.locator('.io-dialog').getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toMatch(/^citadel-tamerlane-.*\.pgn$/);
    await page.locator('.io-dialog').getByRole('button', { name: 'Close' }).click();
    // Export FEN of the position shown.
    await page.getByRole('button', { name: 'FEN' }).click();
    expect(await page.locator('#export-text').inputValue()).toBe(node.value.fen());
    await page.locator('.io-dialog').getByRole('button', { name: 'Close' }).click();

    // A broken PGN: the core's message with line and column; the game is untouched.
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.locator('#import-text').fill('[Variant "tamerlane"]\n\n1. g4 g7 2. Qz99 *');
    await page.locator('.io-dialog').getByRole('button', { name: 'Load' }).click();
    const importError = (await page.locator('.import-error').textContent()) ?? '';
    expect(importError).toMatch(/^PGN: line 3, column 13: move 3 'Qz99'/);
    await shot(page, 'features-import-error.png');
    await page.locator('.io-dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await moveTexts(page)).toEqual(['g4', 'g7']);
    // A broken FEN too.
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.locator('#import-text').fill('*11*/6k5*/*11* w - - 0 1');
    await page.locator('.io-dialog').getByRole('button', { name: 'Load' }).click();
    expect(await page.locator('.import-error').textContent()).toMatch(/^FEN: bad position: /);
    // A long paste comes back as a short excerpt, never whole.
    await page.locator('#import-text').fill(`1. g4 g7 2. ${'Qz'.repeat(300)} *`);
    await page.locator('.io-dialog').getByRole('button', { name: 'Load' }).click();
    const longError = (await page.locator('.import-error').textContent()) ?? '';
    expect(longError).toMatch(/^PGN: line 1, column 13: move 3 'QzQz.*…'/);
    expect(longError).not.toMatch(/(Qz){21}/);
    expect(longError.length).toBeLessThan(200);
    await page.locator('.io-dialog').getByRole('button', { name: 'Cancel' }).click();

    // Import the exported PGN plus a move, pasted.
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.locator('#import-text').fill(pgn.replace(/\*\s*$/, ' 2. f4 *'));
    await page.locator('.io-dialog').getByRole('button', { name: 'Load' }).click();
    await expect(page.locator('.io-dialog').count()).resolves.toBe(0);
    expect(await moveTexts(page)).toEqual(['g4', 'g7', 'f4']);

    // Import a chess game from a file: the variant comes from the Variant tag.
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.locator('#import-file').setInputFiles({
      name: 'mate.pgn',
      mimeType: 'application/x-chess-pgn',
      buffer: Buffer.from('[Variant "chess"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'),
    });
    await page.waitForURL(/\/play\/chess$/);
    await page.waitForSelector('.cb-cell');
    expect(await moveTexts(page)).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
    expect(await page.locator('.result').textContent()).toBe('checkmate: Black wins');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('makes a king swap in an imported Tamerlane position', async () => {
    const page = await open('/play/tamerlane');
    await page.selectOption('#opponent', 'human');
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.locator('#import-text').fill(SWAP_FEN);
    await page.locator('.io-dialog').getByRole('button', { name: 'Load' }).click();
    await expect(cell(page, 'g1').getAttribute('aria-label')).resolves.toBe('g1 white king');
    expect(await page.locator('.status').textContent()).toContain('check');
    await cell(page, 'g1').click();
    await expect(cell(page, 'b2').getAttribute('aria-label')).resolves.toContain('move here');
    // The special move is explained beside the board while it is offered.
    await expect(
      page.locator('.special-info [data-special="king swap"]').textContent(),
    ).resolves.toMatch(/^King swap: once per game, .* because it is in check/);
    await shot(page, 'features-king-swap-offered.png');
    await cell(page, 'b2').click();
    expect(await moveTexts(page)).toEqual(['K<>b2']);
    await expect(cell(page, 'b2').getAttribute('aria-label')).resolves.toBe('b2 white king');
    await expect(cell(page, 'g1').getAttribute('aria-label')).resolves.toBe('g1 white knight');
    // The exported PGN starts from the imported position.
    await page.getByRole('button', { name: 'PGN' }).click();
    const pgn = await page.locator('#export-text').inputValue();
    expect(pgn).toContain('[SetUp "1"]');
    expect(pgn).toContain('1. K<>b2');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('gives a hint against the engine', async () => {
    const page = await open('/play/shatranj');
    await page.selectOption('#opponent', 'engine');
    await page.getByRole('button', { name: 'Hint' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.cb-hint').length === 2);
    const status = (await page.locator('.status').textContent()) ?? '';
    expect(status).toMatch(/hint: \S+/);
    await shot(page, 'features-hint.png');
    const from = await page
      .locator('.cb-hint[aria-label*="hint: move this piece"]')
      .getAttribute('data-square');
    const to = await page
      .locator('.cb-hint[aria-label*="hint: to here"]')
      .getAttribute('data-square');
    await cell(page, from!).click();
    await cell(page, to!).click();
    await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length >= 2);
    expect((await moveTexts(page))[0]).toBe(status.replace(/^.*hint: /, ''));
    expect(await page.locator('.cb-hint').count()).toBe(0);
    await page.context().close();
  });

  it('runs the clocks and ends the game when a flag falls', async () => {
    const page = await open('/play/husun');
    await page.selectOption('#opponent', 'engine');
    await setValue(page, '#level', '1');
    await page.selectOption('#time-control', 'clock');
    await setValue(page, '#clock-minutes', '0.05');
    await setValue(page, '#clock-increment', '1');
    await expect(page.locator('.clock').count()).resolves.toBe(2);
    // White (the user) moves: no clock ran before it, the increment is added, and the engine's
    // clock runs.
    // White's clock as drawn with the move (read in the page: a loaded machine reads late).
    await page.evaluate(() => {
      const w = window as unknown as { whiteAfterMove?: string };
      const list = document.querySelector('ol.moves')!;
      new MutationObserver((_, observer) => {
        w.whiteAfterMove = document.querySelector('.clock-white .clock-time')!.textContent ?? '';
        observer.disconnect();
      }).observe(list, { childList: true });
    });
    await typeMove(page, 'e4');
    const white = await page.evaluate(
      () => (window as unknown as { whiteAfterMove?: string }).whiteAfterMove,
    );
    expect(white).toBe('0:04.0');
    await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length >= 2);
    await shot(page, 'features-clocks.png');
    // Then White waits until the flag falls.
    await page.waitForSelector('.result:not([hidden])', { timeout: 10_000 });
    expect(await page.locator('.result').textContent()).toBe("White's time ran out: Black wins");
    expect(await page.locator('.clock-white .clock-time').textContent()).toBe('0:00.0');
    await shot(page, 'features-flag.png');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  // Deep tier only: it plays 12 seconds of clock in real time; time-manager.test.ts checks the
  // engine's budget per move by default.
  it.runIf(DEEP)(
    `the engine keeps to its clock: 12 seconds for ${ENGINE_CLOCK_MOVES} moves at level 10, its clock falling`,
    async () => {
      // At level 10 the engine thinks up to 3 s a move without a clock (levelMovetime), so it
      // would flag after a few moves. With the clock passed on it spends a share of what it has
      // left.
      const page = await open('/play/husun');
      await page.selectOption('#opponent', 'engine');
      await setValue(page, '#level', '10');
      await page.selectOption('#time-control', 'clock');
      await setValue(page, '#clock-minutes', '0.2');
      await setValue(page, '#clock-increment', '0');
      const ms = (text: string): number => {
        const [m, s] = text.split(':') as [string, string];
        return (Number(m) * 60 + Number(s)) * 1000;
      };
      const engineClock = async (): Promise<number> =>
        ms((await page.locator('.clock-black .clock-time').textContent()) ?? '');
      expect(await engineClock()).toBe(12_000);
      const random = mulberry32(7);
      const node = Position.start('husun');
      if (!node.ok) throw new Error(node.error);
      const pos = node.value;
      const seen: number[] = [];
      for (let n = 0; n < ENGINE_CLOCK_MOVES; n++) {
        const legal = pos.legalMoves();
        const move = legal[Math.floor(random() * legal.length)]!;
        await cell(page, move.from).click();
        await cell(page, move.to).click();
        pos.play(move.text);
        await engineAnsweredOrEnded(page, pos.history().length + 1);
        if (await page.locator('.result').isVisible()) break;
        const reply = (await moveTexts(page))[pos.history().length]!;
        const r = pos.play(reply);
        if (!r.ok) throw new Error(r.error);
        seen.push(await engineClock());
      }
      await shot(page, 'features-engine-clock.png');
      const result = (await page.locator('.result').isVisible())
        ? await page.locator('.result').textContent()
        : null;
      console.log(`engine clock after each move (ms): ${seen.join(' ')}; result: ${result}`);
      expect(result ?? '').not.toMatch(/Black's time ran out/);
      expect(seen.length).toBeGreaterThanOrEqual(result ? 10 : ENGINE_CLOCK_MOVES);
      for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeLessThanOrEqual(seen[i - 1]!);
      expect(seen[seen.length - 1]!).toBeLessThan(12_000);
      expect(seen[seen.length - 1]!).toBeGreaterThan(0);
      expect(page.errors).toEqual([]);
      await page.context().close();
    },
  );

  // Deep tier only: the default tier checks the analysis board's lines deepening and its
  // evaluation bar in analyse.test.ts; this one adds the way there from a game on the play page.
  it.runIf(DEEP)('analyses a position: evaluation bar and three lines that deepen', async () => {
    const page = await open('/play/chess');
    await page.selectOption('#opponent', 'human');
    await typeMove(page, 'e4');
    await typeMove(page, 'e5');
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();
    await page.waitForURL(/\/analyse\/chess\?fen=/);
    await page.waitForFunction(() => document.querySelectorAll('ol.lines li').length === 3);
    const depth = async (): Promise<number> =>
      Number(/Depth (\d+)/.exec((await page.locator('.depth').textContent()) ?? '')?.[1] ?? 0);
    const first = await depth();
    await page.waitForFunction(
      (d) =>
        Number(/Depth (\d+)/.exec(document.querySelector('.depth')?.textContent ?? '')?.[1] ?? 0) >
        d + 2,
      first,
      { timeout: 8000 },
    );
    const scores = await page.locator('.line-score').allTextContents();
    expect(scores).toHaveLength(3);
    for (const s of scores) expect(s).toMatch(/^([+−]\d+\.\d\d|0\.00|#−?\d+)$/);
    expect(await page.locator('.line-pv').first().textContent()).toMatch(/^2\. \S+/);
    const share = Number(await page.locator('.eval-bar').getAttribute('aria-valuenow'));
    expect(share).toBeGreaterThan(20);
    expect(share).toBeLessThan(80);
    await shot(page, 'features-analyse.png');
    // A move on the analysis board: the URL follows, the lines start over for the new position.
    await cell(page, 'g1').click();
    await cell(page, 'f3').click();
    await page.waitForURL(/fen=.*%20b%20/);
    await page.waitForFunction(() =>
      document.querySelector('.line-pv')?.textContent?.startsWith('2…'),
    );
    // A position given in the address: Black mates in one.
    await page.goto(
      web.app.base +
        '/analyse/chess?fen=' +
        encodeURIComponent('3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1'),
    );
    await page.waitForSelector('.cb-cell');
    await page.waitForFunction(() => document.querySelector('.line-score')?.textContent === '#−1');
    expect(await page.locator('.eval-bar').getAttribute('aria-valuenow')).toBe('0');
    await shot(page, 'features-analyse-mate.png');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('plays a whole game against the engine at level 1 (random moves for the human)', async () => {
    const page = await open('/play/shatranj');
    await page.selectOption('#opponent', 'engine');
    await setValue(page, '#level', '1');
    const random = mulberry32(20261123);
    const node = Position.start('shatranj');
    if (!node.ok) throw new Error(node.error);
    const pos = node.value;
    const MAX_MOVES = sampleSize(10, 90);
    let ended = false;
    for (let n = 0; n < MAX_MOVES; n++) {
      // Wait for the engine's answer (or the end).
      await engineAnsweredOrEnded(page, n === 0 ? 0 : pos.history().length + 1);
      const sans = await moveTexts(page);
      for (const san of sans.slice(pos.history().length)) {
        const r = pos.play(san);
        if (!r.ok) throw new Error(r.error);
      }
      if (await page.locator('.result').isVisible()) {
        ended = true;
        break;
      }
      const legal = pos.legalMoves();
      const move = legal[Math.floor(random() * legal.length)]!;
      await cell(page, move.from).click();
      await cell(page, move.to).click();
      if (await page.locator('.chooser').count())
        await page.locator('.chooser .choice').first().click();
      pos.play(move.text);
      await page.waitForFunction(
        (k) => document.querySelectorAll('ol.moves li').length >= k,
        pos.history().length,
      );
    }
    // The engine's answer to the last move may end the game itself: waited for, then looked at.
    if (!ended) {
      await engineAnsweredOrEnded(page, pos.history().length + 1);
      ended = await page.locator('.result').isVisible();
    }
    if (!ended) {
      await page.getByRole('button', { name: 'Resign' }).click();
      await page.locator('.confirm-dialog').getByRole('button', { name: 'Resign' }).click();
    }
    // The result line is drawn once the confirmation dialog has handed the resignation over.
    await page.locator('.result').waitFor({ state: 'visible' });
    const result = (await page.locator('.result').textContent()) ?? '';
    console.log(
      `level-1 game: ${pos.history().length} plies, ${ended ? 'ended' : 'resigned'}: ${result}`,
    );
    expect(result).toMatch(/(wins|draw)/);
    expect(await page.locator('.status').textContent()).toBe('Game over');
    await shot(page, 'features-full-game.png');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
