/**
 * The lobby pushed to its readers (GET /api/lobby/stream) instead of polled by each of them. Each
 * process reads the lobby from storage for all of its readers together, and sends them the whole
 * list whenever it differs from the last one sent:
 * - soon after the bus says the lobby may have changed: a challenge posted (`lobby`, from any
 *   process), or a listed game changed (`game`: taken, aborted);
 * - every POSTER_REFRESH_MS while it has readers, since a challenge also leaves the lobby when its
 *   poster has been gone long enough (lobby.ts), which no message says, and comes back when its
 *   poster returns.
 * So storage answers one lobby query per process per beat, however many pages show the lobby.
 */
import type { LobbyEvent } from '@citadel/protocol';
import type { Bus } from '../pubsub/bus.ts';
import type { GameLists } from './game-lists.ts';
import { POSTER_REFRESH_MS } from './lobby.ts';

/** How long a burst of changes is let settle before the lobby is read again. */
export const LOBBY_SETTLE_MS = 100;

export type LobbyReader = (event: LobbyEvent) => void;

export class LobbyFeed {
  private readonly readers = new Set<LobbyReader>();
  /** The last list sent, as JSON (null: none read yet), and the ids in it. */
  private sent: string | null = null;
  private last: LobbyEvent | null = null;
  private listed = new Set<string>();
  private readonly beat: ReturnType<typeof setInterval>;
  private settle: ReturnType<typeof setTimeout> | null = null;
  /** A read in progress, and whether another must follow it. */
  private reading: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly lists: GameLists,
    private readonly processId: string,
    private readonly bus: Bus,
  ) {
    bus.subscribe((m) => {
      if (m.kind === 'lobby' || (m.kind === 'game' && this.listed.has(m.id))) this.soon();
    });
    this.beat = setInterval(() => {
      if (this.readers.size) this.soon();
    }, POSTER_REFRESH_MS);
    this.beat.unref?.();
  }

  /** Says that a challenge was posted here: every process reads its lobby again. */
  posted(): void {
    this.bus.publish({ kind: 'lobby', process: this.processId }).catch(() => undefined);
  }

  /**
   * Sends `reader` the lobby as last read at once (if read yet), reads it again soon, and sends
   * every change after; returns the function that stops it.
   */
  listen(reader: LobbyReader): () => void {
    this.readers.add(reader);
    if (this.last) reader(this.last);
    this.soon();
    return () => void this.readers.delete(reader);
  }

  close(): void {
    clearInterval(this.beat);
    if (this.settle) clearTimeout(this.settle);
    this.settle = null;
    this.readers.clear();
  }

  private soon(): void {
    if (this.settle || !this.readers.size) return;
    this.settle = setTimeout(() => {
      this.settle = null;
      void this.read();
    }, LOBBY_SETTLE_MS);
    this.settle.unref?.();
  }

  /** Reads the lobby (one read at a time; a change meanwhile reads again after it). */
  private async read(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = this.readNow()
      // Storage away: the readers keep the last list until a later read succeeds.
      .catch(() => undefined)
      .finally(() => {
        this.reading = null;
        if (this.again) {
          this.again = false;
          void this.read();
        }
      });
    return this.reading;
  }

  private async readNow(): Promise<void> {
    const { records: open, games } = await this.lists.lobby();
    const event: LobbyEvent = { type: 'lobby', games };
    const json = JSON.stringify(event);
    this.listed = new Set(open.map((g) => g.id));
    this.last = event;
    if (json === this.sent) return;
    this.sent = json;
    for (const reader of this.readers) reader(event);
  }
}
