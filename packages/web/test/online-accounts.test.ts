/**
 * Accounts in real browsers through the real server: a player registers from the header (a short
 * password is refused first), logs out, and logs in on a second device (a wrong password is
 * refused first); she posts a rated challenge; a guest is told that it needs an account, tries a
 * taken name, registers and is taken into the game; they play and one resigns; both boards show
 * the rating change, the profile lists the rating and the game, and "My games" on the first device
 * finds the game after logging in there again, where her account holds her seat for a rematch.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot, newContext } from './harness.ts';
import { startOnlineApp, type OnlineApp } from './online-server.ts';

let app: OnlineApp;
beforeAll(async () => {
  app = await startOnlineApp('citadel-accounts-');
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function newPage(size: { width: number; height: number }): Promise<Page> {
  const ctx = await newContext(app.browser, { viewport: size });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as Page & { errors: string[] }).errors = errors;
  return page;
}
const errorsOf = (page: Page): string[] => (page as Page & { errors: string[] }).errors;

/** Fills the open sign-in dialog and submits it. */
async function submitCredentials(page: Page, username: string, password: string): Promise<void> {
  const dialog = page.locator('dialog.sign-in-dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.locator('button[type="submit"]').click();
}

/** Waits until the sign-in dialog says `text` as its error. */
async function dialogSays(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (t) => document.querySelector('dialog.sign-in-dialog .form-error')?.textContent === t,
    text,
  );
}

async function signedInAs(page: Page, name: string): Promise<void> {
  await page.locator('.account-name', { hasText: name }).waitFor();
}

