/**
 * A tournament's page, `/tournament/<id>`: its settings, the time to its start or its end
 * (counting down), the standings as the server pushes them (no polling), the podium once it is
 * over, join and withdraw (a guest is asked to sign in first), the signed-in player's current game
 * one click away, and the games in progress to watch. When a pairing includes the player, the page
 * plays the start sound and opens the game at once (as the big sites' arenas do). Whether the
 * player is in, withdrawn or playing is read from what the server pushes (standings and games),
 * so every tab of the player agrees.
 */
import '../online.css';
import './tournament.css';
import {
  ApiError,
  type Standing,
  type Tournament,
  type TournamentEvent,
  type TournamentGame,
} from '@citadel/protocol';
import { h } from '../../dom.ts';
import { onAbort, repeat } from '../../lifetime.ts';
import type { PageContext } from '../../page-context.ts';
import { playSound } from '../../sound.ts';
import { knownAccount, onAccount, signedIn } from '../account-state.ts';
import { api } from '../api.ts';
import { openSignIn } from '../sign-in-dialog.ts';
import { podium, StandingsView } from './standings-view.ts';
import { openTournamentFeed } from './tournament-feed.ts';
import { countdownText, startText, tournamentSettingsText } from './tournament-text.ts';

const UNREACHABLE_TEXT = 'The server cannot be reached: the standings may be out of date.';
/** How many finished games the page lists (the server sends at most 100). */
const FINISHED_SHOWN = 12;

export function tournamentPage(ctx: PageContext, id: string): void {
  const message = h('p', { class: 'online-message', role: 'status' }, 'Loading the tournament…');
  ctx.root.replaceChildren(h('main', { class: 'online-loading' }, message));
  let shown = false;
  const { signal } = ctx;
  void knownAccount().then(() =>
    openTournamentFeed(id, signal, {
      event: (e) => {
        if (!shown && e.type === 'tournament') {
          shown = true;
          page = showTournament(ctx, e.tournament);
        } else page?.apply(e);
      },
      connected: (connected) => page?.connected(connected),
    }),
  );
  let page: ShownTournament | null = null;
  // The stream cannot say why it failed: a tournament that is not there is told by the API.
  void api.tournament(id).catch((e: unknown) => {
    if (shown || signal.aborted) return;
    shown = true;
    message.textContent =
      e instanceof ApiError && e.status === 404
        ? 'There is no tournament at this address.'
        : `The tournament cannot be shown: ${e instanceof Error ? e.message : String(e)}`;
  });
}

interface ShownTournament {
  apply(e: TournamentEvent): void;
  connected(connected: boolean): void;
}

