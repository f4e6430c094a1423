/**
 * The tournaments, `/tournaments`: those running, those to come and the latest finished (and,
 * signed in, the ones the player made), each a link to its page; and the form that makes an arena
 * (a guest is asked to sign in). The lists are read again every LIST_REFRESH_MS; a tournament's
 * own page is the one pushed live.
 */
import '../online.css';
import './tournament.css';
import { tournamentPath, type TournamentSummary } from '@citadel/protocol';
import { h } from '../../dom.ts';
import { repeat } from '../../lifetime.ts';
import type { PageContext } from '../../page-context.ts';
import { knownAccount, onAccount, signedIn } from '../account-state.ts';
import { api } from '../api.ts';
import { openSignIn } from '../sign-in-dialog.ts';
import { ArenaForm } from './arena-form.ts';
import { countdownText, startText, tournamentSettingsText } from './tournament-text.ts';

const LIST_REFRESH_MS = 30_000;

export function tournamentsPage(ctx: PageContext): void {
  const { signal } = ctx;
  const lists = {
    started: h('ul', { class: 'game-list', 'aria-label': 'Running tournaments' }),
    created: h('ul', { class: 'game-list', 'aria-label': 'Tournaments to come' }),
    finished: h('ul', { class: 'game-list', 'aria-label': 'Finished tournaments' }),
    mine: h('ul', { class: 'game-list', 'aria-label': 'Tournaments you made' }),
  };
  const mineSection = h('div', { hidden: true }, h('h2', {}, 'Made by you'), lists.mine);
  const problem = h('p', { class: 'form-error', role: 'alert' });
  const form = new ArenaForm(async (request) => {
    try {
      const made = await api.createTournament(request);
      ctx.navigate(tournamentPath(made.id));
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  });
  const guestNote = h(
    'p',
    {},
    h(
      'button',
      {
        type: 'button',
        class: 'primary',
        onclick: () =>
          void openSignIn('sign-in', 'Sign in, or create an account, to make an arena.'),
      },
      'Sign in to make an arena',
    ),
  );
  ctx.root.replaceChildren(
    h(
      'main',
      { class: 'online-page tournaments-page' },
      h(
        'section',
        { class: 'tournament-lists' },
        h('h1', {}, 'Tournaments'),
        problem,
        h('h2', {}, 'Running'),
        lists.started,
        h('h2', {}, 'Coming'),
        lists.created,
        mineSection,
        h('h2', {}, 'Finished'),
        lists.finished,
      ),
      h(
        'section',
        { class: 'tournaments-create', 'aria-labelledby': 'new-arena' },
        h('h2', { id: 'new-arena' }, 'New arena'),
        guestNote,
        form.element,
      ),
    ),
  );
  document.title = 'Tournaments — Citadel';

  let shown: TournamentSummary[] = [];

  function line(t: TournamentSummary): HTMLElement {
    const now = Date.now();
    const when =
      t.status === 'created'
        ? `starts ${startText(t.startsAt)}`
        : t.status === 'started' && t.endsAt !== undefined
          ? `${countdownText(t.endsAt - now)} left`
          : 'finished';
    return h(
      'li',
      { class: 'game-row', 'data-tournament': t.id },
      h(
        'a',
        { class: 'game-link', href: tournamentPath(t.id), 'data-link': true },
        h('span', { class: 'game-settings' }, t.name),
        h('span', { class: 'game-players' }, tournamentSettingsText(t)),
        h(
          'span',
          { class: 'game-note' },
          `${when} · ${t.players} ${t.players === 1 ? 'player' : 'players'}`,
        ),
      ),
    );
  }

  function fill(list: HTMLElement, items: TournamentSummary[], none: string): void {
    list.replaceChildren(...(items.length ? items.map(line) : [h('li', { class: 'empty' }, none)]));
  }

  function render(): void {
    const me = signedIn()?.username;
    fill(
      lists.started,
      shown.filter((t) => t.status === 'started'),
      'No tournament is running.',
    );
    fill(
      lists.created,
      shown.filter((t) => t.status === 'created'),
      'No tournament is coming.',
    );
    fill(
      lists.finished,
      shown.filter((t) => t.status === 'finished'),
      'None has finished yet.',
    );
    const mine = me ? shown.filter((t) => t.createdBy === me) : [];
    fill(lists.mine, mine, 'You have made none.');
    mineSection.hidden = mine.length === 0;
    form.element.hidden = !me;
    guestNote.hidden = !!me;
  }

  async function load(): Promise<void> {
    try {
      const { tournaments } = await api.tournaments();
      if (signal.aborted) return;
      shown = tournaments;
      problem.textContent = '';
    } catch (e) {
      if (signal.aborted) return;
      problem.textContent = `The tournaments cannot be listed: ${e instanceof Error ? e.message : String(e)}`;
    }
    render();
  }

  render();
  void knownAccount().then(() => {
    render();
    return load();
  });
  onAccount(signal, () => render());
  repeat(signal, LIST_REFRESH_MS, () => void load());
}
