/**
 * The games this process holds in memory, each with its rules-core position, its listeners and
 * its queues: read from storage when first needed, caught up with a fresher record (another
 * process's change) by playing or undoing only the difference. Games someone watches here stay;
 * of the others at most MAX_IDLE_CACHED, the least recently used leaving first, so memory is
 * bounded whatever number of games is running.
 */
import type { Position } from '@citadel/core';
import type { ByColor } from '@citadel/protocol';
import { positionOf, syncPosition, type GameRecord } from '@citadel/game';
import type { Store } from '../storage/store.ts';
import { Refusal } from './errors.ts';
import type { Listener } from './listener.ts';
import { GamePresence } from './presence.ts';

/**
 * Games nobody here watches stay cached up to this many (the least recently used are dropped and
 * read again from storage when needed); games with listeners are kept whatever their number.
 */
export const MAX_IDLE_CACHED = 500;

/** A game held here. */
export interface Live {
  record: GameRecord;
  position: Position;
  listeners: Set<Listener>;
  /** Who is connected, on every process (presence.ts). */
  presence: GamePresence;
  /** When each seat last acted here (any authorised request): acting counts as being present. */
  actedAt: ByColor<number>;
  /** The game's events, one after another. */
  queue: Promise<unknown>;
  /** Bus messages are handled one after another, so events reach listeners in commit order. */
  inbox: Promise<unknown>;
  /** Events queued or running: a game in use is not dropped from the cache. */
  pending: number;
}

/** What the games service does as records are read: the seated accounts' ratings, presence. */
export interface CacheHooks {
  /** A record about to be held, or one that ended meanwhile (awaited). */
  readonly reading: (record: GameRecord) => Promise<void>;
  /** A game now held here. */
  readonly held: (live: Live) => void;
}

export class GameCache {
  private readonly games = new Map<string, Live>();
  /**
   * How many more games may be held before the idle ones need counting again: each `remember`
   * adds at most one idle game, so a full count is needed only once this runs out (a count per
   * game held would cost O(games) each time, quadratic while thousands of watched games arrive).
   */
  private roomBeforeCount = 0;

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    private readonly hooks: CacheHooks,
  ) {}

  /** The game if held here, without reading storage or changing its place in the order. */
  peek(id: string): Live | undefined {
    return this.games.get(id);
  }

  held(): IterableIterator<Live> {
    return this.games.values();
  }

  /** Holds a record just created here. */
  remember(record: GameRecord, position: Position): Live {
    const live: Live = {
      record,
      position,
      listeners: new Set(),
      presence: new GamePresence(this.now()),
      actedAt: { white: 0, black: 0 },
      queue: Promise.resolve(),
      inbox: Promise.resolve(),
      pending: 0,
    };
    this.games.set(record.id, live);
    this.trim();
    return live;
  }

  /** The game from the cache, or from storage; `fresh` reads storage to catch up with others. */
  async load(id: string, fresh = false): Promise<Live | null> {
    const cached = this.games.get(id);
    if (cached) {
      // Last in the map's order: the most recently used.
      this.games.delete(id);
      this.games.set(id, cached);
      if (!fresh) return cached;
    }
    const record = await this.store.getGame(id);
    if (!record) return null;
    if (cached) {
      await this.catchUp(cached, record);
      return cached;
    }
    const again = this.games.get(id);
    if (again) return again;
    const pos = positionOf(record);
    if (!pos.ok) throw new Refusal('broken', 'this game cannot be read');
    await this.hooks.reading(record);
    const live = this.remember(record, pos.value);
    this.hooks.held(live);
    return live;
  }

  async mustLoad(id: string, fresh = false): Promise<Live> {
    const live = await this.load(id, fresh);
    if (!live) throw new Refusal('not-found', `no game ${id}`);
    return live;
  }

  /** Brings a held game to a newer record (another process's change). */
  async catchUp(live: Live, record: GameRecord): Promise<void> {
    if (record.version <= live.record.version) return;
    const pos = syncPosition(live.position, record);
    if (!pos.ok) throw new Refusal('broken', 'this game cannot be read');
    live.position = pos.value;
    live.record = record;
    if (record.status === 'ended') await this.hooks.reading(record);
  }

  /** Puts the position back to the record's moves after a refused or failed save. */
  resync(live: Live, record: GameRecord): void {
    const pos = syncPosition(live.position, record);
    if (pos.ok) live.position = pos.value;
  }

  /**
   * Drops the least recently used games that nobody watches and no event uses, down to
   * MAX_IDLE_CACHED of them (the map's order is the order of last use: `load` moves a game last).
   */
  private trim(): void {
    if (--this.roomBeforeCount >= 0) return;
    let idle = 0;
    for (const l of this.games.values()) if (!l.listeners.size) idle++;
    for (const [key, l] of this.games) {
      if (idle <= MAX_IDLE_CACHED) break;
      if (l.listeners.size || l.pending) continue;
      this.games.delete(key);
      idle--;
    }
    this.roomBeforeCount = Math.max(0, MAX_IDLE_CACHED - idle);
  }
}