function showTournament(ctx: PageContext, first: Tournament): ShownTournament {
  const { signal } = ctx;
  let t: Tournament = first;
  let feedProblem = '';
  let actionProblem = '';
  let busy = false;

  const heading = h('h1', {}, t.name);
  const settings = h('p', { class: 'tournament-settings' });
  const clock = h('p', { class: 'tournament-clock', role: 'timer' });
  const problem = h('p', { class: 'form-error', role: 'alert' });
  const prompt = h('p', { class: 'game-prompt', role: 'alert', hidden: true });
  const actions = h('div', { class: 'tournament-actions' });
  const yourGame = h('p', { class: 'your-game', hidden: true });
  const standings = new StandingsView();
  const podiumSlot = h('div', { class: 'podium-slot' });
  const playing = h('ul', { class: 'game-list', 'aria-label': 'Games in progress' });
  const finished = h('ul', { class: 'game-list', 'aria-label': 'Finished games' });

  ctx.root.replaceChildren(
    h(
      'main',
      { class: 'online-page tournament-page' },
      h(
        'section',
        { class: 'tournament-main', 'aria-labelledby': 'tournament-standings' },
        h('div', { class: 'tournament-head' }, heading, settings, clock),
        problem,
        prompt,
        h('div', { class: 'tournament-bar' }, actions, yourGame),
        podiumSlot,
        h('h2', { id: 'tournament-standings' }, 'Standings'),
        standings.element,
      ),
      h(
        'section',
        { class: 'tournament-games', 'aria-label': 'Games' },
        h('h2', {}, 'Games in progress'),
        playing,
        h('h2', {}, 'Finished games'),
        finished,
        h('p', {}, h('a', { href: '/tournaments', 'data-link': true }, 'All tournaments')),
      ),
    ),
  );

  const me = (): string | null => signedIn()?.username ?? null;
  const myStanding = (): Standing | undefined => t.standings.find((s) => s.name === me());
  const myGame = (): TournamentGame | undefined =>
    t.games.find((g) => g.status === 'started' && (g.white === me() || g.black === me()));

  function renderClock(): void {
    const now = Date.now();
    clock.textContent =
      t.status === 'created'
        ? `Starts ${startText(t.startsAt)} — in ${countdownText(t.startsAt - now)}`
        : t.status === 'started' && t.endsAt !== undefined
          ? `${countdownText(t.endsAt - now)} left`
          : t.status === 'started'
            ? 'Running'
            : 'Finished';
  }

  function renderActions(): void {
    const mine = myStanding();
    const buttons: HTMLElement[] = [];
    if (t.status !== 'finished') {
      if (!me())
        buttons.push(
          h(
            'button',
            { type: 'button', class: 'primary', onclick: () => void signInToJoin() },
            'Sign in to join',
          ),
        );
      else if (!mine || mine.withdrawn)
        buttons.push(
          h(
            'button',
            { type: 'button', class: 'primary', disabled: busy, onclick: () => void act('join') },
            mine ? 'Join again' : 'Join',
          ),
        );
      else
        buttons.push(
          h(
            'button',
            { type: 'button', disabled: busy, onclick: () => void act('withdraw') },
            'Withdraw',
          ),
        );
    }
    const label = buttons.map((b) => `${b.textContent}${(b as HTMLButtonElement).disabled}`).join();
    if (actions.dataset['shown'] !== label) {
      actions.dataset['shown'] = label;
      actions.replaceChildren(...buttons);
    }
    const game = myGame();
    yourGame.hidden = !game;
    if (game)
      yourGame.replaceChildren(
        h(
          'a',
          { class: 'button primary', href: `/game/${game.id}`, 'data-link': true },
          `Your game: ${game.white} – ${game.black}`,
        ),
      );
    else yourGame.replaceChildren();
    problem.textContent = actionProblem || feedProblem;
  }

  function gameLine(g: TournamentGame): HTMLElement {
    const points =
      g.whitePoints !== undefined && g.blackPoints !== undefined
        ? ` (${g.whitePoints}–${g.blackPoints})`
        : '';
    return h(
      'li',
      { class: 'game-row', 'data-game': g.id },
      h(
        'a',
        { class: 'game-link', href: `/game/${g.id}`, 'data-link': true },
        h('span', { class: 'game-players' }, `${g.white} – ${g.black}`),
        h(
          'span',
          { class: 'game-note' },
          g.status === 'started' ? 'watch' : `${g.result ?? ''}${points}`,
        ),
      ),
    );
  }

  function render(): void {
    heading.textContent = t.name;
    settings.textContent = `${tournamentSettingsText(t)} · ${t.players} ${t.players === 1 ? 'player' : 'players'}${t.createdBy ? ` · by ${t.createdBy}` : ''}`;
    document.title = `${t.name} — Citadel`;
    renderClock();
    renderActions();
    standings.render(t.standings, me());
    podiumSlot.replaceChildren(
      ...(t.status === 'finished' && t.standings.length > 0 ? [podium(t.standings)] : []),
    );
    const live = t.games.filter((g) => g.status === 'started');
    const done = t.games.filter((g) => g.status === 'ended').slice(0, FINISHED_SHOWN);
    playing.replaceChildren(
      ...(live.length
        ? live.map(gameLine)
        : [h('li', { class: 'empty' }, 'No game is being played.')]),
    );
    finished.replaceChildren(
      ...(done.length
        ? done.map(gameLine)
        : [h('li', { class: 'empty' }, 'No game has finished yet.')]),
    );
  }

  async function act(what: 'join' | 'withdraw'): Promise<void> {
    busy = true;
    actionProblem = '';
    renderActions();
    try {
      await (what === 'join' ? api.joinTournament(t.id) : api.withdrawTournament(t.id));
      // The stream pushes the new standings too; this shows them at once.
      const fresh = await api.tournament(t.id);
      if (!signal.aborted) t = fresh;
    } catch (e) {
      actionProblem = e instanceof Error ? e.message : String(e);
    }
    busy = false;
    if (!signal.aborted) render();
  }

  async function signInToJoin(): Promise<void> {
    const account = await openSignIn(
      'sign-in',
      'Sign in, or create an account, to play in this tournament.',
    );
    if (account && !signal.aborted) await act('join');
  }

  /** A pairing with the player in it: the start sound, a word, and the game opens. */
  function paired(game: { id: string; white: string; black: string }): void {
    const opponent = game.white === me() ? game.black : game.white;
    playSound('start');
    prompt.hidden = false;
    prompt.replaceChildren(
      `Your game against ${opponent} starts. `,
      h('a', { href: `/game/${game.id}`, 'data-link': true }, 'Play it'),
    );
    ctx.navigate(`/game/${game.id}`);
  }

  onAccount(signal, () => render());
  repeat(signal, 1000, renderClock);
  onAbort(signal, () => {
    document.title = 'Citadel';
  });
  render();

  return {
    apply(e: TournamentEvent): void {
      if (e.type === 'tournament') t = e.tournament;
      else if (e.type === 'standings')
        t = { ...t, status: e.status, players: e.players, standings: e.standings, games: e.games };
      else if (e.type === 'end') t = { ...t, status: 'finished', standings: e.standings };
      else {
        const started = e.games.map((g): TournamentGame => ({ ...g, status: 'started' }));
        const known = new Set(started.map((g) => g.id));
        t = { ...t, games: [...started, ...t.games.filter((g) => !known.has(g.id))] };
        const mine = e.games.find((g) => g.white === me() || g.black === me());
        render();
        if (mine) paired(mine);
        return;
      }
      render();
    },
    connected(connected: boolean): void {
      feedProblem = connected ? '' : UNREACHABLE_TEXT;
      renderActions();
    },
  };
}
