/**
 * "My games", `/games`: the online games of this browser's seats and, once signed in, of the
 * account on any device — in progress first, those where it is my turn at the top — and the
 * finished ones, as the server pushes them (each change at once, drawn in place so that the
 * keyboard's place stays; a quiet note while it reconnects); a link to the games played on this
 * device (against the engine or face to face); then the archive of everyone's recent games (read
 * when the page opens), each with its PGN and a link into the analysis board.
 */
import './online.css';
import { h } from '../dom.ts';
import type { PageContext } from '../page-context.ts';
import { playerPath } from './account-menu.ts';
import { knownAccount, onAccount, signedIn } from './account-state.ts';
import { api } from './api.ts';
import { archivePages } from './archive-pages.ts';
import { finishedLinks } from './finished-links.ts';
import { endingText, gameRow } from './game-row.ts';
import { updateList } from './keyed-list.ts';
import { openMyGamesFeed, type MyGamesFeed, type MyGamesList } from './my-games-feed.ts';
import { allTokens, onSeatsChanged } from './seats.ts';
import { openSignIn } from './sign-in-dialog.ts';

/** Said, quietly, while the list cannot be kept up to date (it connects again by itself). */
const RECONNECTING_TEXT = 'Reconnecting… the list may be out of date.';

export function myGamesPage(ctx: PageContext): void {
  const { signal } = ctx;
  const playing = h('ul', { class: 'game-list', 'aria-label': 'Games in progress' });
  const finished = h('ul', { class: 'game-list', 'aria-label': 'My finished games' });
  const archive = archivePages({
    label: 'Archive',
    query: {},
    pageSize: 30,
    row: (g) => gameRow(g, endingText(g), finishedLinks(ctx, g, show)),
    empty: 'No finished game yet.',
    problem: (text) => show(text),
  });
  const problem = h('p', { class: 'form-error', role: 'alert' });
  // A polite status, changed only when the connection is lost or back: never at each list.
  const connection = h('p', { class: 'my-games-connection', role: 'status' });
  const whose = h('p', { class: 'my-games-whose' });
  // Set only when it changes: the same words again are not announced again.
  const show = (text: string): void => {
    if (problem.textContent !== text) problem.textContent = text;
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
        connection,
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
      h('section', {}, h('h2', {}, 'Archive: recent games'), archive.element),
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

  /** Draws `mine` in place: the rows unchanged stay as they are, and the focus where it was. */
  function render(mine: MyGamesList): void {
    const going = mine.filter((m) => m.game.status !== 'ended');
    const done = mine.filter((m) => m.game.status === 'ended');
    updateList(
      playing,
      going.length
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
        : [empty('No game in progress.')],
    );
    updateList(
      finished,
      done.length
        ? done.map((m) => gameRow(m.game, endingText(m.game), finishedLinks(ctx, m.game, show)))
        : [empty('No finished game yet.')],
    );
  }

  const failure = (e: unknown): string => (e instanceof Error ? e.message : String(e));

  /** Everyone's recent games: read once, when the page opens. */
  async function loadArchive(): Promise<void> {
    try {
      await archive.load();
    } catch (e) {
      show(failure(e));
    }
  }

  let listed = false;
  let askedOnce = false;
  /** The server's words last shown in the alert, cleared by the next list. */
  let feedProblem = '';
  /** Without the socket (none here, or refused): the list is asked for once instead. */
  async function askOnce(): Promise<void> {
    if (askedOnce || listed) return;
    askedOnce = true;
    try {
      const mine = await api.myGames(allTokens());
      if (!listed && !signal.aborted) render(mine.games);
    } catch (e) {
      show(failure(e));
    }
  }

  let feed: MyGamesFeed | null = null;
  void loadArchive();
  // The line saying whose games these are needs the account: known before the first list.
  void knownAccount().then(() => {
    if (signal.aborted) return;
    renderWhose();
    feed = openMyGamesFeed(signal, allTokens, {
      games: (mine) => {
        listed = true;
        if (feedProblem && problem.textContent === feedProblem) show('');
        feedProblem = '';
        render(mine);
      },
      connected: (connected) => {
        const text = connected ? '' : RECONNECTING_TEXT;
        if (connection.textContent !== text) connection.textContent = text;
      },
      problem: (text) => {
        feedProblem = text;
        show(text);
      },
      failed: () => void askOnce(),
    });
  });
  // Signed in or out here: another account's games, which a new connection's cookie names.
  onAccount(signal, () => {
    renderWhose();
    feed?.reconnect();
  });
  // A game created or joined in another tab: its seat is watched too.
  onSeatsChanged(signal, () => feed?.rewatch());
}
