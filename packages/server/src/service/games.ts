/**
 * The games of this process: loads records from storage, runs the state machine one event at a
 * time per game, commits, then publishes what to tell on the bus and delivers it to the local
 * listeners (sockets and streams). Deadlines (flags, first moves) are ended by the scheduler of
 * deadlines.ts, which keeps nothing per game; the cache holds a bounded number of games that nobody
 * watches, the least recently used leaving first. Several processes may serve the same game: a save over a version someone else changed is
 * retried on the fresh record.
 */
import type { Position } from '@citadel/core';
import type {
  ByColor,
  Color,
  CreateGameRequest,
  GameState,
  GameSummary,
  OfferAction,
  OfferKind,
  Seat,
  ServerEvent,
} from '@citadel/protocol';
import { COLORS } from '@citadel/protocol';
import { rateGame, START } from '../accounts/ratings.ts';
import {
  deadlineAt,
  gameState,
  gameSummary,
  newGameRecord,
  positionOf,
  rematchRecord,
  sideToMove,
  startPosition,
  step,
  syncPosition,
  type GameEvent,
  type GameRecord,
  type Notice,
  type SeatRatings,
  type SeatRecord,
} from '@citadel/game';
import type { Bus, BusMessage } from '../pubsub/bus.ts';
import { DeadlineScheduler } from './deadlines.ts';
import type { RatingUpdate, Store } from '../storage/store.ts';
import { HttpError } from './errors.ts';
import { hashToken, newGameId, newToken } from './ids.ts';
import { PosterBeat } from './lobby.ts';
import { GamePresence, ProcessPresence, type PresenceView } from './presence.ts';

/** Someone watching a game: a socket or a stream, with the seat it plays (null: spectator). */
export interface Listener {
  color: Color | null;
  send(event: ServerEvent): void;
}

/** Who asks: an account (from the session cookie) or nobody. */
export interface Account {
  readonly id: number;
  readonly username: string;
  /** A bot account: the seats it takes are marked so. */
  readonly bot: boolean;
}

interface Live {
  record: GameRecord;
  position: Position;
  listeners: Set<Listener>;
  /** Who is connected, on every process (presence.ts). */
  presence: GamePresence;
  /** When each seat last acted here (any authorised request): acting counts as being present. */
  actedAt: ByColor<number>;
  queue: Promise<unknown>;
  /** Bus messages are handled one after another, so events reach listeners in commit order. */
  inbox: Promise<unknown>;
  /** Events queued or running: a game in use is not dropped from the cache. */
  pending: number;
}

/**
 * Games nobody here watches stay cached up to this many (the least recently used are dropped and
 * read again from storage when needed); games with listeners are kept whatever their number.
 */
export const MAX_IDLE_CACHED = 500;

export interface ActResult {
  readonly game: GameRecord;
  readonly state: GameState;
}

export class Games {
  private readonly live = new Map<string, Live>();
  readonly processId = newToken().slice(0, 12);
  private closed = false;
  /** The game version of the whole state each listener was sent on listening. */
  private readonly stateSent = new WeakMap<Listener, number>();
  /** The other processes as presence knows them, and this one's beat (presence.ts). */
  private readonly processes: ProcessPresence;
  /** Keeps the lobby listing the challenges whose poster is connected here (lobby.ts). */
  private readonly posters: PosterBeat;
  private readonly deadlines: DeadlineScheduler;

