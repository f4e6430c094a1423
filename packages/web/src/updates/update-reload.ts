/**
 * Reloading the page for an update: the player's own reload (the banner's button), and the page's
 * reload by itself. A page reloads by itself for a release or a newer protocol only where nothing
 * is lost: while it is hidden (the player is elsewhere), no page holds reloads (a game in progress,
 * update-notice.ts) and no dialog is open. The online game page reloads by itself at once for a
 * newer protocol (the server holds the clock; the page cannot play on), through `reloadForUpdate`.
 * A page that reloaded by itself for an update and still finds it (a cache that served the old
 * build again) does not do it again for a while: it says so in the banner and waits for the player.
 */
import { activateWaiting } from './release-watch.ts';
import { currentUpdates, onUpdates, reloadsHeld, type Updates } from './update-notice.ts';

const KEY = 'citadel.update-reload';
/** A second reload by itself for the same update within this time is not made. */
const AGAIN_AFTER_MS = 2 * 60_000;

/** The update a reload by itself would be for: the newer protocol, or the release; else null. */
const reason = (u: Updates): string | null =>
  u.protocol !== null ? `protocol ${u.protocol}` : u.release ? 'release' : null;

/** Whether the page reloaded by itself for `why` a short while ago (storage refused: as if it had). */
function reloadedFor(why: string): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as {
      why?: unknown;
      at?: unknown;
    } | null;
    return (
      last?.why === why && typeof last.at === 'number' && Date.now() - last.at < AGAIN_AFTER_MS
    );
  } catch {
    return true;
  }
}

/** The player's reload: a waiting release takes over first, so that the reload loads it. */
export async function reloadNow(): Promise<void> {
  await activateWaiting();
  location.reload();
}

/**
 * Reloads the page by itself for the update known now; false, doing nothing, when there is none or
 * it did so a short while ago for the same one.
 */
export function reloadForUpdate(): boolean {
  const why = reason(currentUpdates());
  if (why === null || reloadedFor(why)) return false;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ why, at: Date.now() }));
  } catch {
    return false; // it could not remember: it might loop
  }
  void reloadNow();
  return true;
}

/** Whether the page would reload by itself for the update known now, were nothing held. */
export const mayReloadForUpdate = (): boolean => {
  const why = reason(currentUpdates());
  return why !== null && !reloadedFor(why);
};

/** Reloads the page by itself whenever it is hidden, idle and an update is known. */
export function reloadWhenIdle(): void {
  const check = (): void => {
    if (document.visibilityState === 'hidden' && !reloadsHeld()) reloadForUpdate();
  };
  onUpdates(check);
  document.addEventListener('visibilitychange', check);
  check();
}
