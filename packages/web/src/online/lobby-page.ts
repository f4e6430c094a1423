/**
 * The lobby, `/lobby`: open live and correspondence challenges, refreshed every few seconds and
 * accepted with one click (the seat is taken, then the game opens), and the form that posts a new
 * challenge.
 */
import './online.css';
import type { GameSummary } from '@citadel/protocol';
import { h } from '../dom.ts';
import type { PageContext } from '../page-context.ts';
import { DEFAULT_VARIANT } from '../variants.ts';
import { knownAccount, signedIn } from './account-state.ts';
import { api } from './api.ts';
import { ChallengeForm } from './challenge-form.ts';
import { gameRow } from './game-row.ts';
import { createAndOpen } from './create-game.ts';
import { keepSeat, seatIn } from './seats.ts';
import { openSignIn } from './sign-in-dialog.ts';

const REFRESH_MS = 3000;

export function lobbyPage(ctx: PageContext): () => void {
  const liveList = h('ul', { class: 'game-list', 'aria-label': 'Live challenges' });
  const corrList = h('ul', { class: 'game-list', 'aria-label': 'Correspondence challenges' });
  const problem = h('p', { class: 'form-error', role: 'alert' });
  const form = new ChallengeForm(DEFAULT_VARIANT, (r) => createAndOpen(ctx, r), {
    lobby: true,
    submitLabel: 'Post the challenge',
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

  async function accept(g: GameSummary): Promise<void> {
    try {
      keepSeat(g.id, (await api.join(g.id)).seat);
      ctx.navigate(`/game/${g.id}`);
    } catch (e) {
      problem.textContent = e instanceof Error ? e.message : String(e);
      void refresh();
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

  async function refresh(): Promise<void> {
    try {
      await knownAccount();
      const { games } = await api.lobby();
      const live = games.filter((g) => !g.clock || 'initial' in g.clock);
      const corr = games.filter((g) => g.clock && 'daysPerMove' in g.clock);
      liveList.replaceChildren(
        ...(live.length ? live.map(row) : [empty('No open live challenge.')]),
      );
      corrList.replaceChildren(
        ...(corr.length ? corr.map(row) : [empty('No open correspondence challenge.')]),
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
