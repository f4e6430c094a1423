/**
 * What the page knows of updates, for the banner that every page shares (update-banner.ts): the
 * server speaks a newer protocol than the page (it must reload to go on), the page could not read a
 * message from the server (it should reload), or a new release is ready (it may reload). The online
 * code reports what the server says (its headers, each socket's hello) and the messages it cannot
 * read; the service worker's watch (release-watch.ts) reports a release. Pages where a reload would
 * lose something say so (`holdReloads`), so that the page reloads by itself only where nothing is
 * lost. Small and in the first load: the code that draws and reloads comes after the first page.
 */
import type { ServerVersion } from '@citadel/protocol';
import { PAGE_BUILD, PAGE_PROTOCOL } from './page-version.ts';

export interface Updates {
  /** The server's protocol version where it is newer than the page's, else null. */
  readonly protocol: number | null;
  /** Why the last message the page could not read was unreadable, else null. */
  readonly unreadable: string | null;
  /** Whether a new release of the app is ready (a reload loads it). */
  readonly release: boolean;
  /** A build of the app other than the page's that the server said it is, else null. */
  readonly newBuild: string | null;
}

let updates: Updates = { protocol: null, unreadable: null, release: false, newBuild: null };
const listeners = new Set<(u: Updates) => void>();
const holds = new Set<() => boolean>();

function change(next: Partial<Updates>): void {
  const before = updates;
  updates = { ...updates, ...next };
  if (Object.keys(next).every((k) => before[k as keyof Updates] === updates[k as keyof Updates]))
    return;
  for (const listener of [...listeners]) listener(updates);
}

/** What is known now. */
export const currentUpdates = (): Updates => updates;

/** Calls `listener` at every change (not at once); returns what stops it. */
export function onUpdates(listener: (u: Updates) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** What the server said of itself (an answer's headers, a socket's or stream's hello). */
export function serverSays(version: ServerVersion): void {
  if (version.protocol > PAGE_PROTOCOL) change({ protocol: version.protocol });
  else if (
    version.protocol === PAGE_PROTOCOL &&
    PAGE_BUILD !== 'dev' &&
    version.build !== 'none' &&
    version.build !== PAGE_BUILD
  )
    change({ newBuild: version.build });
}

/** A message from the server that the page could not read: `why`, for the console. */
export function unreadableMessage(why: string): void {
  console.warn(`Citadel could not read a message from the server: ${why}`);
  change({ unreadable: why });
}

/** A new release is ready: a reload loads it. */
export function releaseReady(): void {
  change({ release: true });
}

/**
 * Says that a reload would now lose something while `busy()` is true (a game in progress): the
 * page is then never reloaded by itself for a release. Returns what ends the hold (the page's
 * teardown calls it).
 */
export function holdReloads(busy: () => boolean): () => void {
  holds.add(busy);
  return () => void holds.delete(busy);
}

/** Whether a page holds reloads now, or a dialog is open (what it holds would be lost). */
export const reloadsHeld = (): boolean =>
  [...holds].some((busy) => busy()) ||
  document.querySelector('dialog[open], [role="dialog"]:not([hidden])') !== null;
