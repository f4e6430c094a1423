/**
 * Browser tests of the rule switches on the analysis board and in the position editor, in
 * Debian's chromium via playwright-core: Persian Chess's Oriental Omega lets the Champion make the
 * rendezvous unless `omega-rendezvous` is off. Turning it off removes a rendezvous from the move
 * tree, the exported PGN's `Rules` tag and the address follow the switch, and the editor judges
 * and hands on the position under it. Screenshots: packages/web/test-results/rule-switches-*.png.
 */
import { Position, parsePgn } from '@citadel/core';
import type { Page } from 'playwright-core';
import { DEEP } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import { shot, useApp } from './harness.ts';

const web = useApp();
const SWITCH = '#rule-omega-rendezvous';
const OFF = { rules: { 'omega-rendezvous': 'off' } };

const sans = (page: Page) => page.locator('li.move .move-san').allTextContents();

async function exportedPgn(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Export PGN' }).click();
  const text = await page.locator('#export-text').inputValue();
  await page.keyboard.press('Escape');
  return text;
}

describe('rule switches in chromium', () => {
  // Deep tier only: the play page's switches (shell.test.ts) and the editor's below run by default.
  it.runIf(DEEP)(
    'analysis board: switching the rendezvous off removes it, the PGN and the link follow',
    async () => {
      // The core agrees: the Champion's rendezvous is a move with the switch on, not with it off.
      const on = Position.start('persian-omega');
      const off = Position.start('persian-omega', OFF);
      if (!on.ok || !off.ok) throw new Error('no start position');
      for (const m of ['e4', 'e7']) expect(on.value.play(m).ok && off.value.play(m).ok).toBe(true);
      expect(on.value.play('C<>h2').ok).toBe(true);
      expect(off.value.play('C<>h2').ok).toBe(false);

      const page = await web.open(
        `/analyse/persian-omega?pgn=${encodeURIComponent('1. e4 e7 2. C<>h2')}`,
      );
      await page.waitForSelector(SWITCH);
      expect(await page.locator(SWITCH).inputValue()).toBe('on');
      expect(await sans(page)).toEqual(['e4', 'e7', 'C<>h2']);
      expect(await exportedPgn(page)).not.toContain('[Rules ');

      await page.locator(SWITCH).selectOption('off');
      await expect
        .poll(() => page.locator('.rules-note').textContent())
        .toBe('Rules changed: 1 move was no longer legal and was removed, with what followed.');
      expect(await sans(page)).toEqual(['e4', 'e7']);
      const pgn = await exportedPgn(page);
      expect(pgn).toContain('[Rules "omega-rendezvous=off"]');
      const parsed = parsePgn(pgn);
      expect(parsed.ok && parsed.value.options.rules).toEqual({ 'omega-rendezvous': 'off' });
      // The game's address carries the Rules tag, so a reload keeps the switch.
      expect(decodeURIComponent(page.url())).toContain('[Rules "omega-rendezvous=off"]');
      await shot(page, 'rule-switches-analyse.png');
      await page.reload();
      await page.waitForSelector(SWITCH);
      expect(await page.locator(SWITCH).inputValue()).toBe('off');
      expect(await sans(page)).toEqual(['e4', 'e7']);

      // Back on: the kept moves stay, and the rendezvous can be played again.
      await page.locator(SWITCH).selectOption('on');
      await expect
        .poll(() => page.locator('.rules-note').textContent())
        .toBe('Rules changed: every move stays legal.');
      expect(await exportedPgn(page)).not.toContain('[Rules ');
      expect(page.errors).toEqual([]);
      await page.context().close();
    },
  );

  it('editor: the switch changes the position judged, its link and the analysis it opens', async () => {
    const page = await web.open('/editor/persian-omega?rules=omega-rendezvous=maybe');
    await page.waitForSelector(SWITCH);
    // A bad value in the address is reported and the default used.
    expect(await page.locator('.import-error', { hasText: 'Rules' }).textContent()).toContain(
      'the switch "omega-rendezvous" takes on or off, not "maybe"',
    );
    expect(await page.locator(SWITCH).inputValue()).toBe('on');
    expect((await page.locator('#editor-fen').inputValue()).split(' ')[2]).toBe('KQkqVv');

    await page.locator(SWITCH).selectOption('off');
    // Without the switch the start position has no rendezvous rights.
    await expect
      .poll(async () => (await page.locator('#editor-fen').inputValue()).split(' ')[2])
      .toBe('KQkq');
    expect(decodeURIComponent(page.url())).toContain('rules=omega-rendezvous=off');
    await shot(page, 'rule-switches-editor.png');

    await page.getByRole('button', { name: 'Analyse this position' }).click();
    await page.waitForURL(/\/analyse\/persian-omega\?/);
    expect(new URL(page.url()).searchParams.get('rules')).toBe('omega-rendezvous=off');
    await page.waitForSelector(SWITCH);
    expect(await page.locator(SWITCH).inputValue()).toBe('off');
    expect(await exportedPgn(page)).toContain('[Rules "omega-rendezvous=off"]');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
