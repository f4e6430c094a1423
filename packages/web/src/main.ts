/**
 * The app's entry: a header, and client-side routing with the history API.
 * Routes: `/play/<variant>?array=<id>`, `/learn/<variant>`, `/analyse/<variant>?fen=<FEN>`,
 * `/editor/<variant>?fen=<FEN>` (the position editor);
 * `/` goes to `/play/tamerlane`.
 */
import './style.css';
import { analysePage } from './analyse.ts';
import { h } from './dom.ts';
import { editorPage } from './editor.ts';
import { EngineClient } from './engine-client.ts';
import { learnPage } from './learn.ts';
import type { PageContext } from './page-context.ts';
import { playPage } from './play/play-page.ts';
import { DEFAULT_VARIANT, MENU, variantDef } from './variants.ts';

const app = document.getElementById('app')!;
const engine = new EngineClient();
const navLinks = h('nav', { class: 'top-nav', 'aria-label': 'Main' });
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
);
const content = h('div', { class: 'content' });
app.replaceChildren(header, content);

let teardown: (() => void) | null = null;

/** The header's links: route and label, for the current variant. */
const NAV = [
  ['play', 'Play'],
  ['learn', 'Rules'],
  ['analyse', 'Analyse'],
  ['editor', 'Editor'],
] as const;

function navigate(url: string, replace = false): void {
  const same = url === location.pathname + location.search;
  if (replace) history.replaceState(null, '', url);
  else if (!same) history.pushState(null, '', url);
  // Replacing the URL of the page already shown (array chosen in place) needs no new render.
  if (!replace) route();
}

function route(): void {
  const path = location.pathname.replace(/\/+$/, '');
  const m = /^\/(play|learn|analyse|editor)\/([a-z0-9-]+)$/.exec(path);
  if (!m || !variantDef(m[2]!)) {
    history.replaceState(null, '', `/${m?.[1] ?? 'play'}/${DEFAULT_VARIANT}`);
    route();
    return;
  }
  const [, page, variant] = m as unknown as [
    string,
    'play' | 'learn' | 'analyse' | 'editor',
    string,
  ];
  teardown?.();
  const ctx: PageContext = { root: content, engine, navigate };
  const params = new URLSearchParams(location.search);
  teardown =
    page === 'play'
      ? playPage(ctx, variant, params)
      : page === 'analyse'
        ? analysePage(ctx, variant, params)
        : page === 'editor'
          ? editorPage(ctx, variant, params)
          : learnPage(ctx, variant);
  navLinks.replaceChildren(
    ...NAV.map(([target, label]) =>
      h(
        'a',
        {
          href: `/${target}/${variant}`,
          'data-link': true,
          'aria-current': page === target ? 'page' : null,
        },
        label,
      ),
    ),
    h('span', { class: 'variant-name' }, MENU.find((v) => v.id === variant)?.short ?? variant),
  );
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

// Offline once loaded: the service worker (emitted by vite.config.ts) caches the built files.
// Built apps only: the dev server (which has hot reload) serves no sw.js. Not `env.PROD`, which
// is false in a build run under NODE_ENV=test (the browser tests).
if (!import.meta.hot && 'serviceWorker' in navigator)
  navigator.serviceWorker.register('/sw.js').catch(() => {
    // No offline mode (e.g. a private window); the app works as before.
  });
