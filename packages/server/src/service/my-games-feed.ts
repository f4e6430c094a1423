/**
 * "My games" pushed to its watchers (GET /api/my-games/socket) instead of polled by them. A watch
 * names seat tokens and an account; its list (game-lists.ts's `myGames`) is read from storage and
 * sent whole at once, then read again and sent whenever it differs from the last one sent:
 * - soon after the bus carries a `game` message for one of the games listed (a join, a move, an
 *   offer, the end, a rematch agreed: from any process);
 * - soon after the bus says that a game of the watch's account was created or joined
 *   (`account-games`, published by `gained` on the process that did it), or paired in a
 *   tournament (`accounts-games`, by `gainedAll`);
 * - after the bus may have missed messages (`resync`: every watch).
 * Nothing else changes a list, so an idle watch costs nothing: there is no beat.
 *
 * The work is bounded: changes are let settle for SETTLE_MS and a burst of them is one read; a
 * watch is read once at a time (a change meanwhile reads it once more after); and this process
 * runs at most MAX_READS reads at once, the others waiting their turn. So storage answers at most
 * one read per watch per change, whatever the number of messages.
 */
import type { MyGamesResponse } from '@citadel/protocol';
import type { Bus } from '../pubsub/bus.ts';
import type { GameLists } from './game-lists.ts';

/** How long a burst of changes is let settle before the lists it touches are read again. */
export const SETTLE_MS = 100;
/** Reads of lists this process runs at once. */
export const MAX_READS = 4;
/** Accounts one `accounts-games` message names (a bus message stays under 8000 bytes). */
const ACCOUNTS_PER_MESSAGE = 500;

export type MyGamesList = MyGamesResponse['games'];

/** Where a watch's lists go. */
export interface MyGamesReader {
  /** The whole list: after each `set`, then whenever it differs from the last one sent. */
  list(games: MyGamesList): void;
  /** A list could not be read (storage away): the last one sent stays, the next change reads again. */
  failed(error: unknown): void;
}

/** One watcher's watch. */
export interface MyGamesWatch {
  /**
   * Watches the games of the seats of `tokens` and of the account `accountId` from now on,
   * replacing what was watched: the list is read at once and sent, even if unchanged.
   */
  set(tokens: readonly string[], accountId: number | null): void;
  /** Stops it: nothing more is read or sent. */
  close(): void;
}

class Watch {
  tokens: readonly string[] = [];
  accountId: number | null = null;
  /** The ids of the games in the last list read: a change to one of them is a change to it. */
  listed = new Set<string>();
  /** The last list sent, as JSON; null: send the next one whatever it is. */
  sent: string | null = null;
  /** Bumped by each `set`: a read of an older watch is not sent. */
  generation = 0;
  reading = false;
  /** A change came while reading: read again after. */
  again = false;
  /** The games the bus said changed while reading (the read may predate the change). */
  heard = new Set<string>();
  closed = false;
  constructor(readonly reader: MyGamesReader) {}
}

