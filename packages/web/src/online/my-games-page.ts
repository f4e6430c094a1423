/**
 * "My games", `/games`: the online games of this browser's seats and, once signed in, of the
 * account on any device — in progress first, those where it is my turn at the top — and the
 * finished ones; a link to the games played on this device (against the engine or face to face);
 * then the archive of everyone's recent games, each with its PGN and a link into the analysis
 * board.
 */
import './online.css';
import { h } from '../dom.ts';
import type { PageContext } from '../page-context.ts';
import { playerPath } from './account-menu.ts';
import { knownAccount, signedIn } from './account-state.ts';
import { api } from './api.ts';
import { finishedLinks } from './finished-links.ts';
import { endingText, gameRow } from './game-row.ts';
import { allTokens } from './seats.ts';
import { openSignIn } from './sign-in-dialog.ts';

const REFRESH_MS = 5000;

export function myGamesPage(ctx: PageContext): () => void {
  const playing = h('ul', { class: 'game-list', 'aria-label': 'Games in progress' });
  const finished = h('ul', { class: 'game-list', 'aria-label': 'My finished games' });
  const archive = h('ul', { class: 'game-list', 'aria-label': 'Archive' });
  const problem = h('p', { class: 'form-error', role: 'alert' });
  const whose = h('p', { class: 'my-games-whose' });
  const show = (text: string): void => {
    problem.textContent = text;
  };
  ctx.root.replaceChildren(
    h(
      'main',
      { class: 'online-page my-games' },
      h(
        'section',
        {},
        h('h1', {}, 'My games'),
        whose,
        problem,
        h('h2', {}, 'Online: in progress'),
        playing,
        h('h2', {}, 'Online: finished'),
        finished,
        h(
          'p',
          { class: 'device-games' },
          'Games played against the engine or face to face are kept in this browser: ',
          h('a', { href: '/archive', 'data-link': true }, 'Games on this device'),
          '.',
        ),
      ),
      h('section', {}, h('h2', {}, 'Archive: recent games'), archive),
    ),
  );
  document.title = 'My games — Citadel';

  function renderWhose(): void {
    const me = signedIn();
    whose.replaceChildren(
      ...(me
        ? [
            'The games of ',
            h('a', { href: playerPath(me.username), 'data-link': true }, me.username),
            ', on every device, and those played in this browser.',
          ]
        : [
            'The games played in this browser. ',
            h(
              'button',
              { type: 'button', class: 'link-button', onclick: () => void openSignIn() },
              'Sign in',
            ),
            ' to see your account’s games on every device.',
          ]),
    );
  }

  const empty = (text: string): HTMLElement => h('li', { class: 'empty' }, text);

  async function refresh(): Promise<void> {
    try {
      await knownAccount();
      renderWhose();
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
          ? done.map((m) => gameRow(m.game, endingText(m.game), finishedLinks(ctx, m.game, show)))
          : [empty('No finished game yet.')]),
      );
      archive.replaceChildren(
        ...(recent.games.length
          ? recent.games.map((g) => gameRow(g, endingText(g), finishedLinks(ctx, g, show)))
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