  constructor(
    readonly store: Store,
    private readonly bus: Bus,
    readonly now: () => number = Date.now,
    options: { readonly deadlinePollMs?: number } = {},
  ) {
    this.processes = new ProcessPresence(this.processId, bus, now, () => this.tellPresenceAll());
    this.posters = new PosterBeat(store, now, () => this.postersHere());
    this.deadlines = new DeadlineScheduler({
      store,
      now,
      expire: (id) => this.expire(id),
      ...(options.deadlinePollMs !== undefined ? { pollMs: options.deadlinePollMs } : {}),
    });
    bus.subscribe((m) => {
      if (m.kind === 'resync') {
        this.processes.heardAllNow();
        return this.resyncAll();
      }
      if (m.kind !== 'game') this.processes.heardFrom(m.process);
      if (m.kind === 'alive' || m.kind === 'lobby') return;
      const live = this.live.get(m.id);
      if (!live) return;
      if (m.kind === 'presence-ask') {
        if (m.process !== this.processId && live.listeners.size) void this.publishPresence(live);
        return;
      }
      live.inbox = live.inbox.then(() => this.onBus(live, m)).catch(() => undefined);
    });
  }

  /**
   * Starts ending games whose deadline passes (after a start or restart, once the downtime was
   * given back): nothing is read per game, so this takes no longer with more games running.
   */
  startDeadlines(): void {
    this.deadlines.start();
  }

  async create(
    req: CreateGameRequest,
    account: Account | null,
  ): Promise<{ id: string; seat: Seat }> {
    const pos = startPosition(req.variant, req.array, req.rules);
    if (!pos.ok) throw new HttpError(400, pos.error);
    if (req.rated && !account)
      throw new HttpError(400, 'a rated game needs an account: log in first');
    const choice = req.color ?? 'random';
    const color: Color = choice === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : choice;
    const token = newToken();
    const rs = pos.value.rs;
    const record = newGameRecord({
      id: newGameId(),
      variant: rs.def.id,
      array: rs.array.id,
      rules: { ...rs.switches },
      clock: req.clock ?? null,
      rated: req.rated ?? false,
      lobby: req.lobby ?? false,
      creator: color,
      seat: this.seat(token, account),
      now: this.now(),
    });
    await this.store.createGame(record);
    await this.refreshRatings(record);
    this.remember(record, pos.value);
    return { id: record.id, seat: { color, token } };
  }

  async join(id: string, account: Account | null): Promise<Seat> {
    const live = await this.mustLoad(id);
    const g = live.record;
    const free: Color | null = !g.seats.white ? 'white' : !g.seats.black ? 'black' : null;
    if (!free || g.status !== 'waiting') throw new HttpError(409, 'both seats are taken');
    if (g.rated && !account)
      throw new HttpError(403, 'a rated game needs an account: log in first');
    const taken = g.seats.white ?? g.seats.black;
    if (account && taken?.accountId === account.id)
      throw new HttpError(409, 'you created this game: send its link to your opponent');
    const token = newToken();
    if (account) await this.refreshRatings([account.id]);
    await this.apply(id, () => ({ type: 'join', seat: this.seat(token, account) }));
    return { color: free, token };
  }

  /** The colour a token sits in, or 403. */
  /**
   * The colour a token sits in; without a token, the colour the signed-in `account` sits in (an
   * account plays its games from any device); otherwise 403.
   */
  async seatOf(
    id: string,
    token: string | undefined,
    account: Account | null = null,
  ): Promise<Color> {
    const live = await this.mustLoad(id);
    const seats = live.record.seats;
    const color = token
      ? this.colorOf(live.record, token)
      : account === null
        ? null
        : (COLORS.find((c) => seats[c]?.accountId === account.id) ?? null);
    if (!color)
      throw new HttpError(
        403,
        token
          ? 'this token has no seat in this game'
          : account
            ? `${account.username} does not play in this game`
            : 'a seat token is needed (Authorization: Bearer <token>), or the session of an account that plays here',
      );
    return color;
  }

  colorOf(g: GameRecord, token: string): Color | null {
    const h = hashToken(token);
    if (g.seats.white?.tokenHash === h) return 'white';
    if (g.seats.black?.tokenHash === h) return 'black';
    return null;
  }

