/**
 * The service worker (vite.config.ts writes it) and the releases it brings. A release installs a
 * new worker, which waits while pages of the old one are open: every such page is told a release
 * is ready (update-notice.ts), and the reload lets the new worker take over first
 * (`activateWaiting`). A page of the new build itself (a tab opened after the release) lets it take
 * over at once, since that page is the release; the old pages are then told by the change of their
 * worker. The page asks the browser to look for a new worker when the server says it is another
 * build, when the page is shown again (at most every ten minutes) and every hour, since a page that
 * stays open is never navigated and the browser would not look by itself.
 *
 * Where no worker can run (a private window, a browser that blocks it, the tests), a build other
 * than the page's that the server names is the release, and a reload loads it from the server.
 */
import { PAGE_BUILD } from './page-version.ts';
import { onUpdates, releaseReady } from './update-notice.ts';

const LOOK_EVERY_MS = 60 * 60_000;
const LOOK_WHEN_SHOWN_AFTER_MS = 10 * 60_000;
/** How long a worker is given to answer what build it is, and to take over. */
const ANSWER_MS = 3000;

let registration: ServiceWorkerRegistration | null = null;

/** The build a worker says it holds, or null when it does not answer. */
function buildOf(worker: ServiceWorker): Promise<string | null> {
  return new Promise((done) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => done(null), ANSWER_MS);
    channel.port1.onmessage = (e: MessageEvent<unknown>) => {
      clearTimeout(timer);
      done(typeof e.data === 'string' ? e.data : null);
    };
    worker.postMessage({ type: 'build' }, [channel.port2]);
  });
}

/** A worker installed while another serves the page: the page's own build, or a release. */
async function installed(worker: ServiceWorker): Promise<void> {
  if (!navigator.serviceWorker.controller) return; // the first worker takes over by itself
  if ((await buildOf(worker)) === PAGE_BUILD) worker.postMessage({ type: 'skip-waiting' });
  else releaseReady();
}

function follow(worker: ServiceWorker | null): void {
  if (!worker) return;
  if (worker.state === 'installed') void installed(worker);
  else
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') void installed(worker);
    });
}

/** Registers the service worker and watches for releases; at most once per page. */
export async function watchReleases(): Promise<void> {
  // Offline once loaded. Built apps only: the dev server (hot reload) serves no sw.js.
  if (import.meta.hot || !('serviceWorker' in navigator)) return watchWithoutWorker();
  try {
    registration = await navigator.serviceWorker.register('/sw.js');
  } catch {
    // No offline mode here (a private window, a blocked worker): the app works as before.
    return watchWithoutWorker();
  }
  const reg = registration;
  let controlled = navigator.serviceWorker.controller !== null;
  follow(reg.waiting ?? reg.installing);
  reg.addEventListener('updatefound', () => follow(reg.installing));
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const controller = navigator.serviceWorker.controller;
    // The first worker taking over a page it did not serve is no release.
    if (!controlled || !controller) return void (controlled = controller !== null);
    void buildOf(controller).then((build) => {
      if (build !== PAGE_BUILD) releaseReady();
    });
  });
  let lookedAt = Date.now();
  const look = (): void => {
    lookedAt = Date.now();
    reg.update().catch(() => undefined); // offline: the next look
  };
  onUpdates((u) => {
    if (u.newBuild) look();
  });
  setInterval(look, LOOK_EVERY_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lookedAt > LOOK_WHEN_SHOWN_AFTER_MS)
      look();
  });
}

/** Without a worker, the server naming another build is the release. */
function watchWithoutWorker(): void {
  onUpdates((u) => {
    if (u.newBuild) releaseReady();
  });
}

/**
 * Lets a waiting worker (a release) take over this page's origin, so that the reload that follows
 * is served by it; resolves once it has, or at once when none waits.
 */
export function activateWaiting(): Promise<void> {
  const waiting = registration?.waiting;
  if (!waiting || !navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(done, ANSWER_MS);
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        done();
      },
      { once: true },
    );
    waiting.postMessage({ type: 'skip-waiting' });
  });
}
