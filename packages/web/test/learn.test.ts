/**
 * Browser tests of the rules page, `/learn/<variant>`, in Debian's chromium: every variant shows
 * its history, the setup of each array, a move diagram per piece and its worked examples; the
 * move diagram marks exactly the core's destinations and follows clicks and the keyboard (blockers,
 * enemies, moving the piece, picking a piece on the setup diagram); the worked examples play their
 * move through the core and show the result; house rules carry a visible badge. Screenshots:
 * packages/web/test-results/learn-*.png.
 */
import { Position, VARIANTS, VARIANT_IDS } from '@citadel/core';
import { sampleOf } from '@citadel/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { legend } from '../src/adapter.ts';
import { diagramFen } from '../src/diagram-fen.ts';
import { movePiece, startExplorer, toggleBlocker } from '../src/move-explorer.ts';
import { ruleExamples } from '../src/rule-examples.ts';
import { shot, useApp } from './harness.ts';

const web = useApp();
const open = web.open;

const must = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const sorted = (list: readonly string[]): string[] => [...list].sort();

/** A cell of the move diagram. */
const spot = (page: Page, square: string) =>
  page.locator(`.explorer .cb-cell[data-square="${square}"]`);
/** The cells the move diagram marks as reachable. */
const marked = async (page: Page): Promise<string[]> =>
  sorted(
    await page
      .locator('.explorer .cb-cell.cb-target')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset['square']!)),
  );
const pieceOn = (page: Page, square: string) => spot(page, square).getAttribute('aria-label');

