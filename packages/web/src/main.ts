/**
 * The app's entry: a header (links to the pages, the variant switcher), and client-side routing
 * with the history API. Routes: `/` (home), `/archive` (the games played here),
 * `/play/<variant>?array=<id>` or `?game=<archive id>`, `/learn/<variant>`,
 * `/analyse/<variant>?fen=<FEN>` or `?pgn=<PGN>`, `/editor/<variant>?fen=<FEN>`; online play:
 * `/game/<id>`, `/lobby`, `/games` ("My games": online and on this device, and the server's
 * archive), `/player/<name>` (a profile), `/tournaments` and `/tournament/<id>` (arenas); anything else, or an unknown variant, shows what was
 * not found. The header's corner signs in and out; the online pages are drawn again when who is
 * signed in changes. Only the play page is in the first load: the other pages' code, and the
 * account corner's, load on demand (the web README's "First load" gives the budget). Each page
 * shown gets a signal that is aborted when it is left (lifetime.ts), and a dialog left open
 * closes with its page. Below the pages, the update banner that every page shares (updates/).
 */
import './style.css';
import './shell.css';
import './dark.css';
// The header's account corner is drawn once its code has loaded; its style is here from the start
// so that the header does not move.
import './online/account.css';
import { startAppearance } from './appearance.ts';
import { SETTINGS_NAME, openAppearanceDialog } from './appearance-dialog.ts';
import { h } from './dom.ts';
import { EngineClient } from './engine-client.ts';
import { closeDialog } from './io-dialogs.ts';
import { TAB_LIFETIME } from './lifetime.ts';
import { notFoundPage } from './not-found-page.ts';
import { LOBBY_PATH } from '@citadel/protocol';
import { onDemand, type OnDemand } from './on-demand.ts';
import type { PageContext } from './page-context.ts';
import { playPage } from './play/play-page.ts';
import { DEFAULT_VARIANT, variantDef } from './variants.ts';
import { VariantSwitcher } from './variant-switcher.ts';

// The play page is in the first load; every other page's code loads when it is first visited.
const homeModule = onDemand(() => import('./home-page.ts'));
const archiveModule = onDemand(() => import('./archive/archive-page.ts'));
const learnModule = onDemand(() => import('./learn.ts'));
const analyseModule = onDemand(() => import('./analyse.ts'));
const editorModule = onDemand(() => import('./editor.ts'));
const gameModule = onDemand(() => import('./online/game-page.ts'));
const lobbyModule = onDemand(() => import('./online/lobby-page.ts'));
const myGamesModule = onDemand(() => import('./online/my-games-page.ts'));
const playerModule = onDemand(() => import('./online/player-page.ts'));
const tournamentsModule = onDemand(() => import('./online/tournament/tournaments-page.ts'));
const tournamentModule = onDemand(() => import('./online/tournament/tournament-page.ts'));

const app = document.getElementById('app')!;
const engine = new EngineClient();
const navLinks = h('nav', { class: 'top-nav', 'aria-label': 'Main' });
/** Where the account corner goes once loaded (empty, as the corner is until the server answers). */
const accountSlot = h('div', { class: 'account-corner' });
const switcher = new VariantSwitcher((id) => {
  const page = VARIANT_PAGE.exec(location.pathname)?.[1] ?? 'play';
  navigate(`/${page}/${id}`);
});
const header = h(
  'header',
  { class: 'top' },
  h(
    'a',
    { class: 'brand', href: '/', 'data-link': true },
    h('span', { class: 'logo', 'aria-hidden': 'true' }),
    'Citadel',
  ),
  navLinks,
  switcher.element,
  h(
    'button',
    {
      type: 'button',
      class: 'appearance-button',
      title: 'Settings: light or dark, board and piece colours, premoves, move confirmation',
      'aria-label': SETTINGS_NAME,
      onclick: () => openAppearanceDialog(),
    },
    '◐',
  ),
  accountSlot,
);
startAppearance();
const content = h('div', { class: 'content' });
/** Where the update banner goes (updates/update-banner.ts), once its code has loaded. */
const updateSlot = h('div', { class: 'update-slot' });
app.replaceChildren(header, content, updateSlot);

