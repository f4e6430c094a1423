/**
 * Arenas in real browsers through the real server: Ann makes an arena from /tournaments (a clock
 * too slow for its length is refused first, in the server's words); a guest watches its page;
 * Ann and Bob join from the tournament page and are paired, each page playing the start sound and
 * opening the game by itself; on the game page, the way back to the tournament and Berserk before
 * the first move (no abort, no "Give 15 s"); a move each, then Black withdraws and resigns, and the
 * guest's page shows the new standings without a reload, as the players' pages do when they go
 * back. Both pages pass axe, at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { newPage, shot, type PageWithErrors } from './harness.ts';
import { startOnlineApp, type OnlineApp } from './online-server.ts';

let app: OnlineApp;
beforeAll(async () => {
  app = await startOnlineApp('citadel-tournaments-');
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A page whose context is signed in as `name`, registered through the API. */
async function player(name: string, viewport: typeof DESKTOP): Promise<PageWithErrors> {
  const page = await newPage(app.browser, { viewport });
  const r = await page.context().request.post(`${app.base}/api/accounts/register`, {
    data: { username: name, password: 'correct horse' },
  });
  expect(r.status()).toBe(201);
  return page;
}

/** The standings row of `name` on `page`: its score and games cells as text. */
async function row(page: Page, name: string): Promise<string[]> {
  const tr = page.locator(`.standings-table tr[data-player="${name}"]`);
  return [await tr.locator('td.score').innerText(), await tr.locator('td').nth(3).innerText()];
}

/** Waits until `name`'s score on `page` is `score`. */
async function scoreIs(page: Page, name: string, score: string): Promise<void> {
  await page.waitForFunction(
    ([n, s]) =>
      document.querySelector(`.standings-table tr[data-player="${n}"] td.score strong`)
        ?.textContent === s,
    [name, score],
  );
}