  move(id: string, by: Color, move: string, ply?: number): Promise<ActResult> {
    return this.apply(id, () => ({
      type: 'move',
      by,
      move,
      ...(ply !== undefined ? { ply } : {}),
    }));
  }
  resign(id: string, by: Color): Promise<ActResult> {
    return this.apply(id, () => ({ type: 'resign', by }));
  }
  abort(id: string, by: Color): Promise<ActResult> {
    return this.apply(id, () => ({ type: 'abort', by }));
  }
  offer(id: string, by: Color, kind: OfferKind, action: OfferAction): Promise<ActResult> {
    const rematchId = newGameId();
    return this.apply(id, () => ({ type: 'offer', kind, action, by, rematchId }));
  }
  claimWin(id: string, by: Color): Promise<ActResult> {
    return this.apply(id, (live) => ({
      type: 'claim-win',
      by,
      opponentAwaySince: this.awaySince(live, by === 'white' ? 'black' : 'white'),
    }));
  }

  /** The game as it is now (read from storage, so another process's changes show). */
  async state(id: string): Promise<GameState> {
    const live = await this.mustLoad(id, true);
    return this.view(live);
  }

  /** One-line summaries of `records`, with each seated account's rating in the game's variant. */
  async summaries(records: readonly GameRecord[]): Promise<GameSummary[]> {
    const ids = new Set(records.flatMap(seatedAccounts));
    const rows = ids.size ? await this.store.ratings([...ids]) : [];
    const rating = new Map(rows.map((r) => [`${r.accountId} ${r.variant}`, r.rating]));
    return records.map((g) =>
      gameSummary(
        g,
        seatRatings(g, (id) => rating.get(`${id} ${g.variant}`)),
      ),
    );
  }

  /** The record and position of a game, read from storage, with its players as its state shows them (for the PGN). */
  async snapshot(
    id: string,
  ): Promise<{ record: GameRecord; position: Position; players: GameState['players'] }> {
    const live = await this.mustLoad(id, true);
    return { record: live.record, position: live.position, players: this.view(live).players };
  }

  /** A rematch's seat for the player of `color` in the ended game `id`. */
  async rematchSeat(
    id: string,
    color: Color,
    token: string,
  ): Promise<{ id: string; seat: Seat } | undefined> {
    const old = await this.mustLoad(id);
    if (!old.record.rematchId) return undefined;
    // The rematch keeps each player's token: colours swap.
    const next = await this.mustLoad(old.record.rematchId);
    const mine: Color = color === 'white' ? 'black' : 'white';
    if (next.record.seats[mine]?.tokenHash !== hashToken(token)) return undefined;
    return { id: next.record.id, seat: { color: mine, token } };
  }

  /** Starts delivering a game's events to `listener`, beginning with its whole state. */
  async listen(id: string, listener: Listener): Promise<() => void> {
    const live = await this.mustLoad(id, true);
    live.listeners.add(listener);
    this.stateSent.set(listener, live.record.version);
    listener.send({ type: 'state', game: this.view(live), you: listener.color });
    // Then who watches, which the state does not say (later, only changes are told).
    const presence = this.processes.view(live.presence);
    listener.send({ type: 'presence', ...presence });
    live.presence.told ??= JSON.stringify(presence);
    void this.publishPresence(live);
    return () => {
      live.listeners.delete(listener);
      void this.publishPresence(live);
    };
  }

  /** Sends one listener the whole state again (after it took a seat). */
  async resend(id: string, listener: Listener): Promise<void> {
    const live = await this.mustLoad(id);
    listener.send({ type: 'state', game: this.view(live), you: listener.color });
    void this.publishPresence(live);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.processes.close();
    this.posters.close();
    await this.deadlines.close();
    await Promise.allSettled([...this.live.values()].map((l) => l.queue));
  }

  private seat(token: string, account: Account | null): SeatRecord {
    return {
      tokenHash: hashToken(token),
      accountId: account?.id ?? null,
      name: account?.username ?? null,
      bot: account?.bot ?? false,
    };
  }

  private view(live: Live): GameState {
    return gameState(
      live.record,
      live.position,
      this.now(),
      this.processes.view(live.presence).connected,
      this.ratingsOf(live),
    );
  }