export class MyGamesFeed {
  private readonly watches = new Set<Watch>();
  private readonly byGame = new Map<string, Set<Watch>>();
  private readonly byAccount = new Map<number, Set<Watch>>();
  /** Changed, settling. */
  private readonly settling = new Set<Watch>();
  /** Settled, waiting for one of the MAX_READS places. */
  private readonly queued = new Set<Watch>();
  private readonly readingNow = new Set<Watch>();
  private settle: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly lists: Pick<GameLists, 'myGames'>,
    private readonly processId: string,
    private readonly bus: Bus,
  ) {
    bus.subscribe((m) => {
      if (m.kind === 'game') {
        for (const w of this.readingNow) w.heard.add(m.id);
        for (const w of this.byGame.get(m.id) ?? []) this.soon(w);
      } else if (m.kind === 'account-games') {
        for (const w of this.byAccount.get(m.account) ?? []) this.soon(w);
      } else if (m.kind === 'accounts-games') {
        for (const account of m.accounts)
          for (const w of this.byAccount.get(account) ?? []) this.soon(w);
      } else if (m.kind === 'resync') {
        for (const w of this.watches) this.soon(w);
      }
    });
  }

  /** Says that the account `accountId` has a new game (created or joined here): its watches, on every process, read their lists again. */
  gained(accountId: number): void {
    this.bus
      .publish({ kind: 'account-games', account: accountId, process: this.processId })
      .catch(() => undefined);
  }

  /** Says that each of the accounts has a new game (a tournament's pairing made here). */
  gainedAll(accountIds: readonly number[]): void {
    for (let i = 0; i < accountIds.length; i += ACCOUNTS_PER_MESSAGE)
      this.bus
        .publish({
          kind: 'accounts-games',
          accounts: accountIds.slice(i, i + ACCOUNTS_PER_MESSAGE),
          process: this.processId,
        })
        .catch(() => undefined);
  }

  /** A new watch, of nothing until its first `set`. */
  watch(reader: MyGamesReader): MyGamesWatch {
    const w = new Watch(reader);
    this.watches.add(w);
    return {
      set: (tokens, accountId) => {
        if (w.closed) return;
        w.tokens = [...tokens];
        this.index(this.byAccount, w.accountId, accountId, w);
        w.accountId = accountId;
        w.generation++;
        w.sent = null;
        // At once: no settling for the answer to a watch.
        if (w.reading) w.again = true;
        else {
          this.settling.delete(w);
          this.queued.add(w);
          this.pump();
        }
      },
      close: () => this.drop(w),
    };
  }

  close(): void {
    if (this.settle) clearTimeout(this.settle);
    this.settle = null;
    for (const w of [...this.watches]) this.drop(w);
  }

  private drop(w: Watch): void {
    w.closed = true;
    this.watches.delete(w);
    this.settling.delete(w);
    this.queued.delete(w);
    this.index(this.byAccount, w.accountId, null, w);
    for (const id of w.listed) this.index(this.byGame, id, null, w);
    w.listed.clear();
  }

  /** Moves `w` in `map` from the key `from` to the key `to` (null: none). */
  private index<K>(map: Map<K, Set<Watch>>, from: K | null, to: K | null, w: Watch): void {
    if (from === to) return;
    if (from !== null) {
      const set = map.get(from);
      set?.delete(w);
      if (set?.size === 0) map.delete(from);
    }
    if (to !== null) {
      const set = map.get(to) ?? new Set();
      set.add(w);
      map.set(to, set);
    }
  }

  /** Reads `w`'s list again once the changes settle. */
  private soon(w: Watch): void {
    if (w.closed) return;
    if (w.reading) {
      w.again = true;
      return;
    }
    if (this.queued.has(w)) return;
    this.settling.add(w);
    if (this.settle) return;
    this.settle = setTimeout(() => {
      this.settle = null;
      for (const s of this.settling) this.queued.add(s);
      this.settling.clear();
      this.pump();
    }, SETTLE_MS);
    this.settle.unref?.();
  }

  /** Starts the queued reads while fewer than MAX_READS run. */
  private pump(): void {
    for (const w of this.queued) {
      if (this.readingNow.size >= MAX_READS) return;
      this.queued.delete(w);
      void this.read(w);
    }
  }

  private async read(w: Watch): Promise<void> {
    const generation = w.generation;
    w.reading = true;
    w.heard.clear();
    this.readingNow.add(w);
    try {
      const games = await this.lists.myGames(w.tokens, w.accountId);
      if (w.closed || generation !== w.generation) return;
      const ids = new Set(games.map((m) => m.game.id));
      for (const id of w.listed) if (!ids.has(id)) this.index(this.byGame, id, null, w);
      for (const id of ids) if (!w.listed.has(id)) this.index(this.byGame, null, id, w);
      w.listed = ids;
      // A game listed now that changed during the read may show as it was before.
      for (const id of w.heard) if (ids.has(id)) w.again = true;
      const json = JSON.stringify(games);
      if (json === w.sent) return;
      w.sent = json;
      w.reader.list(games);
    } catch (e) {
      if (!w.closed) w.reader.failed(e);
    } finally {
      w.reading = false;
      this.readingNow.delete(w);
      if (w.again) {
        w.again = false;
        // A new watch is answered at once; any other change settles first.
        if (w.sent === null && !w.closed) this.queued.add(w);
        else this.soon(w);
      }
      this.pump();
    }
  }
}