describe('rules page in chromium', () => {
  // One test per variant, so the deep tier's sweep of every variant stays under the test timeout;
  // by default Persian Chess (Omega) here, Tamerlane's rules page in the tests below.
  it.each(sampleOf(VARIANT_IDS, ['persian-omega']))(
    'shows history, setups, a move diagram per piece and worked examples: %s (every variant in the deep tier)',
    async (id) => {
      const page = await open(`/learn/${id}`);
      const def = VARIANTS[id];
      await page.goto(`${web.app.base}/learn/${id}`);
      await page.waitForSelector('.explorer .cb-cell');
      expect((await page.locator('.learn-history p').textContent())!.length, id).toBeGreaterThan(
        200,
      );
      expect(await page.locator('.setup-diagram').count(), id).toBe(def.arrays.length);
      const start = must(Position.start(id));
      const { pieces, pawns } = legend(start);
      expect(await page.locator('.piece-pick').count(), id).toBe(pieces.length + pawns.length);
      // Every piece: the marked cells are the core's destinations for that piece.
      for (const entry of [...pieces, ...pawns.slice(0, 1)]) {
        await page.locator(`.piece-pick[data-kind="${entry.kind}"]`).click();
        await expect(
          page.locator(`.piece-pick[data-kind="${entry.kind}"]`).getAttribute('aria-pressed'),
        ).resolves.toBe('true');
        const view = must(startExplorer(id, entry.kind));
        expect(await marked(page), `${id} ${entry.kind}`).toEqual(sorted(view.destinations));
      }
      // Worked examples: one per rule the variant has, each set up without complaint.
      const examples = ruleExamples(def);
      expect(await page.locator('.example').count(), id).toBe(examples.length);
      for (const text of await page.locator('.example-result').allTextContents())
        expect(text, id).not.toMatch(/could not be set up|not legal/);
      if (def.arrays.some((a) => a.reconstructed))
        expect(await page.locator('.reconstructed').count()).toBeGreaterThan(0);
      // The page cites the sources themselves, with a link where one can read them online, and
      // never the project's own files.
      expect(await page.locator('.learn-sources li').count(), id).toBe(def.sources.length);
      expect(await page.locator('.learn-sources a[href^="http"]').count(), id).toBeGreaterThan(0);
      expect(await page.locator('main.learn').textContent(), id).not.toMatch(
        /RULES\.md|\bseeds?\b|§/,
      );
      expect(page.errors).toEqual([]);
      await page.context().close();
    },
  );

  it('Tamerlane: the giraffe and picket with blockers, moving the piece, keyboard, setup pick', async () => {
    const page = await open('/learn/tamerlane');
    await page.locator('.piece-pick[data-kind="giraffe"]').click();
    let view = must(startExplorer('tamerlane', 'giraffe'));
    expect(await marked(page)).toEqual(sorted(view.destinations));
    await expect(pieceOn(page, 'h9')).resolves.toBe('h9 empty, reachable');
    // A White blocker on h6, the giraffe's first diagonal cell: both branches through it go.
    await spot(page, 'h6').click();
    view = must(toggleBlocker(view, 'h6', 'white'));
    expect(await marked(page)).toEqual(sorted(view.destinations));
    for (const sq of ['h9', 'h10', 'k6', 'l6']) expect(await marked(page)).not.toContain(sq);
    await expect(pieceOn(page, 'h6')).resolves.toMatch(/^h6 white pawn/);
    // A Black piece at the end of a run is a capture.
    await page.getByLabel('adds a Black piece (it may be captured)').check();
    await spot(page, 'l4').click();
    view = must(toggleBlocker(view, 'l4', 'black'));
    expect(await marked(page)).toEqual(sorted(view.destinations));
    expect(await page.locator('.explorer-status').textContent()).toMatch(/1 of them a capture/);
    await shot(page, 'learn-tamerlane-giraffe-blocked.png');
    await shot(page.locator('.learn-moves'), 'learn-tamerlane-explorer.png');

    // The picket keeps the blockers; an enemy on its first diagonal cell stops that line.
    await page.locator('.piece-pick[data-kind="picket"]').click();
    view = must(toggleBlocker(must(startExplorer('tamerlane', 'picket')), 'h6', 'white'));
    view = must(toggleBlocker(view, 'l4', 'black'));
    expect(await marked(page)).toEqual(sorted(view.destinations));
    expect(await marked(page)).not.toContain('i7');
    // A click on a blocker removes it: the line opens again, never at distance 1.
    await spot(page, 'h6').click();
    view = must(toggleBlocker(view, 'h6', 'white'));
    expect(await marked(page)).toEqual(sorted(view.destinations));
    expect(await marked(page)).toContain('i7');
    expect(await marked(page)).not.toContain('h6');

    // Move mode: the piece goes to c3; a citadel is refused with the core's reason.
    await page.getByLabel('moves the piece there').check();
    await spot(page, 'c3').click();
    view = must(movePiece(view, 'c3'));
    expect(await marked(page)).toEqual(sorted(view.destinations));
    await expect(pieceOn(page, 'c3')).resolves.toBe('c3 white picket');
    await spot(page, 'm2').click();
    await expect(page.locator('.explorer-problem').textContent()).resolves.toMatch(
      /Picket cannot stand on m2/,
    );
    // Keyboard: Enter on a focused cell acts like a click (here: adds a White blocker).
    await page.getByLabel('adds a White blocker').check();
    await spot(page, 'e5').focus();
    await page.keyboard.press('Enter');
    await expect(pieceOn(page, 'e5')).resolves.toMatch(/^e5 white pawn/);
    view = must(toggleBlocker(view, 'e5', 'white'));
    expect(await marked(page)).toEqual(sorted(view.destinations));

    // A click on a piece of the setup diagram shows that piece's moves.
    await page.locator('.setup-diagram[data-array="masculine"] .cb-cell[data-square="d1"]').click();
    await expect(
      page.locator('.piece-pick[data-kind="camel"]').getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    expect(await page.locator('.explorer-status').textContent()).toMatch(/^White Camel on /);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('Persian and Full Tamerlane pieces with a blocker', async () => {
    const page = await open('/learn/persian-princess');
    await page.locator('.piece-pick[data-kind="princess"]').click();
    let view = must(startExplorer('persian-princess', 'princess'));
    expect(view.setup.square).toBe('f6');
    await page.getByLabel('adds a Black piece (it may be captured)').check();
    await spot(page, 'h8').click();
    view = must(toggleBlocker(view, 'h8', 'black'));
    expect(await marked(page)).toEqual(sorted(view.destinations));
    expect(await marked(page)).not.toContain('i9');
    expect(view.captures).toEqual(['h8']);
    await shot(page, 'learn-persian-princess-blocked.png');
    await shot(page.locator('.learn-moves'), 'learn-persian-explorer.png');
    await page.context().close();

    const full = await open('/learn/tamerlane-full');
    await full.locator('.piece-pick[data-kind="crocodile"]').click();
    view = must(startExplorer('tamerlane-full', 'crocodile'));
    await spot(full, 'g6').click();
    view = must(toggleBlocker(view, 'g6', 'white'));
    expect(await marked(full)).toEqual(sorted(view.destinations));
    expect(await marked(full)).not.toContain('g7');
    // The crocodile's move is our house rule: marked on its row and in the decisions.
    expect(await full.locator('.piece-pick[data-kind="crocodile"] .house-rule').isVisible()).toBe(
      true,
    );
    expect(await full.locator('.learn-decisions .house-rule').count()).toBeGreaterThan(1);
    expect(full.errors).toEqual([]);
    await full.context().close();
  });

  it.each(sampleOf(['tamerlane', 'persian-eye', 'husun', 'shatranj'] as const, ['tamerlane']))(
    'plays the worked examples through the core: %s (four variants in the deep tier)',
    async (id) => {
      const page = await open(`/learn/${id}`);
      for (const ex of ruleExamples(VARIANTS[id])) {
        const where = `${id} ${ex.id}`;
        const box = page.locator(`.example[data-example="${ex.id}"]`);
        const squares = (cls: string): Promise<string[]> =>
          box
            .locator(`.cb-cell.${cls}`)
            .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset['square']!));
        if (ex.reach) {
          // The piece's destinations, marked: the core's, from the same prepared position.
          const fen = must(diagramFen(id, ex.pieces, { rights: ex.rights ?? '-' }));
          const moves = must(Position.fromFen(id, fen)).legalMoves();
          const want = moves.filter((m) => m.from === ex.reach).map((m) => m.to);
          expect(sorted(await squares('cb-target')), where).toEqual(sorted([...new Set(want)]));
          continue;
        }
        // Before: the move is outlined on both of its cells.
        const [, from, to] = /^([a-z]\d+)([a-z]\d+)/.exec(ex.move!)!;
        expect(sorted(await squares('cb-hint')), where).toEqual(sorted([from!, to!]));
        await box.getByRole('button', { name: 'Play the move' }).click();
        const result = (await box.locator('.example-result').textContent()) ?? '';
        expect(result, where).toMatch(/^Played /);
        if (ex.expect?.outcome === 'citadel')
          expect(result).toContain("White's king entered Black's citadel: draw");
        if (ex.expect?.outcome === 'stalemate') expect(result).toContain('Stalemate: White wins');
        if (ex.expect?.outcome === 'bare-king') expect(result).toContain("Black's king is bare");
        // After: the move is highlighted as the last move.
        await expect.poll(() => squares('cb-last'), { timeout: 2000 }).toContain(to!);
        await box.getByRole('button', { name: 'Set it back' }).click();
        await expect(box.locator('.example-result').textContent()).resolves.toMatch(/^The move: /);
      }
      if (id === 'tamerlane') {
        // After the citadel draw, the King stands on Black's citadel.
        const box = page.locator('.example[data-example="citadel-draw"]');
        await box.getByRole('button', { name: 'Play the move' }).click();
        await expect(
          box.locator('.cb-cell[data-square="a9"]').getAttribute('aria-label'),
        ).resolves.toBe('a9 black citadel, white king');
        // The king swap diagram shows the King in check before the swap.
        expect(await page.locator('.example[data-example="king-swap"] .cb-check').count()).toBe(1);
      }
      await shot(page.locator('.learn-special'), `learn-${id}-examples.png`);
      expect(page.errors, id).toEqual([]);
      await page.context().close();
    },
  );
});
