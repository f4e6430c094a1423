/**
 * The online game page's own moves and its safety, in chromium through the real server, against
 * an opponent that is a program calling the HTTP API: abort and resign ask first (Cancel sends
 * nothing); a premove set during the opponent's turn is sent the moment the opponent's move
 * arrives, dropped when that move made it illegal, and not offered once premoves are switched off
 * in the settings; a correspondence move waits for "Confirm move" (Cancel and Escape put the
 * position back) while a live one goes at once; and the opponent's moves are said in words in a
 * live region.
 */
import type { CreateGameResponse, GameState, TimeControl } from '@citadel/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, shot, type PageWithErrors } from './harness.ts';
import { startOnlineApp, type OnlineApp } from './online-server.ts';

let app: OnlineApp;
beforeAll(async () => {
  app = await startOnlineApp('citadel-online-moves-');
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const LIVE: TimeControl = { initial: 600, increment: 0 };

/** A request to the server as a program makes it: JSON in and out, with a seat token. */
async function call<T>(path: string, body?: unknown, token?: string): Promise<T> {
  const r = await fetch(`${app.base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

interface Table {
  readonly page: PageWithErrors;
  /** The program's seat: Black. */
  readonly opponent: CreateGameResponse;
  /** The opponent (the program) plays `move`. */
  readonly reply: (move: string) => Promise<void>;
  /** The game as the server has it. */
  readonly server: () => Promise<GameState>;
}

/** A chess game under `clock` that a program opens as Black; `page` opens it and takes White. */
async function sitDown(page: PageWithErrors, clock: TimeControl): Promise<Table> {
  const opponent = await call<CreateGameResponse>('/api/games', {
    variant: 'chess',
    color: 'black',
    clock,
  });
  const id = opponent.id;
  await page.goto(`${app.base}/game/${id}`);
  await statusSays(page, /^Your move \(White\)/);
  return {
    page,
    opponent,
    reply: async (move) => {
      await call(`/api/games/${id}/moves`, { move }, opponent.seat.token);
    },
    server: () => call<GameState>(`/api/games/${id}`),
  };
}

async function statusSays(page: Page, pattern: RegExp): Promise<void> {
  await page.waitForFunction(
    (source) => new RegExp(source).test(document.querySelector('.status')?.textContent ?? ''),
    pattern.source,
  );
}

async function clickMove(page: Page, from: string, to: string): Promise<void> {
  await page.locator(`.cb-cell[data-square="${from}"]`).click();
  await page.locator(`.cb-cell[data-square="${to}"]`).click();
}

const movesShown = (page: Page) => page.locator('ol.moves li').count();
const said = (page: Page) => page.locator('.move-announcer').textContent();

describe('online moves', () => {
  it('asks before aborting and resigning, and Cancel sends nothing', async () => {
    const page = await newPage(app.browser, { viewport: DESKTOP });
    const first = await sitDown(page, LIVE);
    const dialog = (name: string) => page.getByRole('dialog', { name });

    await page.getByRole('button', { name: 'Abort' }).click();
    await dialog('Abort this game?').getByRole('button', { name: 'Cancel' }).click();
    await dialog('Abort this game?').waitFor({ state: 'detached' });
    // A move sent after the answer reaches the server behind anything sent before it.
    await clickMove(page, 'e2', 'e4');
    await expect.poll(async () => (await first.server()).moves).toEqual(['e2e4']);
    expect((await first.server()).status).toBe('started');
    await first.reply('e7e5');
    await statusSays(page, /^Your move/);

    await page.getByRole('button', { name: 'Resign' }).click();
    await shot(page, 'online-resign-question-1280.png');
    await dialog('Resign this game?').getByRole('button', { name: 'Cancel' }).click();
    await clickMove(page, 'g1', 'f3');
    await expect.poll(async () => (await first.server()).moves.length).toBe(3);
    expect((await first.server()).status).toBe('started');

    await page.getByRole('button', { name: 'Resign' }).click();
    await dialog('Resign this game?').getByRole('button', { name: 'Resign' }).click();
    await expect.poll(async () => (await first.server()).status).toBe('ended');
    expect((await first.server()).reason).toBe('resign');
    expect((await first.server()).result).toBe('0-1');
    await page.locator('.result:not([hidden])').waitFor();

    // A new game, aborted before White's first move once the player says so.
    const second = await sitDown(page, LIVE);
    await page.getByRole('button', { name: 'Abort' }).click();
    await dialog('Abort this game?').getByRole('button', { name: 'Abort' }).click();
    await expect.poll(async () => (await second.server()).status).toBe('ended');
    expect((await second.server()).reason).toBe('abort');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('sends a premove once the opponent has moved, drops an illegal one, and none when switched off', async () => {
    const page = await newPage(app.browser, { viewport: DESKTOP });
    const t = await sitDown(page, LIVE);
    const premoveShown = () => page.locator('.cb-cell.cb-premove').count();

    // A live game: the move goes at once, without a question.
    await clickMove(page, 'e2', 'e4');
    await expect.poll(async () => (await t.server()).moves).toEqual(['e2e4']);
    expect(await page.locator('.move-confirm').isHidden()).toBe(true);

    // e4-e5, set during Black's turn, is blocked by Black's e5: dropped, nothing sent.
    await clickMove(page, 'e4', 'e5');
    await statusSays(page, /premove e4-e5$/);
    await t.reply('e7e5');
    await statusSays(page, /^Your move/);
    expect(await said(page)).toBe('Black: pawn from e7 to e5');
    expect(await premoveShown()).toBe(0);
    await clickMove(page, 'g1', 'f3');
    await expect.poll(async () => (await t.server()).moves.length).toBe(3);

    // Bf1-c4, set during Black's turn, is played as soon as Black's knight has moved.
    await clickMove(page, 'f1', 'c4');
    await statusSays(page, /premove f1-c4$/);
    await shot(page, 'online-premove-1280.png');
    await t.reply('b8c6');
    await expect
      .poll(async () => (await t.server()).moves)
      .toEqual(['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4']);
    await page.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 5);
    expect(await said(page)).toBe('Black: knight from b8 to c6');
    expect(await premoveShown()).toBe(0);

    // Premoves switched off in the settings: a piece cannot be set up during Black's turn.
    await page.getByRole('button', { name: 'Appearance and game behaviour' }).click();
    const settings = page.getByRole('dialog', { name: 'Appearance and game behaviour' });
    await settings.getByRole('checkbox', { name: /^Premoves/ }).uncheck();
    await settings.getByRole('button', { name: 'Done' }).click();
    await clickMove(page, 'd2', 'd3');
    expect(await page.locator('.status').textContent()).not.toContain('premove');
    expect(await premoveShown()).toBe(0);
    await t.reply('g8f6');
    await statusSays(page, /^Your move/);
    expect(await said(page)).toBe('Black: knight from g8 to f6');
    await clickMove(page, 'b1', 'c3');
    await expect.poll(async () => (await t.server()).moves.slice(6)).toEqual(['b1c3']);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('holds a correspondence move until it is confirmed; Cancel and Escape put it back', async () => {
    const page = await newPage(app.browser, { viewport: PHONE });
    const t = await sitDown(page, { daysPerMove: 3 });
    const confirm = page.getByRole('group', { name: 'Confirm your move' });

    await clickMove(page, 'e2', 'e4');
    await confirm.waitFor();
    expect(await movesShown(page)).toBe(1);
    await statusSays(page, /^Confirm or cancel your move e4$/);
    // The keyboard is on "Confirm move", which the phone's first screen shows.
    const focused = page.getByRole('button', { name: 'Confirm move' });
    await expect(focused.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    const box = await focused.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    await shot(page, 'online-confirm-move-390.png');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await movesShown(page)).toBe(0);
    await expect(
      page.locator('.cb-cell[data-square="e2"]').getAttribute('aria-label'),
    ).resolves.toMatch(/white pawn/);

    // Another move, confirmed with Enter: the server gets it as White's first move.
    await clickMove(page, 'd2', 'd4');
    await confirm.waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await t.server()).moves).toEqual(['d2d4']);
    await confirm.waitFor({ state: 'hidden' });

    // Escape takes a held move back as Cancel does.
    await t.reply('d7d5');
    await statusSays(page, /^Your move/);
    await clickMove(page, 'c2', 'c4');
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect(await movesShown(page)).toBe(2);
    expect((await t.server()).moves).toEqual(['d2d4', 'd7d5']);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