  private ratingCache = new Map<number, Map<string, number>>();
  private ratingsOf(live: Live): SeatRatings {
    const g = live.record;
    return seatRatings(g, (id) => this.ratingCache.get(id)?.get(g.variant));
  }

  /** Reads the ratings of the accounts seated in `g` (or of `accountIds`) into the cache. */
  private async refreshRatings(g: GameRecord | readonly number[]): Promise<void> {
    const ids = 'seats' in g ? seatedAccounts(g) : g;
    if (!ids.length) return;
    for (const row of await this.store.ratings(ids)) {
      let m = this.ratingCache.get(row.accountId);
      if (!m) this.ratingCache.set(row.accountId, (m = new Map()));
      m.set(row.variant, row.rating);
    }
  }

  private remember(record: GameRecord, position: Position): Live {
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
    this.live.set(record.id, live);
    this.trimCache();
    return live;
  }

  /**
   * Drops the least recently used games that nobody watches and no event uses, down to
   * MAX_IDLE_CACHED of them (the map's order is the order of last use: `load` moves a game last).
   */
  private trimCache(): void {
    let idle = 0;
    for (const l of this.live.values()) if (!l.listeners.size) idle++;
    for (const [key, l] of this.live) {
      if (idle <= MAX_IDLE_CACHED) break;
      if (l.listeners.size || l.pending) continue;
      this.live.delete(key);
      idle--;
    }
  }

  /** The game from the cache, or from storage; `fresh` reads storage to catch up with others. */
  private async load(id: string, fresh = false): Promise<Live | null> {
    const cached = this.live.get(id);
    if (cached) {
      // Last in the map's order: the most recently used.
      this.live.delete(id);
      this.live.set(id, cached);
      if (!fresh) return cached;
    }
    const record = await this.store.getGame(id);
    if (!record) return null;
    if (cached) {
      await this.catchUp(cached, record);
      return cached;
    }
    const again = this.live.get(id);
    if (again) return again;
    const pos = positionOf(record);
    if (!pos.ok) throw new HttpError(500, 'this game cannot be read');
    await this.refreshRatings(record);
    const live = this.remember(record, pos.value);
    // Other processes may hold seats of this game: they say so on the bus.
    this.bus.publish({ kind: 'presence-ask', id, process: this.processId }).catch(() => undefined);
    return live;
  }

  private async mustLoad(id: string, fresh = false): Promise<Live> {
    const live = await this.load(id, fresh);
    if (!live) throw new HttpError(404, `no game ${id}`);
    return live;
  }

  private async catchUp(live: Live, record: GameRecord): Promise<void> {
    if (record.version <= live.record.version) return;
    const pos = syncPosition(live.position, record);
    if (!pos.ok) throw new HttpError(500, 'this game cannot be read');
    live.position = pos.value;
    live.record = record;
    if (record.status === 'ended') await this.refreshRatings(record);
  }

  /** Runs one event through the machine, commits it and tells everyone; queued per game. */
  private async apply(id: string, event: (live: Live) => GameEvent): Promise<ActResult> {
    const live = await this.mustLoad(id);
    live.pending++;
    const run = live.queue.then(() => {
      const e = event(live);
      if ('by' in e) live.actedAt[e.by] = this.now();
      return this.applyNow(live, event);
    });
    live.queue = run.catch(() => undefined).finally(() => live.pending--);
    return run;
  }

  /**
   * Ends the game if its deadline has passed (the scheduler's call): read from storage first, so a
   * cached game behind another process's moves does not hide the deadline storage shows.
   */
  private async expire(id: string): Promise<void> {
    await this.load(id, true);
    await this.apply(id, () => ({ type: 'flag' }));
  }