describe('arenas', () => {
  it('make an arena, join, get paired into a game, and see the standings pushed', async () => {
    const ann = await player('ann', DESKTOP);
    const bob = await player('bob', PHONE);

    // Ann makes an arena; a 10+5 clock in 5 minutes is refused in the server's words.
    await ann.goto(`${app.base}/tournaments`);
    const form = ann.locator('form.tournament-form');
    await form.waitFor();
    await form.getByLabel('Name').fill('Friday blitz');
    await form.getByLabel('Variant').selectOption('chess');
    await form.getByLabel('Clock (min)').fill('10');
    await form.getByLabel('Increment (s)').fill('5');
    await form.getByLabel('Length (min)').fill('5');
    await form.getByRole('button', { name: 'Create the arena' }).click();
    await ann.waitForFunction(() =>
      /longer than a 5-minute arena/.test(
        document.querySelector('form.tournament-form .form-error')?.textContent ?? '',
      ),
    );
    expect(await axeViolations(ann)).toEqual([]);
    await shot(ann, 'tournaments-form-error-1280.png', { fullPage: true });
    await form.getByLabel('Clock (min)').fill('1');
    await form.getByLabel('Increment (s)').fill('0');
    await form.getByRole('button', { name: 'Create the arena' }).click();
    await ann.waitForURL(/\/tournament\/[\w-]+$/);
    const url = ann.url();
    await expect(ann.locator('h1').innerText()).resolves.toBe('Friday blitz');
    await expect(ann.locator('.tournament-clock').innerText()).resolves.toMatch(/^[45]:\d\d left$/);

    // A guest watches: asked to sign in to join; nobody in yet.
    const watcher = await newPage(app.browser, { viewport: DESKTOP });
    await watcher.goto(url);
    await watcher.getByRole('button', { name: 'Sign in to join' }).waitFor();
    await watcher.getByText('Nobody has joined yet.').waitFor();

    // Ann joins: the guest's standings show her at once.
    await ann.getByRole('button', { name: 'Join', exact: true }).click();
    await ann.getByRole('button', { name: 'Withdraw' }).waitFor();
    await watcher.locator('tr[data-player="ann"]').waitFor();

    // Bob joins on his phone: both are paired, and each page opens the game by itself.
    await bob.goto(url);
    await shot(bob, 'tournament-before-join-390.png', { fullPage: true });
    await bob.getByRole('button', { name: 'Join', exact: true }).click();
    await ann.waitForURL(/\/game\//);
    await bob.waitForURL(ann.url());
    for (const p of [ann, bob])
      expect(await p.evaluate(() => window.citadelSounds?.map((s) => s.name))).toContain('start');
    const gameId = ann.url().split('/').pop()!;
    await watcher.locator(`.tournament-games li[data-game="${gameId}"]`).waitFor();

    // Who has White, from the server.
    const state = (await (
      await ann.context().request.get(`${app.base}/api/games/${gameId}`)
    ).json()) as {
      players: { white: { name: string } };
    };
    const [white, black] = state.players.white.name === 'ann' ? [ann, bob] : [bob, ann];
    const blackName = white === ann ? 'bob' : 'ann';
    const whiteName = white === ann ? 'ann' : 'bob';

    // The game page: back to the tournament, Berserk before the first move, no abort or added time.
    await white.getByRole('link', { name: 'Back to the tournament' }).waitFor();
    await white.getByRole('button', { name: 'Berserk' }).click();
    await white.waitForFunction(() =>
      document.querySelector('.online-title')?.textContent?.includes('berserk: you'),
    );
    await expect(white.getByRole('button', { name: 'Berserk' }).count()).resolves.toBe(0);
    for (const p of [white, black]) {
      await expect(p.getByRole('button', { name: /^Give/ }).count()).resolves.toBe(0);
      await expect(p.getByRole('button', { name: 'Abort' }).count()).resolves.toBe(0);
    }
    await expect(white.locator('.first-move-note').innerText()).resolves.toMatch(/or you lose it/);
    await shot(black, `tournament-game-${black === bob ? 390 : 1280}.png`);
    await white.locator('.cb-cell[data-square="e2"]').click();
    await white.locator('.cb-cell[data-square="e4"]').click();
    await black.waitForFunction(() => document.title.startsWith('● Your move'));
    await black.locator('.cb-cell[data-square="e7"]').click();
    await black.locator('.cb-cell[data-square="e5"]').click();

    // Black withdraws (no more pairings) and resigns: the guest's standings change by themselves.
    const withdrawn = await black
      .context()
      .request.post(`${app.base}/api/tournaments/${url.split('/').pop()}/withdraw`, { data: {} });
    expect(withdrawn.status()).toBe(200);
    await black.getByRole('button', { name: 'Resign' }).click();
    await black
      .getByRole('dialog', { name: 'Resign this game?' })
      .getByRole('button', { name: 'Resign' })
      .click();
    await scoreIs(watcher, whiteName, '2');
    expect(await row(watcher, whiteName)).toEqual(['2', '1 (1/0/0)']);
    expect(await row(watcher, blackName)).toEqual(['0', '1 (0/0/1)']);
    await watcher
      .locator(`.standings-table tr[data-player="${blackName}"] .row-tag`, { hasText: 'withdrawn' })
      .waitFor();
    await watcher.locator(`ul[aria-label="Finished games"] li[data-game="${gameId}"]`).waitFor();
    expect(await axeViolations(watcher)).toEqual([]);
    await shot(watcher, 'tournament-standings-1280.png', { fullPage: true });

    // Back on the tournament page, each player sees the standings, their own row marked.
    for (const p of [white, black]) {
      await p.getByRole('link', { name: 'Back to the tournament' }).click();
      await p.waitForURL(url);
    }
    await scoreIs(white, whiteName, '2');
    await white.locator('tr.me', { hasText: whiteName }).waitFor();
    await black.getByRole('button', { name: 'Join again' }).waitFor();
    const phone = bob;
    await scoreIs(phone, whiteName, '2');
    expect(await axeViolations(phone)).toEqual([]);
    // Nothing is wider than the phone.
    await expect(phone.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(390);
    await shot(phone, 'tournament-standings-390.png', { fullPage: true });
    await phone.goto(`${app.base}/tournaments`);
    await phone
      .locator('ul[aria-label="Running tournaments"] li', { hasText: 'Friday blitz' })
      .waitFor();
    await shot(phone, 'tournaments-390.png', { fullPage: true });
    // Ann's browser logs the refused arena; nothing else went wrong anywhere.
    expect(ann.errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    for (const p of [bob, watcher]) expect(p.errors).toEqual([]);
  });
});
