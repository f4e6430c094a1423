/**
 * What a page starts lives no longer than the page: each page gets an AbortSignal (PageContext's
 * `signal`) that the router aborts when the page is left, and ties to it everything that would
 * otherwise outlive its elements — listeners on `window`, `document` and other long-lived objects
 * (`addEventListener(type, f, { signal })`), subscriptions (`onAccount`, `onSeatsChanged`), feeds
 * and sockets, timers (`repeat`, `delay` here), engine requests, observers. Whatever holds a
 * page's closures from outside the page is released through the signal, so a page left is
 * garbage: one pattern, and nothing for a teardown function to forget.
 */

/** Calls `release` once `signal` aborts (at once when it already has). */
export function onAbort(signal: AbortSignal, release: () => void): void {
  if (signal.aborted) release();
  else signal.addEventListener('abort', () => release(), { once: true });
}

/** Calls `tick` every `ms` milliseconds until `signal` aborts. */
export function repeat(signal: AbortSignal, ms: number, tick: () => void): void {
  if (signal.aborted) return;
  const timer = setInterval(tick, ms);
  onAbort(signal, () => clearInterval(timer));
}

/**
 * Calls `run` once after `ms` milliseconds unless `signal` aborts first. The abort listener goes
 * when the timer fires, so a page that waits often (a retry, a save after each move) keeps none.
 */
export function delay(signal: AbortSignal, ms: number, run: () => void): void {
  if (signal.aborted) return;
  const cancel = (): void => clearTimeout(timer);
  const timer = setTimeout(() => {
    signal.removeEventListener('abort', cancel);
    run();
  }, ms);
  signal.addEventListener('abort', cancel, { once: true });
}

/**
 * A signal never aborted, for what lives as long as the tab (the header's account corner, the
 * router): passing it says so where a subscription is made.
 */
export const TAB_LIFETIME: AbortSignal = new AbortController().signal;
