/**
 * Tournaments pushed to the readers of their streams (GET /api/tournaments/:id/stream): each
 * reader first gets the whole tournament, then, from the bus (any process's changes):
 * - `pairing` at once, for every batch of games a pairing started (a player's game to open);
 * - `standings` when the tournament changed (a join, a game's end, a pairing, its start): read
 *   again once for all its readers here, at most once every STANDINGS_EVERY_MS, and sent only
 *   when it differs from the last sent, so a burst of game ends is one read and one event;
 * - `end` with the final standings when it is over, after which the streams end.
 * After a `resync` (the bus may have missed messages) every tournament watched here is read
 * again. Nothing is read for a tournament nobody here watches.
 */
import type { Standing, TournamentEvent } from '@citadel/protocol';
import type { Bus, BusMessage } from '../pubsub/bus.ts';
import type { Tournaments } from './tournaments.ts';

/** Standings are pushed at most this often per tournament. */
export const STANDINGS_EVERY_MS = 1_000;

/** One reader of a tournament's stream. */
export interface TournamentReader {
  send(event: TournamentEvent): void;
  /** The tournament is over and its `end` sent: the stream ends. */
  end(): void;
}

/** The readers of one tournament here, and its reads. */
class Watch {
  readonly readers = new Set<TournamentReader>();
  /** The last standings event sent, as JSON. */
  sent: string | null = null;
  sentAt = 0;
  timer: ReturnType<typeof setTimeout> | null = null;
  reading = false;
  again = false;
  ended = false;
}

export class TournamentFeed {
  private readonly watches = new Map<string, Watch>();

  constructor(
    private readonly tournaments: Pick<Tournaments, 'view'>,
    bus: Bus,
    private readonly now: () => number = Date.now,
  ) {
    bus.subscribe((m) => this.heard(m));
  }

  /**
   * Starts a reader: the whole tournament at once (a missing one rejects with its refusal before
   * anything is sent). Returns what stops it.
   */
  async listen(id: string, reader: TournamentReader): Promise<() => void> {
    const view = await this.tournaments.view(id);
    let w = this.watches.get(id);
    if (!w) this.watches.set(id, (w = new Watch()));
    const watch = w;
    watch.readers.add(reader);
    reader.send({ type: 'tournament', tournament: view });
    if (view.status === 'finished') {
      reader.send({ type: 'end', standings: view.standings });
      reader.end();
    }
    return () => this.drop(id, watch, reader);
  }

  close(): void {
    for (const w of this.watches.values()) if (w.timer) clearTimeout(w.timer);
    this.watches.clear();
  }

  private drop(id: string, w: Watch, reader: TournamentReader): void {
    w.readers.delete(reader);
    if (w.readers.size || this.watches.get(id) !== w) return;
    if (w.timer) clearTimeout(w.timer);
    this.watches.delete(id);
  }

  private heard(m: BusMessage): void {
    if (m.kind === 'resync') {
      for (const [id, w] of this.watches) this.soon(id, w);
      return;
    }
    if (m.kind !== 'tournament' && m.kind !== 'tournament-pairing') return;
    const w = this.watches.get(m.id);
    if (!w) return;
    if (m.kind === 'tournament-pairing') {
      for (const r of w.readers) r.send({ type: 'pairing', games: [...m.games] });
      this.soon(m.id, w);
    } else if (m.event === 'end') {
      w.ended = true;
      void this.read(m.id, w);
    } else this.soon(m.id, w);
  }

  /** Reads the tournament again when the last standings sent are old enough. */
  private soon(id: string, w: Watch): void {
    if (w.reading) {
      w.again = true;
      return;
    }
    if (w.timer) return;
    const wait = Math.max(0, w.sentAt + STANDINGS_EVERY_MS - this.now());
    w.timer = setTimeout(() => {
      w.timer = null;
      void this.read(id, w);
    }, wait);
    w.timer.unref?.();
  }

  private async read(id: string, w: Watch): Promise<void> {
    if (w.reading) {
      w.again = true;
      return;
    }
    w.reading = true;
    w.again = false;
    try {
      const view = await this.tournaments.view(id);
      if (this.watches.get(id) !== w) return;
      if (w.ended || view.status === 'finished') {
        this.finish(id, w, view.standings);
        return;
      }
      const event: TournamentEvent = {
        type: 'standings',
        status: view.status,
        players: view.players,
        standings: view.standings,
        games: view.games,
      };
      const json = JSON.stringify(event);
      if (json !== w.sent) {
        w.sent = json;
        w.sentAt = this.now();
        for (const r of w.readers) r.send(event);
      }
    } catch {
      // Storage away: the next change reads again.
    } finally {
      w.reading = false;
      if (w.again && this.watches.get(id) === w) this.soon(id, w);
    }
  }

  /** Sends the end to every reader of `w` and ends their streams. */
  private finish(id: string, w: Watch, standings: Standing[]): void {
    if (w.timer) clearTimeout(w.timer);
    this.watches.delete(id);
    for (const r of w.readers) {
      r.send({ type: 'end', standings });
      r.end();
    }
    w.readers.clear();
  }
}