/** Aborted when the page shown is left (PageContext's `signal`). */
let leave = new AbortController();

/** The pages of a variant, with their header labels. */
const PAGES = [
  ['play', 'Play'],
  ['learn', 'Rules'],
  ['analyse', 'Analyse'],
  ['editor', 'Editor'],
] as const;
type VariantPage = (typeof PAGES)[number][0];
const VARIANT_PAGE = /^\/(play|learn|analyse|editor)(?:\/([^/]*))?$/;

function navigate(url: string, replace = false): void {
  const same = url === location.pathname + location.search;
  if (replace) history.replaceState(null, '', url);
  else if (!same) history.pushState(null, '', url);
  // Replacing the URL of the page already shown (array chosen in place) needs no new render.
  if (!replace) route();
}

/** The header's links for a variant (the last one visited on pages without one). */
let lastVariant = DEFAULT_VARIANT;
function renderNav(
  page: VariantPage | 'home' | 'games' | 'lobby' | 'tournaments' | null,
  variant: string | null,
): void {
  if (variant) lastVariant = variant;
  navLinks.replaceChildren(
    ...PAGES.map(([target, label]) =>
      h(
        'a',
        {
          href: `/${target}/${lastVariant}`,
          'data-link': true,
          'aria-current': page === target ? 'page' : null,
        },
        label,
      ),
    ),
    h(
      'a',
      { href: '/games', 'data-link': true, 'aria-current': page === 'games' ? 'page' : null },
      'My games',
    ),
    h(
      'a',
      { href: LOBBY_PATH, 'data-link': true, 'aria-current': page === 'lobby' ? 'page' : null },
      'Lobby',
    ),
    h(
      'a',
      {
        href: '/tournaments',
        'data-link': true,
        'aria-current': page === 'tournaments' ? 'page' : null,
      },
      'Tournaments',
    ),
  );
  switcher.show(variant);
}

/** A page drawn from its module into the content. */
type Draw<M> = (module: M) => void;

/**
 * Shows a page whose code loads on demand: at once when it has loaded before, else after a short
 * "Loading…"; a module that cannot load (offline before the app was cached, or replaced by an
 * update) is said in words. A page whose code arrives after the user moved on is not drawn.
 */
function showPage<M>(module: OnDemand<M>, signal: AbortSignal, draw: Draw<M>): void {
  const ready = module.loaded();
  if (ready) {
    draw(ready);
    return;
  }
  content.replaceChildren(
    h('main', { class: 'page-loading' }, h('p', { role: 'status' }, 'Loading…')),
  );
  module.load().then(
    (m) => {
      if (!signal.aborted) draw(m);
    },
    (e: unknown) => {
      if (signal.aborted) return;
      const reason = e instanceof Error ? e.message : String(e);
      content.replaceChildren(
        h(
          'main',
          { class: 'page-loading' },
          h('h1', {}, 'This page could not be loaded'),
          h(
            'p',
            { role: 'alert' },
            `Its code did not arrive (${reason}). Check the connection, then reload the page.`,
          ),
          h('button', { type: 'button', onclick: () => location.reload() }, 'Reload'),
        ),
      );
    },
  );
}

/** The online pages, which belong to no variant: a function that shows one, or null. */
function onlineRoute(path: string, ctx: PageContext): (() => void) | null {
  const game = /^\/game\/([A-Za-z0-9_-]{8,16})$/.exec(path);
  const signal = ctx.signal;
  if (game) return () => showPage(gameModule, signal, (m) => m.onlineGamePage(ctx, game[1]!));
  if (path === LOBBY_PATH) return () => showPage(lobbyModule, signal, (m) => m.lobbyPage(ctx));
  if (path === '/games') return () => showPage(myGamesModule, signal, (m) => m.myGamesPage(ctx));
  if (path === '/tournaments')
    return () => showPage(tournamentsModule, signal, (m) => m.tournamentsPage(ctx));
  const tournament = /^\/tournament\/([A-Za-z0-9_-]{8,16})$/.exec(path);
  if (tournament)
    return () => showPage(tournamentModule, signal, (m) => m.tournamentPage(ctx, tournament[1]!));
  const player = /^\/player\/([A-Za-z0-9_-]{3,20})$/.exec(path);
  if (player) return () => showPage(playerModule, signal, (m) => m.playerPage(ctx, player[1]!));
  return null;
}

