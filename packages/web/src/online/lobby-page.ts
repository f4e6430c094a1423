/**
 * The lobby, `/lobby`: open live and correspondence challenges, as the server pushes them (each
 * change at once), accepted with one click (the seat is taken, then the game opens), and the form
 * that posts a new challenge.
 */
import './online.css';
import { ApiError, type GameSummary } from '@citadel/protocol';
import { h } from '../dom.ts';
import type { PageContext } from '../page-context.ts';
import { DEFAULT_VARIANT } from '../variants.ts';
import { knownAccount, onAccount, signedIn } from './account-state.ts';
import { api } from './api.ts';
import { ChallengeForm } from './challenge-form.ts';
import { gameRow } from './game-row.ts';
import { createAndOpen } from './create-game.ts';
import { openLobbyFeed } from './lobby-feed.ts';
import { keepSeat, seatIn } from './seats.ts';
import { openSignIn } from './sign-in-dialog.ts';

/** Said while the list cannot be kept up to date (it connects again by itself). */
const UNREACHABLE_TEXT = 'The server cannot be reached: the list may be out of date.';
/** Said when another player took the challenge between the list and the click. */
const TAKEN_TEXT = 'Someone else accepted this challenge first. Choose another one.';

export function lobbyPage(ctx: PageContext): void {
  const { signal } = ctx;
  const liveList = h('ul', { class: 'game-list', 'aria-label': 'Live challenges' });
  const corrList = h('ul', { class: 'game-list', 'aria-label': 'Correspondence challenges' });
  const problem = h('p', { class: 'form-error', role: 'alert' });
  const form = new ChallengeForm(DEFAULT_VARIANT, (r) => createAndOpen(ctx, r), {
    lobby: true,
    submitLabel: 'Post the challenge',
    signal,
  });
  ctx.root.replaceChildren(
    h(
      'main',
      { class: 'online-page lobby' },
      h(
        'section',
        { class: 'lobby-lists' },
        h('h1', {}, 'Lobby'),
        problem,
        h('h2', {}, 'Live challenges'),
        liveList,
        h('h2', {}, 'Correspondence challenges'),
        corrList,
        h('p', {}, h('a', { href: '/games', 'data-link': true }, 'My games')),
      ),
      h('section', { class: 'lobby-create' }, h('h2', {}, 'New challenge'), form.element),
    ),
  );
  document.title = 'Lobby — Citadel';

  /**
   * What the alert says: why the last accept failed, which stays until the next accept; else that
   * the list cannot be kept up to date, until it is again.
   */
  let acceptProblem = '';
  let listProblem = '';
  const showProblem = (): void => {
    problem.textContent = acceptProblem || listProblem;
  };

  async function accept(g: GameSummary): Promise<void> {
    acceptProblem = '';
    showProblem();
    try {
      keepSeat(g.id, (await api.join(g.id)).seat);
      ctx.navigate(`/game/${g.id}`);
    } catch (e) {
      acceptProblem =
        // The server's 409 "both seats are taken" (docs/api.md), said for a person.
        e instanceof ApiError && e.status === 409 && /seats are taken/.test(e.message)
          ? TAKEN_TEXT
          : e instanceof Error
            ? e.message
            : String(e);
      showProblem();
    }
  }

  async function signInToAccept(g: GameSummary): Promise<void> {
    const account = await openSignIn(
      'sign-in',
      'A rated game needs an account on both sides: sign in, or create an account, to accept this challenge.',
    );
    if (account) await accept(g);
  }

  function row(g: GameSummary): HTMLElement {
    const me = signedIn()?.username;
    const creator = g.players.white ?? g.players.black;
    const mine = seatIn(g.id) !== null || (me !== undefined && creator?.name === me);
    const wanted = g.players.white ? 'black' : 'white';
    const guestOnRated = g.rated && !me;
    return gameRow(
      g,
      mine ? 'your challenge' : `you play ${wanted}`,
      mine
        ? h('span', { class: 'row-tag' }, 'waiting')
        : guestOnRated
          ? h(
              'button',
              {
                type: 'button',
                title: 'A rated game needs an account on both sides',
                onclick: () => void signInToAccept(g),
              },
              'Sign in to accept',
            )
          : h(
              'button',
              { type: 'button', class: 'primary', onclick: () => void accept(g) },
              'Accept',
            ),
    );
  }

  const empty = (text: string): HTMLElement => h('li', { class: 'empty' }, text);

  /** The last list pushed, drawn again when the account changes (its own challenges differ). */
  let shown: GameSummary[] | null = null;

  function render(games: GameSummary[]): void {
    shown = games;
    const live = games.filter((g) => !g.clock || 'initial' in g.clock);
    const corr = games.filter((g) => g.clock && 'daysPerMove' in g.clock);
    liveList.replaceChildren(...(live.length ? live.map(row) : [empty('No open live challenge.')]));
    corrList.replaceChildren(
      ...(corr.length ? corr.map(row) : [empty('No open correspondence challenge.')]),
    );
  }

  // Rows say which challenges are this account's: the account is known before the first list.
  void knownAccount().then(() =>
    openLobbyFeed(signal, {
      games: render,
      connected: (connected) => {
        listProblem = connected ? '' : UNREACHABLE_TEXT;
        showProblem();
      },
    }),
  );
  onAccount(signal, () => {
    if (shown) render(shown);
  });
}