describe('accounts', () => {
  it('register, log out, log in elsewhere, play a rated game and see the ratings change', async () => {
    // Ann registers from the header; too short a password is refused next to the form.
    const first = await newPage(DESKTOP);
    await first.goto(`${app.base}/lobby`);
    await first.locator('.sign-in-button').click();
    await first.getByRole('button', { name: 'Create one' }).click();
    await submitCredentials(first, 'ann', 'short');
    await dialogSays(first, 'A password has at least 8 characters.');
    await shot(first, 'accounts-register-error-1280.png');
    await submitCredentials(first, 'ann', 'correct horse');
    await signedInAs(first, 'ann');
    await first.locator('.account-name').click();
    await first.getByRole('button', { name: 'Log out' }).click();
    await first.locator('.sign-in-button').waitFor();

    // On a second device she logs in (after a wrong password) and posts a rated challenge.
    const ann = await newPage(DESKTOP);
    await ann.goto(`${app.base}/lobby`);
    const form = ann.locator('.lobby-create form');
    await expect(form.getByLabel('Rated').isDisabled()).resolves.toBe(true);
    await ann.locator('.sign-in-button').click();
    await submitCredentials(ann, 'ann', 'wrong horse');
    await dialogSays(ann, 'Wrong username or password.');
    await submitCredentials(ann, 'ann', 'correct horse');
    await signedInAs(ann, 'ann');
    await form.locator('select').first().selectOption('chess');
    await form.locator('select[id$="-color"]').selectOption('white');
    await form.getByLabel('Rated').check();
    await form.getByRole('button', { name: 'Post the challenge' }).click();
    await ann.waitForURL(/\/game\//);
    const id = ann.url().split('/').pop()!;

    // A guest sees the challenge with Ann's name and rating, and is told to sign in to take it.
    const bob = await newPage(PHONE);
    await bob.goto(`${app.base}/lobby`);
    const row = bob.locator(`li[data-game="${id}"]`);
    await expect(row.locator('.game-players').textContent()).resolves.toContain('ann (1500)');
    await row.getByRole('button', { name: 'Sign in to accept' }).click();
    await expect(bob.locator('.sign-in-why').textContent()).resolves.toMatch(/rated game/);
    await bob.getByRole('button', { name: 'Create one' }).click();
    await submitCredentials(bob, 'Ann', 'battery staple');
    await dialogSays(bob, 'The name Ann is taken.');
    await shot(bob, 'accounts-name-taken-390.png');
    await submitCredentials(bob, 'bob', 'battery staple');
    await bob.waitForURL(`${app.base}/game/${id}`);

    // Both boards name both players with their ratings; a move each, then Bob resigns.
    await ann.locator('.seat-player', { hasText: 'bob' }).waitFor();
    await expect(ann.locator('.online-title').textContent()).resolves.toContain('rated');
    await ann.locator('.cb-cell[data-square="e2"]').click();
    await ann.locator('.cb-cell[data-square="e4"]').click();
    await bob.waitForFunction(() => document.title.startsWith('● Your move'));
    await bob.locator('.cb-cell[data-square="e7"]').click();
    await bob.locator('.cb-cell[data-square="e5"]').click();
    await bob.getByRole('button', { name: 'Resign' }).click();
    await bob
      .getByRole('dialog', { name: 'Resign this game?' })
      .getByRole('button', { name: 'Resign' })
      .click();
    for (const page of [ann, bob]) {
      await page.locator('.rating-diff.up').waitFor();
      await page.locator('.rating-diff.down').waitFor();
    }
    const gain = await ann.locator('.rating-diff.up').textContent();
    expect(gain).toMatch(/^ \+\d+$/);
    expect(await bob.locator('.rating-diff.down').textContent()).toBe(gain!.replace('+', '−'));
    await shot(ann, 'accounts-rated-end-1280.png');
    await shot(bob, 'accounts-rated-end-390.png');

    // Ann's profile: her rating in chess after one game, and the game.
    await ann.locator('.account-name').click();
    await ann.getByRole('link', { name: 'Profile' }).click();
    const chess = ann.locator('.rating-table tr[data-variant="chess"]');
    await chess.waitFor();
    const rating = 1500 + Number(gain!.trim().slice(1));
    await expect(chess.locator('td').first().textContent()).resolves.toBe(`${rating}?`);
    await ann.locator(`.player-page li[data-game="${id}"]`).waitFor();
    await shot(ann, 'accounts-profile-1280.png');

    // Back on the first device (no seat of that game kept there), "My games" finds it after login.
    await first.locator('.sign-in-button').click();
    await submitCredentials(first, 'ann', 'correct horse');
    await signedInAs(first, 'ann');
    await first.locator('.account-name').click();
    await first.locator('.account-links').getByRole('link', { name: 'My games' }).click();
    await first.locator(`ul[aria-label="My finished games"] li[data-game="${id}"]`).waitFor();
    await first.setViewportSize(PHONE);
    await shot(first, 'accounts-my-games-390.png', { fullPage: true });

    // There her account holds her seat: she asks for a rematch and plays in it.
    await first
      .locator(`ul[aria-label="My finished games"] li[data-game="${id}"] a.game-link`)
      .click();
    await first.locator('.seat-bar', { hasText: 'ann' }).filter({ hasText: '— you' }).waitFor();
    await first.getByRole('button', { name: 'Rematch' }).click();
    await bob.getByRole('button', { name: 'Accept rematch' }).click();
    await bob.waitForURL((u) => !u.pathname.endsWith(id));
    await first.getByRole('button', { name: 'Go to the rematch' }).click();
    await first.waitForURL(bob.url());
    // Bob has White in the rematch: his page moves once it shows his seat and turn.
    await bob.waitForFunction(() => document.title.startsWith('● Your move'));
    await bob.locator('.cb-cell[data-square="e2"]').click();
    await bob.locator('.cb-cell[data-square="e4"]').click();
    await first.waitForFunction(() => document.title.startsWith('● Your move'));
    await first.locator('.cb-cell[data-square="e7"]').click();
    await first.locator('.cb-cell[data-square="e5"]').click();
    await bob.waitForFunction(() => document.querySelectorAll('ol.moves li').length === 2);
    for (const page of [first, ann, bob]) expect(errorsOf(page)).toEqual([]);
  });
});