  private async applyNow(live: Live, event: (live: Live) => GameEvent): Promise<ActResult> {
    let rechecked = false;
    for (let attempt = 0; ; attempt++) {
      const before = live.record;
      const now = this.now();
      const s = step(before, live.position, event(live), now);
      if (!s.ok) {
        // "Not now" may come from a cached game that another process has moved on from (its
        // notice not here yet): check against storage once before refusing.
        if (s.status === 409 && !rechecked) {
          rechecked = true;
          const fresh = await this.store.getGame(before.id);
          if (fresh && fresh.version > before.version) {
            await this.catchUp(live, fresh);
            continue;
          }
        }
        throw new HttpError(s.status, s.error);
      }
      if (s.game === before) return { game: before, state: this.view(live) };
      const rematch =
        s.rematch && s.game.rematchId ? rematchRecord(s.game, s.game.rematchId, now) : undefined;
      const rate =
        s.game.status === 'ended' && before.status !== 'ended' ? ratingUpdate(s.game) : null;
      let game: GameRecord | null;
      try {
        game = await this.store.saveGame(s.game, before, {
          ...(rematch ? { create: rematch } : {}),
          ...(rate ? { rate } : {}),
        });
      } catch (e) {
        this.resync(live, before);
        throw e;
      }
      if (!game) {
        // Another process changed the game first: read it and try the event again on it.
        this.resync(live, before);
        const fresh = await this.store.getGame(live.record.id);
        if (!fresh || attempt >= 3)
          throw new HttpError(409, 'the game changed meanwhile: try again');
        await this.catchUp(live, fresh);
        continue;
      }
      live.record = game;
      for (const color of COLORS) {
        const id = game.seats[color]?.accountId;
        const change = game.ratingChange?.[color];
        if (id != null && change) this.ratingCache.get(id)?.set(game.variant, change.after);
      }
      this.deadlines.note(deadlineAt(game));
      // The rematch starts now: its first-move deadline runs from here, like any new game's.
      if (rematch) this.deadlines.note(deadlineAt(rematch));
      await this.bus.publish({
        kind: 'game',
        id: s.game.id,
        version: s.game.version,
        tell: s.tell,
      });
      if (s.refusal) throw new HttpError(s.refusal.status, s.refusal.error);
      return { game, state: this.view(live) };
    }
  }

  /** Puts the position back to the record's moves after a refused or failed save. */
  private resync(live: Live, record: GameRecord): void {
    const pos = syncPosition(live.position, record);
    if (pos.ok) live.position = pos.value;
  }

  /** Since when a seat has had no connection anywhere, or null while it has one. */
  private awaySince(live: Live, color: Color): number | null {
    const since = this.processes.awaySince(live.presence, color);
    if (since === null) return null;
    // A seat that acts without a connection (moves over HTTP) is present when it acts: here, or
    // on any process, as its last move shows (the clock of its opponent started then).
    const g = live.record;
    const lastMove = sideToMove(g) !== color ? (g.turnStartedAt ?? 0) : 0;
    return Math.max(since, live.actedAt[color], lastMove);
  }

  /**
   * Publishes this process's connections to the game: per seat, and spectators. A seat connected
   * to a waiting lobby game is its poster's: the lobby lists the game again at once.
   */
  private async publishPresence(live: Live): Promise<void> {
    const c = { white: 0, black: 0, spectators: 0 };
    for (const l of live.listeners) c[l.color ?? 'spectators']++;
    if (c.white + c.black > 0 && isChallenge(live.record)) this.posters.seen([live.record.id]);
    await this.bus
      .publish({ kind: 'presence', id: live.record.id, process: this.processId, ...c })
      .catch(() => undefined);
  }

  /** Tells the game's listeners here who is connected and watching, when that changed. */
  private tellPresence(live: Live, view: PresenceView = this.processes.view(live.presence)): void {
    const told = JSON.stringify(view);
    if (told === live.presence.told) return;
    live.presence.told = told;
    for (const l of live.listeners) l.send({ type: 'presence', ...view });
  }

