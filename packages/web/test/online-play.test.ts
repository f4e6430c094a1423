/**
 * Online play in real browsers through the real server: one player creates a game from the play
 * page's "Play a friend online", a second opens the invitation link on a phone-sized window and
 * takes the free seat, a third watches. They play a whole game to checkmate by clicking the
 * board, the second reloading mid-game; the spectator sees every move. Then a rematch is agreed
 * and drawn by agreement with the game page's buttons, and the lobby takes a challenge with one
 * click. A bot account's challenge carries the BOT mark in the lobby, on the board and on its
 * profile. The lobby page is pushed its changes, and so is "My games" (a join, a move made in
 * another browser, the end), the keyboard's place in it kept. A late accepter is told in the lobby
 * that someone else took the challenge first. A player whose move found the server down is told
 * so, and no longer once the server is back, while "My games" says it is reconnecting and then
 * follows the game again. A player whose draw offer or takeback request is declined is told so in
 * words.
 */
import type { CreateGameResponse, GameState, LobbyResponse } from '@citadel/protocol';
import type { BrowserContext, Page } from 'playwright-core';
import { DEEP } from '@citadel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot, newContext } from './harness.ts';
import { startOnlineApp, type OnlineApp } from './online-server.ts';

let app: OnlineApp;
beforeAll(async () => {
  app = await startOnlineApp('citadel-online-');
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function newPage(size: {
  width: number;
  height: number;
}): Promise<Page & { errors: string[] }> {
  const ctx: BrowserContext = await newContext(app.browser, { viewport: size });
  const page = (await ctx.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

const movesShown = (page: Page) => page.locator('ol.moves li').allTextContents();
/** Waits until the game page's connection line matches `pattern`. */
async function connectionSays(page: Page, pattern: RegExp): Promise<void> {
  await page.waitForFunction(
    (source) => new RegExp(source).test(document.querySelector('.connection')?.textContent ?? ''),
    pattern.source,
  );
}

async function waitForMoves(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (count) => document.querySelectorAll('ol.moves li').length === count,
    n,
  );
}

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

async function clickMove(page: Page, from: string, to: string): Promise<void> {
  await page.locator(`.cb-cell[data-square="${from}"]`).click();
  await page.locator(`.cb-cell[data-square="${to}"]`).click();
}

/** Clicks a move in a game without a clock, where a move waits for "Confirm move" (the default). */
async function clickAndConfirm(page: Page, from: string, to: string): Promise<void> {
  await clickMove(page, from, to);
  await page.getByRole('button', { name: 'Confirm move' }).click();
}

/** Resigns, answering the question it asks first. */
async function resign(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Resign' }).click();
  await page
    .getByRole('dialog', { name: 'Resign this game?' })
    .getByRole('button', { name: 'Resign' })
    .click();
}

describe('online play', () => {
  it('two players play a whole game, one reloading, while a third watches', async () => {
    const white = await newPage(DESKTOP);
    await white.goto(`${app.base}/play/chess`);
    await white.getByText('Play a friend online').click();
    const form = white.locator('.online-entry form');
    await form.locator('select').first().selectOption('chess');
    await form.locator('select[id$="-color"]').selectOption('white');
    await form.getByRole('button', { name: 'Create the game' }).click();
    await white.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
    const link = await white.locator('#invite-link').inputValue();
    expect(link).toBe(white.url());
    await white.waitForSelector('.cb-cell');
    expect(await white.locator('.status').textContent()).toContain('Waiting for an opponent');
    await shot(white, 'online-waiting-1280.png');

    const black = await newPage(PHONE);
    await black.goto(link);
    await black.waitForSelector('.seat-bar');
    await black.waitForFunction(() =>
      document.querySelector('.status')?.textContent?.includes('Waiting for White'),
    );
    const watcher = await newPage(DESKTOP);
    await watcher.goto(link);
    await watcher.waitForFunction(() =>
      document.querySelector('.status')?.textContent?.includes('watching'),
    );
    // Both players are shown connected to everyone.
    await white.waitForFunction(
      () => document.querySelectorAll('.presence-dot.online').length === 2,
    );
    await white.waitForFunction(() => document.title.startsWith('● Your move'));
    // Until White's first move the server's abort deadline counts down for both players.
    await white.waitForFunction(() =>
      /^Make your first move within \d+ s, or the game is aborted\.$/.test(
        document.querySelector('.first-move-note')?.textContent ?? '',
      ),
    );
    expect(await black.locator('.first-move-note').textContent()).toMatch(
      /^White has \d+ s to make a first move/,
    );
    await shot(black, 'online-first-move-390.png');

    // Fool's mate: 1. f3 e5 2. g4 Qh4#, black reloading after the first move pair.
    await clickMove(white, 'f2', 'f3');
    await waitForMoves(watcher, 1);
    await white.waitForFunction(() =>
      /^Black has \d+ s/.test(document.querySelector('.first-move-note')?.textContent ?? ''),
    );
    await black.waitForFunction(() => document.title.startsWith('● Your move'));
    await clickMove(black, 'e7', 'e5');
    await waitForMoves(watcher, 2);
    await black.reload();
    await waitForMoves(black, 2);
    expect(await white.locator('.first-move-note').isHidden()).toBe(true);
    await clickMove(white, 'g2', 'g4');
    await waitForMoves(black, 3);
    await shot(black, 'online-game-390.png');
    await clickMove(black, 'd8', 'h4');
    for (const page of [white, black, watcher]) {
      await waitForMoves(page, 4);
      await page.waitForFunction(() => !document.querySelector('.result')?.hasAttribute('hidden'));
      expect(await page.locator('.result').textContent()).toMatch(/checkmate/i);
    }
    expect(await movesShown(watcher)).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
    await shot(white, 'online-game-over-1280.png');

    // Rematch, then a draw offered, cancelled, offered again and agreed, through the buttons.
    await white.getByRole('button', { name: 'Rematch' }).click();
    await black.getByRole('button', { name: 'Accept rematch' }).click();
    await black.waitForURL((u) => u.toString() !== link);
    await white.getByRole('button', { name: 'Go to the rematch' }).click();
    await white.waitForURL(black.url());
    await white.waitForSelector('.online-actions');
    // Colours swap: `black`'s page plays White now. It offers a draw, withdraws it, offers it
    // again and moves: the offer still stands for the opponent, who accepts it.
    await black.getByRole('button', { name: 'Offer draw' }).click();
    await white.getByRole('button', { name: 'Accept draw' }).waitFor();
    await black.getByRole('button', { name: 'Cancel draw offer' }).click();
    await white.getByRole('button', { name: 'Accept draw' }).waitFor({ state: 'detached' });
    await black.getByRole('button', { name: 'Offer draw' }).click();
    await white.getByRole('button', { name: 'Accept draw' }).waitFor();
    await clickMove(black, 'e2', 'e4');
    await waitForMoves(white, 1);
    await white.getByRole('button', { name: 'Accept draw' }).click();
    for (const page of [white, black]) {
      await page.waitForFunction(() =>
        /agree/i.test(document.querySelector('.result')?.textContent ?? ''),
      );
    }
    for (const page of [white, black, watcher]) expect(page.errors).toEqual([]);
  });

  it('the lobby lists a challenge that another player accepts with one click', async () => {
    const host = await newPage(DESKTOP);
    await host.goto(`${app.base}/lobby`);
    const form = host.locator('.lobby-create form');
    await form.locator('input[value="correspondence"]').check();
    await form.getByRole('button', { name: 'Post the challenge' }).click();
    await host.waitForURL(/\/game\//);
    const id = host.url().split('/').pop()!;
    const guest = await newPage(PHONE);
    await guest.goto(`${app.base}/lobby`);
    const row = guest.locator(`li[data-game="${id}"]`);
    await row.waitFor();
    await shot(guest, 'online-lobby-390.png');
    await row.getByRole('button', { name: 'Accept' }).click();
    await guest.waitForURL(`${app.base}/game/${id}`);
    await host.waitForFunction(
      () => document.querySelectorAll('.presence-dot.online').length === 2,
    );
    expect(await host.locator('.online-title').textContent()).toContain('days a move');
    // A bot account's challenge, posted by a program: the lobby, the board and the profile mark
    // its player BOT, named "Bot" for assistive technology.
    const registered = await fetch(`${app.base}/api/accounts/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'gearbox', password: 'engine of gears', bot: true }),
    });
    expect(registered.status).toBe(201);
    const botGame = await fetch(`${app.base}/api/games`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: registered.headers.getSetCookie()[0]!.split(';')[0]!,
      },
      body: JSON.stringify({ variant: 'chess', color: 'white', lobby: true }),
    });
    const { id: botId } = (await botGame.json()) as { id: string };
    const lobbyView = await newPage(DESKTOP);
    await lobbyView.goto(`${app.base}/lobby`);
    const botRow = lobbyView.locator(`li[data-game="${botId}"]`);
    await botRow.getByRole('img', { name: 'Bot' }).waitFor();
    await expect(botRow.locator('.game-players').textContent()).resolves.toBe(
      'BOT gearbox (1500) – open seat',
    );
    await shot(lobbyView, 'online-lobby-1280.png');
    await botRow.locator('a.game-link').click();
    const botSeat = lobbyView.locator('.seat-bar[data-color="white"]');
    await botSeat.getByRole('img', { name: 'Bot' }).waitFor();
    await expect(botSeat.getAttribute('aria-label')).resolves.toMatch(/^White: BOT gearbox /);
    await shot(lobbyView, 'online-bot-seat-1280.png');
    await botSeat.getByRole('link', { name: 'gearbox' }).click();
    await lobbyView.getByRole('heading', { name: 'Bot gearbox' }).waitFor();
    expect(host.errors.concat(guest.errors, lobbyView.errors)).toEqual([]);
  });

  it("pages a player's games by the archive's cursor: Older games reads the next page", async () => {
    // An account with 33 finished games: the profile shows 30, then the 3 older ones.
    const registered = await fetch(`${app.base}/api/accounts/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'pager', password: 'pages of games' }),
    });
    const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
    const ids: string[] = [];
    for (let n = 0; n < 33; n++) {
      const made = await fetch(`${app.base}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ variant: 'chess', color: 'white' }),
      });
      const game = (await made.json()) as CreateGameResponse;
      const black = await call<{ seat: { token: string } }>(`/api/games/${game.id}/join`, {});
      await call(`/api/games/${game.id}/moves`, { move: 'e2e4' }, game.seat.token);
      await call(`/api/games/${game.id}/resign`, {}, black.seat.token);
      ids.push(game.id);
    }
    const page = await newPage(PHONE);
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/archive') asked.push(url.search);
    });
    await page.goto(`${app.base}/player/pager`);
    const rows = page.locator('ul[aria-label="Recent games"] li[data-game]');
    await expect.poll(() => rows.count()).toBe(30);
    const older = page.getByRole('button', { name: 'Older games' });
    await older.click();
    await expect.poll(() => rows.count()).toBe(33);
    await older.waitFor({ state: 'hidden' });
    // Newest first, each game once; the keyboard on the first game read with the older page.
    const shown = await rows.evaluateAll((li) => li.map((e) => e.getAttribute('data-game')));
    expect(shown).toEqual([...ids].reverse());
    await expect(
      page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-game')),
    ).resolves.toBe(ids[2]);
    expect(asked).toHaveLength(2);
    expect(asked[1]).toMatch(/[?&]before=\d+&beforeId=[\w-]+/);
    expect(asked.join()).not.toMatch(/offset|skip|page=/);
    await shot(page, 'online-player-pages-390.png', { fullPage: true });
    expect(page.errors).toEqual([]);
  });

  it('the lobby page is pushed each challenge posted and taken, without asking again', async () => {
    const page = await newPage(DESKTOP);
    const asked: string[] = [];
    page.on(
      'request',
      (r) => void (new URL(r.url()).pathname === '/api/lobby' && asked.push(r.url())),
    );
    await page.goto(`${app.base}/lobby`);
    // The first list drawn (the challenges open now, or none).
    await page.locator('ul[aria-label="Live challenges"] li').first().waitFor();
    const posted = await call<CreateGameResponse>('/api/games', { variant: 'chess', lobby: true });
    const held = new AbortController();
    await fetch(`${app.base}/api/games/${posted.id}/stream`, {
      headers: { authorization: `Bearer ${posted.seat.token}` },
      signal: held.signal,
    });
    const row = page.locator(`li[data-game="${posted.id}"]`);
    await row.waitFor();
    await call(`/api/games/${posted.id}/join`, {});
    await row.waitFor({ state: 'detached' });
    expect(asked).toEqual([]);
    expect(page.errors).toEqual([]);
    held.abort();
  });

  it('"My games" shows a join, a move made in another browser and the end at once, without asking again', async () => {
    // A player creates a game as Black from the play page, then opens "My games" on a phone.
    const mine = await newPage(PHONE);
    await mine.goto(`${app.base}/play/chess`);
    await mine.getByText('Play a friend online').click();
    const form = mine.locator('.online-entry form');
    await form.locator('select').first().selectOption('chess');
    await form.locator('select[id$="-color"]').selectOption('black');
    await form.getByRole('button', { name: 'Create the game' }).click();
    await mine.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
    const link = mine.url();
    const id = link.split('/').pop()!;
    const asked: string[] = [];
    mine.on(
      'request',
      (r) => void (new URL(r.url()).pathname === '/api/my-games' && asked.push(r.url())),
    );
    await mine.goto(`${app.base}/games`);
    const row = mine.locator(`ul[aria-label="Games in progress"] li[data-game="${id}"]`);
    const note = (text: string) => row.locator('.game-note', { hasText: text }).waitFor();
    await note('waiting for an opponent');
    // The keyboard rests on the game's link while the list changes around it.
    await row.locator('a.game-link').focus();
    const focusedOnGame = () =>
      mine.evaluate(
        (gameId) =>
          document.activeElement?.matches(`li[data-game="${gameId}"] a.game-link`) ?? false,
        id,
      );

    // Another browser opens the link (taking White) and moves.
    const opponent = await newPage(DESKTOP);
    await opponent.goto(link);
    await note("opponent's move");
    await opponent.waitForFunction(() => document.title.startsWith('● Your move'));
    await clickMove(opponent, 'e2', 'e4');
    await note('your move');
    expect(await focusedOnGame()).toBe(true);
    await shot(mine, 'online-my-games-390.png', { fullPage: true });
    await resign(opponent);
    await mine.locator(`ul[aria-label="My finished games"] li[data-game="${id}"]`).waitFor();
    await row.waitFor({ state: 'detached' });
    // Told, never asked: the page did not poll the list.
    expect(asked).toEqual([]);

    // Where the socket cannot be had, the list is asked for once, and the page quietly tries again.
    const cut = await mine.context().newPage();
    let tries = 0;
    await cut.routeWebSocket('**/api/my-games/socket?*', (ws) => {
      tries++;
      void ws.close();
    });
    const askedCut: string[] = [];
    cut.on(
      'request',
      (r) => void (new URL(r.url()).pathname === '/api/my-games' && askedCut.push(r.url())),
    );
    await cut.goto(`${app.base}/games`);
    await cut.locator(`ul[aria-label="My finished games"] li[data-game="${id}"]`).waitFor();
    await cut
      .getByRole('status')
      .filter({ hasText: /reconnecting/i })
      .waitFor();
    await expect.poll(() => tries).toBeGreaterThanOrEqual(3);
    expect(askedCut).toHaveLength(1);
    expect(mine.errors.concat(opponent.errors)).toEqual([]);
  });

  // Deep tier only, as are the next two: the pages' words for a late accept, a lost server and a
  // declined offer. The default tier plays the whole game, the lobby and "My games" (with its
  // reconnecting note) above; the server's suites check the refusals behind these words.
  it.runIf(DEEP)(
    'tells a late accepter in the page that someone else took the challenge first',
    async () => {
      // A program posts a challenge and holds its stream (it stays in the lobby).
      const posted = await call<CreateGameResponse>('/api/games', {
        variant: 'chess',
        lobby: true,
      });
      const held = new AbortController();
      await fetch(`${app.base}/api/games/${posted.id}/stream`, {
        headers: { authorization: `Bearer ${posted.seat.token}` },
        signal: held.signal,
      });
      // The late accepter's list is read before someone else takes the challenge, and stays so.
      const before = await call<LobbyResponse>('/api/lobby');
      const late = await newPage(PHONE);
      await late.route('**/api/lobby/stream?*', (route) =>
        route.fulfill({
          contentType: 'text/event-stream',
          body: `data: ${JSON.stringify({ type: 'lobby', games: before.games })}\n\n`,
        }),
      );
      await late.goto(`${app.base}/lobby`);
      const row = late.locator(`li[data-game="${posted.id}"]`);
      await row.waitFor();
      await call(`/api/games/${posted.id}/join`, {});
      await row.getByRole('button', { name: 'Accept' }).click();
      await late
        .getByRole('alert')
        .filter({ hasText: 'Someone else accepted this challenge first.' })
        .waitFor();
      expect(late.url()).toBe(`${app.base}/lobby`);
      // The next list leaves the sentence in place.
      await late.waitForResponse('**/api/lobby/stream?*');
      expect(await late.getByRole('alert').textContent()).toContain('Someone else accepted');
      expect(late.errors).toEqual([]);
      held.abort();
    },
  );

  it.runIf(DEEP)('takes "the server cannot be reached" away once the server is back', async () => {
    // No clock: no first-move deadline runs out while the server is down.
    const made = await call<CreateGameResponse>('/api/games', { variant: 'chess', color: 'white' });
    const page = await newPage(DESKTOP);
    await page.goto(`${app.base}/game/${made.id}`); // takes the free seat: Black
    await connectionSays(page, /^Connected/);
    await call(`/api/games/${made.id}/moves`, { move: 'e2e4' }, made.seat.token);
    await waitForMoves(page, 1);
    // "My games" in another tab of the same browser follows the game too.
    const list = await page.context().newPage();
    await list.goto(`${app.base}/games`);
    const note = (text: string) =>
      list.locator(`li[data-game="${made.id}"] .game-note`, { hasText: text }).waitFor();
    await note('your move');
    // The game's tab in front again (a tab behind runs its timers slowly).
    await page.bringToFront();
    const reconnecting = list.getByRole('status').filter({ hasText: /reconnecting/i });
    await app.restart(async () => {
      await connectionSays(page, /^Connection lost/);
      await reconnecting.waitFor();
      // A move meanwhile goes over HTTP, which nothing answers.
      await clickAndConfirm(page, 'e7', 'e5');
      await page.waitForFunction(
        () => document.querySelector('.status')?.textContent === 'The server cannot be reached.',
      );
    });
    // The socket connects again and the server's state comes: the message goes.
    await connectionSays(page, /^Connected/);
    await page.waitForFunction(() =>
      document.querySelector('.status')?.textContent?.startsWith('Your move'),
    );
    expect(await movesShown(page)).toEqual(['e4']);
    await clickAndConfirm(page, 'e7', 'e5');
    await waitForMoves(page, 2);
    // Its socket connected again by itself: the move shows there.
    await note("opponent's move");
    await reconnecting.waitFor({ state: 'detached' });
    expect(page.errors).toEqual([]);
  });

  it.runIf(DEEP)(
    'tells a player in words that the opponent declined the draw offer or the takeback',
    async () => {
      const made = await call<CreateGameResponse>('/api/games', {
        variant: 'chess',
        color: 'black',
      });
      const page = await newPage(DESKTOP);
      await page.goto(`${app.base}/game/${made.id}`); // takes the free seat: White
      const offered = (kind: 'draw' | 'takeback') =>
        expect.poll(async () => (await call<GameState>(`/api/games/${made.id}`)).offers[kind]);
      const said = (text: string) => page.getByRole('status').filter({ hasText: text });
      await page.getByRole('button', { name: 'Offer draw' }).click();
      await offered('draw').toBe('white');
      await call(`/api/games/${made.id}/draw`, { action: 'decline' }, made.seat.token);
      await said('Your opponent declined your draw offer.').waitFor();
      await clickAndConfirm(page, 'e2', 'e4');
      await said('Your opponent declined').waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await call<GameState>(`/api/games/${made.id}`)).moves.length)
        .toBe(1);
      await call(`/api/games/${made.id}/moves`, { move: 'e7e5' }, made.seat.token);
      await waitForMoves(page, 2);
      await page.getByRole('button', { name: 'Ask takeback' }).click();
      await offered('takeback').toBe('white');
      await call(`/api/games/${made.id}/takeback`, { action: 'decline' }, made.seat.token);
      await said('Your opponent declined your takeback request.').waitFor();
      expect(await page.locator('.offer-note').getAttribute('aria-live')).toBe('polite');
      expect(page.errors).toEqual([]);
    },
  );
});
