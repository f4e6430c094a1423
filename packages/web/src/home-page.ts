/**
 * The home page, `/`: the last unfinished game to resume, and every variant with a picture of its
 * start position and one click to play, learn or analyse it.
 */
import { Position } from '@citadel/core';
import { createBoard, diagramState } from './adapter.ts';
import { continueUrl } from './archive/archive-page.ts';
import type { ArchiveRecord } from './archive/archive-record.ts';
import { listRecords } from './archive/archive-store.ts';
import { h } from './dom.ts';
import { onAbort } from './lifetime.ts';
import type { PageContext } from './page-context.ts';
import { MENU, shortName, variantDef } from './variants.ts';

/** A variant's board in words, from its data: `112 cells with 2 citadels, 28 pieces a side`. */
function boardWords(start: Position): string {
  const geo = start.rs.geo;
  const perSide = start.pieces().filter((p) => p.color === 'white').length;
  const cells = geo.exists.reduce((n, e) => n + (e === 1 ? 1 : 0), 0);
  const citadels = geo.citadels.length > 0 ? ` with ${geo.citadels.length} citadels` : '';
  return `${cells} cells${citadels}, ${perSide} pieces a side`;
}

export function homePage(ctx: PageContext): void {
  const { signal } = ctx;
  const resume = h('section', { class: 'resume', 'aria-label': 'Your last game', hidden: true });
  const cards = MENU.map(({ id, short }) => {
    const def = variantDef(id)!;
    const start = Position.start(id);
    if (!start.ok) throw new Error(start.error);
    // A picture, not a board to use: out of the tab order and of the accessibility tree.
    const picture = h('div', { class: 'home-board', inert: true, 'aria-hidden': 'true' });
    const geo = start.value.rs.geo;
    picture.style.setProperty('--aspect', String(geo.files / geo.ranks));
    const board = createBoard(picture, { label: `${def.name} start position`, onMove: () => {} });
    board.set(diagramState(start.value));
    onAbort(signal, () => board.destroy());
    const link = (page: string, label: string, cls = ''): HTMLAnchorElement =>
      h('a', { class: `button ${cls}`, href: `/${page}/${id}`, 'data-link': true }, label);
    return h(
      'li',
      { class: 'variant-card', 'data-variant': id },
      h(
        'a',
        { href: `/play/${id}`, 'data-link': true, tabindex: -1, 'aria-hidden': 'true' },
        picture,
      ),
      h('h2', {}, short),
      h('p', { class: 'variant-facts' }, boardWords(start.value)),
      h(
        'div',
        { class: 'card-links' },
        link('play', 'Play', 'primary'),
        link('learn', 'Rules'),
        link('analyse', 'Analyse'),
      ),
    );
  });
  ctx.root.replaceChildren(
    h(
      'main',
      { class: 'home' },
      h('h1', {}, 'Citadel: the citadel chess family'),
      h(
        'p',
        { class: 'home-intro' },
        'Play Tamerlane, Shatranj al-Husun and Persian Chess against the engine or a friend, learn their rules, and analyse your games. ',
        h('a', { href: '/archive', 'data-link': true }, 'Games on this device'),
        ' are kept in this browser; ',
        h('a', { href: '/games', 'data-link': true }, 'My games'),
        ' lists the online ones too.',
      ),
      resume,
      h('ul', { class: 'variant-cards' }, cards),
    ),
  );
  document.title = 'Citadel — the citadel chess family';

  function showResume(r: ArchiveRecord): void {
    const name = shortName(r.variant);
    resume.replaceChildren(
      h('h2', {}, 'Your last game'),
      h(
        'p',
        {},
        `${name} against ${r.opponent === 'engine' ? `the engine (level ${r.level})` : 'a friend'}, ${Math.ceil(r.plies / 2)} moves in. `,
        h('a', { class: 'button primary', href: continueUrl(r), 'data-link': true }, 'Resume'),
      ),
    );
    resume.hidden = false;
  }
  void listRecords().then((records) => {
    const open = records.find((r) => r.result === '*');
    if (!signal.aborted && open) showResume(open);
  });
}
