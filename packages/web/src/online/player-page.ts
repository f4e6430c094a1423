/**
 * A player's profile, `/player/<name>`: the account's name (with the BOT mark for a bot), its
 * Glicko-2 rating in each variant it played rated games in (with a "?" while the rating is
 * provisional, as the big chess sites mark it), and its recent finished games, each with its PGN
 * and a link into the analysis board.
 */
import './online.css';
import { ApiError } from '@citadel/protocol';
import { h } from '../dom.ts';
import type { PageContext } from '../page-context.ts';
import { shortName } from '../variants.ts';
import { signedIn } from './account-state.ts';
import { api } from './api.ts';
import { archivePages } from './archive-pages.ts';
import { botMark } from './bot-mark.ts';
import { finishedLinks } from './finished-links.ts';
import { endingText, gameRow } from './game-row.ts';

/** A rating deviation above this marks the rating provisional ("1500?"). */
const PROVISIONAL_RD = 110;

export function playerPage(ctx: PageContext, name: string): void {
  const { signal } = ctx;
  const heading = h('h1', {}, name);
  const problem = h('p', { class: 'form-error', role: 'alert' });
  const ratings = h('section', { class: 'player-ratings', 'aria-label': 'Ratings' });
  const games = archivePages({
    label: 'Recent games',
    query: { player: name },
    pageSize: 30,
    row: (g) => gameRow(g, endingText(g), finishedLinks(ctx, g, show)),
    empty: 'No finished game yet.',
    problem: (text) => show(text),
  });
  const ratingsPart = h('div', {}, h('h2', {}, 'Ratings'), ratings);
  const gamesPart = h('section', {}, h('h2', {}, 'Recent games'), games.element);
  ctx.root.replaceChildren(
    h(
      'main',
      { class: 'online-page player-page' },
      h('section', {}, heading, problem, ratingsPart),
      gamesPart,
    ),
  );
  document.title = `${name} — Citadel`;
  const show = (text: string): void => {
    problem.textContent = text;
  };

  void (async () => {
    try {
      const [player] = await Promise.all([api.player(name), games.load()]);
      if (signal.aborted) return;
      heading.replaceChildren(...(player.bot ? [botMark(), ' '] : []), player.username);
      document.title = `${player.username} — Citadel`;
      if (signedIn()?.username === player.username)
        heading.append(h('span', { class: 'player-you' }, ' (you)'));
      const rows = Object.entries(player.ratings).sort((a, b) => b[1].games - a[1].games);
      ratings.replaceChildren(
        rows.length
          ? h(
              'table',
              { class: 'rating-table' },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  h('th', { scope: 'col' }, 'Variant'),
                  h('th', { scope: 'col' }, 'Rating'),
                  h('th', { scope: 'col' }, 'Rated games'),
                ),
              ),
              h(
                'tbody',
                {},
                rows.map(([variant, r]) =>
                  h(
                    'tr',
                    { 'data-variant': variant },
                    h('th', { scope: 'row' }, shortName(variant)),
                    h(
                      'td',
                      { title: `deviation ${Math.round(r.rd)}` },
                      `${Math.round(r.rating)}${r.rd > PROVISIONAL_RD ? '?' : ''}`,
                    ),
                    h('td', {}, String(r.games)),
                  ),
                ),
              ),
            )
          : h('p', { class: 'empty' }, 'No rated game yet.'),
      );
    } catch (e) {
      if (signal.aborted) return;
      ratingsPart.hidden = gamesPart.hidden = true;
      problem.textContent =
        e instanceof ApiError && e.status === 404
          ? `There is no player called ${name}.`
          : e instanceof Error
            ? e.message
            : String(e);
    }
  })();
}