function route(): void {
  leave.abort();
  leave = new AbortController();
  const signal = leave.signal;
  // A dialog belongs to the page that opened it (one left open by the Back button goes too).
  closeDialog();
  window.scrollTo(0, 0);
  const ctx: PageContext = { root: content, engine, navigate, signal };
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const params = new URLSearchParams(location.search);
  if (path === '/') {
    renderNav('home', null);
    showPage(homeModule, signal, (m) => m.homePage(ctx));
    return;
  }
  if (path === '/archive') {
    renderNav('games', null);
    showPage(archiveModule, signal, (m) => m.archivePage(ctx));
    return;
  }
  const online = onlineRoute(path, ctx);
  if (online) {
    renderNav(
      path === LOBBY_PATH
        ? 'lobby'
        : path === '/games'
          ? 'games'
          : path === '/tournaments' || path.startsWith('/tournament/')
            ? 'tournaments'
            : null,
      null,
    );
    online();
    return;
  }
  const m = VARIANT_PAGE.exec(path);
  if (!m) {
    renderNav(null, null);
    notFoundPage(ctx, `There is no page "${path}" in Citadel.`);
    return;
  }
  const page = m[1] as VariantPage;
  const variant = m[2] ?? '';
  if (!variant) {
    navigate(`/${page}/${lastVariant}`, true);
    route();
    return;
  }
  if (!variantDef(variant)) {
    renderNav(page, null);
    notFoundPage(ctx, `There is no variant "${variant}" in Citadel.`, page);
    return;
  }
  renderNav(page, variant);
  if (page === 'play') playPage(ctx, variant, params);
  else if (page === 'analyse')
    showPage(analyseModule, signal, (m) => m.analysePage(ctx, variant, params));
  else if (page === 'editor')
    showPage(editorModule, signal, (m) => m.editorPage(ctx, variant, params));
  else showPage(learnModule, signal, (m) => m.learnPage(ctx, variant));
}

// Links marked data-link navigate inside the app.
document.addEventListener('click', (e) => {
  const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-link]');
  if (!a || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
  e.preventDefault();
  navigate(a.getAttribute('href')!);
});
window.addEventListener('popstate', () => route());
route();

// The account corner and what follows who is signed in need the server's API (and its schemas):
// they load once the first page has been drawn, in a task of their own. Where their code cannot
// load, the corner stays empty, as it does when no server answers.
setTimeout(() => startAccounts().catch(() => undefined), 0);

async function startAccounts(): Promise<void> {
  const [{ AccountMenu }, { onAccount }] = await Promise.all([
    import('./online/account-menu.ts'),
    import('./online/account-state.ts'),
  ]);
  accountSlot.replaceWith(new AccountMenu().element);
  // Signing in or out draws the online page again for the new player (the others do not change).
  let player: string | null | undefined;
  onAccount(
    TAB_LIFETIME,
    (s) => {
      const now = s.kind === 'signed-in' ? s.account.username : null;
      const before = player;
      player = now;
      if (before === undefined || before === now) return;
      const path = location.pathname.replace(/\/+$/, '') || '/';
      if (onlineRoute(path, { root: content, engine, navigate, signal: TAB_LIFETIME })) route();
    },
    true,
  );
}

// Updates: the service worker (offline once loaded, and the releases it brings), the banner every
// page shares, and the page's reload by itself when idle (updates/). Loaded once the first page
// is drawn, and at once: after a release the server no longer has this build's code to load.
setTimeout(() => startUpdates().catch(() => undefined), 0);

async function startUpdates(): Promise<void> {
  const [watch, banner, reload] = await Promise.all([
    import('./updates/release-watch.ts'),
    import('./updates/update-banner.ts'),
    import('./updates/update-reload.ts'),
  ]);
  banner.mountUpdateBanner(updateSlot);
  reload.reloadWhenIdle();
  await watch.watchReleases();
}