  /** The waiting lobby games whose poster (a seat) is connected to this process. */
  private postersHere(): string[] {
    const ids: string[] = [];
    for (const live of this.live.values())
      if (isChallenge(live.record) && [...live.listeners].some((l) => l.color))
        ids.push(live.record.id);
    return ids;
  }

  /** The beat's re-check: a process gone silent changes presence without any message. */
  private tellPresenceAll(): void {
    for (const live of this.live.values()) if (live.listeners.size) this.tellPresence(live);
  }

  private async onBus(
    live: Live,
    m: Extract<BusMessage, { kind: 'game' | 'presence' }>,
  ): Promise<void> {
    if (m.kind === 'presence') {
      // A process of an older version tells no spectators.
      const c = { white: m.white, black: m.black, spectators: m.spectators ?? 0 };
      this.tellPresence(live, this.processes.update(live.presence, m.process, c));
      return;
    }
    if (m.version > live.record.version) {
      const fresh = await this.store.getGame(m.id).catch(() => null);
      if (fresh) await this.catchUp(live, fresh).catch(() => undefined);
    }
    this.deliver(live, m.version, m.tell);
  }

  /**
   * After the bus may have missed messages: reads again each game watched here, and
   * sends its listeners the whole state where it changed. Queued with the bus's messages.
   */
  private resyncAll(): void {
    for (const live of this.live.values()) {
      if (!live.listeners.size) continue;
      live.inbox = live.inbox.then(() => this.refresh(live)).catch(() => undefined);
    }
  }

  private async refresh(live: Live): Promise<void> {
    const fresh = await this.store.getGame(live.record.id);
    if (!fresh || fresh.version <= live.record.version) return;
    await this.catchUp(live, fresh);
    this.deliver(live, fresh.version, [{ type: 'state' }]);
  }

  /** Tells the listeners what version `version` changed, except those whose state showed it. */
  private deliver(live: Live, version: number, tell: readonly Notice[]): void {
    for (const l of live.listeners) {
      if (version <= (this.stateSent.get(l) ?? -1)) continue;
      for (const n of tell)
        l.send(n.type === 'state' ? { type: 'state', game: this.view(live), you: l.color } : n);
    }
  }
}

/** A game listed in the lobby while its poster is there (lobby.ts). */
const isChallenge = (g: GameRecord): boolean => g.status === 'waiting' && g.lobby;

/** The accounts seated in a game (none, one or two). */
function seatedAccounts(g: GameRecord): number[] {
  return COLORS.flatMap((c) => {
    const id = g.seats[c]?.accountId;
    return id == null ? [] : [id];
  });
}

/**
 * The rating of each seated account in the game's variant, from `ratingOf`; an account without a
 * rated game in the variant has the starting rating.
 */
function seatRatings(
  g: GameRecord,
  ratingOf: (accountId: number) => number | undefined,
): SeatRatings {
  const r: { white?: number; black?: number } = {};
  for (const c of COLORS) {
    const id = g.seats[c]?.accountId;
    if (id != null) r[c] = ratingOf(id) ?? START.rating;
  }
  return r;
}

/**
 * The rating update a game that just ended makes (rated, between two accounts, decided), for the
 * store to apply under its transaction: the players' new Glicko-2 ratings and the change each saw.
 */
function ratingUpdate(g: GameRecord): RatingUpdate | null {
  const w = g.seats.white?.accountId;
  const b = g.seats.black?.accountId;
  if (!g.rated || w == null || b == null || g.result === '*' || g.result === null) return null;
  const score = g.result === '1-0' ? 1 : g.result === '0-1' ? 0 : 0.5;
  return {
    variant: g.variant,
    white: w,
    black: b,
    apply(white, black) {
      const after = rateGame(white, black, score);
      const ratingChange = {
        white: { before: white.rating, after: after[0].rating },
        black: { before: black.rating, after: after[1].rating },
      };
      return { game: { ...g, ratingChange }, rows: after };
    },
  };
}
