/**
 * The lobby lists a challenge only while its poster is there, so that nobody (and no bot) accepts
 * a challenge whose poster has closed the tab, only to wait for the first-move abort. As on the big
 * sites (lichess drops a seek when its poster's socket leaves), but a challenge here is also the
 * game its link opens: it is not ended, only left out of the lobby, and listed again as soon as
 * its poster connects again while it still waits.
 *
 * "There" means a socket or stream of the poster's seat, on any process. The truth is kept in
 * storage, where any process answering the lobby reads it: each game's `poster_seen_at` is set
 * when the game is posted and, while the poster is connected, by the process that holds the
 * connection, at once when it connects and then every POSTER_REFRESH_MS (one statement a beat for
 * all of that process's posters). The lobby lists the games seen within POSTER_GONE_MS. So a
 * poster gone (tab closed, process killed) leaves the lobby within POSTER_GONE_MS, and a
 * challenge posted by a program that never connects is listed only for POSTER_GONE_MS after
 * posting: programs hold the game's stream open while they wait (docs/api.md). Processes are
 * taken to share one clock (NTP), as the service's heartbeat does (downtime.ts).
 */
import type { GameRecord } from '@citadel/game';
import type { Store } from '../storage/store.ts';

/** A challenge whose poster has had no connection this long leaves the lobby. */
export const POSTER_GONE_MS = 10_000;
/** How often a process records that the posters connected to it are still there. */
export const POSTER_REFRESH_MS = 3_000;
/** The most challenges the lobby lists. */
export const LOBBY_SIZE = 200;

/** The open challenges whose poster is there: live ones first, then correspondence, then no clock. */
export async function openChallenges(store: Store, now: number): Promise<GameRecord[]> {
  const open = await store.lobby(LOBBY_SIZE, now - POSTER_GONE_MS);
  const rank = (c: GameRecord['clock']): number => (!c ? 2 : 'daysPerMove' in c ? 1 : 0);
  return open.sort((a, b) => rank(a.clock) - rank(b.clock) || a.createdAt - b.createdAt);
}

/**
 * Keeps `poster_seen_at` fresh for the posters connected to this process: `here()` names the
 * waiting lobby games where this process holds a connection of the poster's seat. A failed write
 * (the database is away) waits for the next beat.
 */
export class PosterBeat {
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    here: () => string[],
  ) {
    this.timer = setInterval(() => this.seen(here()), POSTER_REFRESH_MS);
    this.timer.unref?.();
  }

  /** Records the posters of `ids` connected now (at once when one arrives: it is listed again). */
  seen(ids: readonly string[]): void {
    if (ids.length) this.store.postersSeen(ids, this.now()).catch(() => undefined);
  }

  close(): void {
    clearInterval(this.timer);
  }
}
