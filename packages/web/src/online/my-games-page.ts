/**
 * "My games", `/games`: the games this browser (or signed-in account) plays — in progress first,
 * those where it is my turn at the top — and the finished ones; then the archive of recent games
 * of everyone, each with its PGN and a link into the analysis board.
 */
import './online.css';
import type { GameSummary } from '@citadel/protocol';
import { h } from '../dom.ts';
import type { PageContext } from '../page-context.ts';
import { api, pgnUrl } from './api.ts';
import { gameRow } from './game-row.ts';
import { allTokens } from './seats.ts';

const REFRESH_MS = 5000;

export function myGamesPage(ctx: PageContext): () => void {
  const playing = h('ul', { class: 'game-list', 'aria-label': 'Games in progress' });
  const finished = h('ul', { class: 'game-list', 'aria-label': 'My finished games' });
  const archive = h('ul', { class: 'game-list', 'aria-label': 'Archive' });
  const problem = h('p', { class: 'form-error', role: 'alert' });
  ctx.root.replaceChildren(
    h(
      'main',
      { class: 'online-page my-games' },
      h(
        'section',
        {},
        h('h1', {}, 'My games'),
        problem,
        h('h2', {}, 'In progress'),
        playing,
        h('h2', {}, 'Finished'),
        finished,
      ),
      h('section', {}, h('h2', {}, 'Archive: recent games'), archive),
    ),
  );
  document.title = 'My games — Citadel';

  const empty = (text: string): HTMLElement => h('li', { class: 'empty' }, text);

  function archiveLinks(g: GameSummary): HTMLElement {
    return h(
      'span',
      { class: 'row-links' },
      h('a', { href: pgnUrl(g.id), download: `citadel-${g.id}.pgn` }, 'PGN'),
      h('button', { type: 'button', onclick: () => void analyse(g) }, 'Analyse'),
    );
  }

  async function analyse(g: GameSummary): Promise<void> {
    try {
      const response = await fetch(pgnUrl(g.id));
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      const pgn = await response.text();
      ctx.navigate(`/analyse/${g.variant}?pgn=${encodeURIComponent(pgn)}`);
    } catch (e) {
      problem.textContent = `The PGN cannot be loaded: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  const ending = (g: GameSummary): string => `${g.result ?? ''} ${g.reason ?? ''}`.trim();

  async function refresh(): Promise<void> {
    try {
      const [mine, recent] = await Promise.all([
        api.myGames(allTokens()),
        api.archive({ limit: 30 }),
      ]);
      const going = mine.games.filter((m) => m.game.status !== 'ended');
      const done = mine.games.filter((m) => m.game.status === 'ended');
      playing.replaceChildren(
        ...(going.length
          ? going.map((m) =>
              gameRow(
                m.game,
                m.game.status === 'waiting'
                  ? 'waiting for an opponent'
                  : m.myTurn
                    ? 'your move'
                    : "opponent's move",
              ),
            )
          : [empty('No game in progress.')]),
      );
      finished.replaceChildren(
        ...(done.length
          ? done.map((m) => gameRow(m.game, ending(m.game), archiveLinks(m.game)))
          : [empty('No finished game yet.')]),
      );
      archive.replaceChildren(
        ...(recent.games.length
          ? recent.games.map((g) => gameRow(g, ending(g), archiveLinks(g)))
          : [empty('No finished game yet.')]),
      );
      problem.textContent = '';
    } catch (e) {
      problem.textContent = e instanceof Error ? e.message : String(e);
    }
  }

  void refresh();
  const timer = setInterval(() => void refresh(), REFRESH_MS);
  return () => clearInterval(timer);
}
