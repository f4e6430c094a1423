/**
 * The games of this process: runs the state machine one event at a time per game, commits (a save
 * over a version another process changed is retried on the fresh record), then publishes what to
 * tell on the bus and delivers it to the local listeners (sockets and streams). Its parts: the
 * cache of games held here (game-cache.ts), presence (presence.ts), the lobby's posters
 * (lobby.ts), the deadline scheduler (deadlines.ts) and the seated accounts' ratings
 * (seat-ratings.ts); the lists the API serves are game-lists.ts.
 */
import type { Position } from '@citadel/core';
import type {
  Color,
  CreateGameRequest,
  GameState,
  OfferAction,
  OfferKind,
  Seat,
} from '@citadel/protocol';
import { COLORS } from '@citadel/protocol';
import {
  deadlineAt,
  gameState,
  newGameRecord,
  rematchRecord,
  sideToMove,
  startPosition,
  step,
  type GameEvent,
  type GameRecord,
  type Notice,
  type SeatRecord,
} from '@citadel/game';
import type { Bus, BusMessage } from '../pubsub/bus.ts';
import { DeadlineScheduler } from './deadlines.ts';
import { ratingUpdate, SeatRatingCache } from './seat-ratings.ts';
import type { Store } from '../storage/store.ts';
import type { TournamentGameEnd } from '../storage/tournament-store.ts';
import { Refusal } from './errors.ts';
import { hashToken, newGameId, newToken } from './ids.ts';
import { GameCache, type Live } from './game-cache.ts';
import type { Listener } from './listener.ts';
export type { Listener } from './listener.ts';
import { PosterBeat } from './lobby.ts';
import { ProcessPresence, type PresenceView } from './presence.ts';

/** Who asks: an account (from the session cookie) or nobody. */
export interface Account {
  readonly id: number;
  readonly username: string;
  /** A bot account: the seats it takes are marked so. */
  readonly bot: boolean;
}

/**
 * What the tournaments do when one of their games ends (service/tournaments.ts): the scoring
 * saved with the end, in its transaction, and what follows once it is saved.
 */
export interface TournamentHooks {
  ending(g: GameRecord): TournamentGameEnd | null;
  ended(g: GameRecord): void;
}

export interface ActResult {
  readonly game: GameRecord;
  readonly state: GameState;
}

export class Games {
  private readonly cache: GameCache;
  readonly processId = newToken().slice(0, 12);
  private closed = false;
  /** The game version of the whole state each listener was sent on listening. */
  private readonly stateSent = new WeakMap<Listener, number>();
  /** The other processes as presence knows them, and this one's beat (presence.ts). */
  private readonly processes: ProcessPresence;
  /** Keeps the lobby listing the challenges whose poster is connected here (lobby.ts). */
  private readonly posters: PosterBeat;
  private readonly deadlines: DeadlineScheduler;
  private readonly ratings: SeatRatingCache;
  private readonly tournaments: TournamentHooks | null;

  constructor(
    readonly store: Store,
    private readonly bus: Bus,
    readonly now: () => number = Date.now,
    options: { readonly deadlinePollMs?: number; readonly tournaments?: TournamentHooks } = {},
  ) {
    this.tournaments = options.tournaments ?? null;
    this.processes = new ProcessPresence(this.processId, bus, now, () => this.tellPresenceAll());
    this.posters = new PosterBeat(store, now, () => this.postersHere());
    this.ratings = new SeatRatingCache(store);
    this.cache = new GameCache(store, now, {
      reading: (record) => this.ratings.refresh(record),
      // Other processes may hold seats of this game: they say so on the bus.
      held: (live) =>
        void this.bus
          .publish({ kind: 'presence-ask', id: live.record.id, process: this.processId })
          .catch(() => undefined),
    });
    this.deadlines = new DeadlineScheduler({
      read: (limit, skip) => store.deadlines(limit, skip),
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
      if (
        m.kind === 'alive' ||
        m.kind === 'lobby' ||
        m.kind === 'account-games' ||
        m.kind === 'accounts-games' ||
        m.kind === 'tournament' ||
        m.kind === 'tournament-pairing'
      )
        return;
      const live = this.cache.peek(m.id);
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
    if (!pos.ok) throw new Refusal('invalid', pos.error);
    if (req.rated && !account)
      throw new Refusal('invalid', 'a rated game needs an account: log in first');
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
    await this.ratings.refresh(record);
    this.cache.remember(record, pos.value);
    return { id: record.id, seat: { color, token } };
  }

  async join(id: string, account: Account | null): Promise<Seat> {
    const live = await this.cache.mustLoad(id);
    const g = live.record;
    const free: Color | null = !g.seats.white ? 'white' : !g.seats.black ? 'black' : null;
    if (!free || g.status !== 'waiting') throw new Refusal('conflict', 'both seats are taken');
    if (g.rated && !account)
      throw new Refusal('forbidden', 'a rated game needs an account: log in first');
    const taken = g.seats.white ?? g.seats.black;
    if (account && taken?.accountId === account.id)
      throw new Refusal('conflict', 'you created this game: send its link to your opponent');
    const token = newToken();
    if (account) await this.ratings.refresh([account.id]);
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
    const live = await this.cache.mustLoad(id);
    const seats = live.record.seats;
    const color = token
      ? this.colorOf(live.record, token)
      : account === null
        ? null
        : (COLORS.find((c) => seats[c]?.accountId === account.id) ?? null);
    if (!color)
      throw new Refusal(
        'forbidden',
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

  /**
   * Plays `by`'s move; `moveTime`, the client's report of how long it held the turn, lets the
   * machine credit the network's lag, bounded by the round trip measured on the seat's sockets
   * here (none over a stream: the quota alone bounds it then).
   */
  move(id: string, by: Color, move: string, ply?: number, moveTime?: number): Promise<ActResult> {
    return this.apply(id, (live) => ({
      type: 'move',
      by,
      move,
      ...(ply !== undefined ? { ply } : {}),
      ...(moveTime !== undefined ? { moveTime, roundTrip: roundTripOf(live, by) } : {}),
    }));
  }
  /** `by` gives the opponent time (@citadel/game's add-time.ts). */
  addTime(id: string, by: Color): Promise<ActResult> {
    return this.apply(id, () => ({ type: 'add-time', by }));
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
  berserk(id: string, by: Color): Promise<ActResult> {
    return this.apply(id, () => ({ type: 'berserk', by }));
  }
  claimWin(id: string, by: Color): Promise<ActResult> {
    return this.apply(id, (live) => ({
      type: 'claim-win',
      by,
      opponentAwaySince: this.awaySince(live, by === 'white' ? 'black' : 'white'),
    }));
  }

  /** Games started elsewhere than `create` (a tournament's pairing): their deadlines here. */
  started(records: readonly GameRecord[]): void {
    let soonest: number | null = null;
    for (const g of records) {
      const at = deadlineAt(g);
      if (at !== null && (soonest === null || at < soonest)) soonest = at;
    }
    this.deadlines.note(soonest);
  }

  /** The game as it is now (read from storage, so another process's changes show). */
  async state(id: string): Promise<GameState> {
    const live = await this.cache.mustLoad(id, true);
    return this.view(live);
  }

  /** The record and position of a game, read from storage, with its players as its state shows them (for the PGN). */
  async snapshot(
    id: string,
  ): Promise<{ record: GameRecord; position: Position; players: GameState['players'] }> {
    const live = await this.cache.mustLoad(id, true);
    return { record: live.record, position: live.position, players: this.view(live).players };
  }

  /** A rematch's seat for the player of `color` in the ended game `id`. */
  async rematchSeat(
    id: string,
    color: Color,
    token: string,
  ): Promise<{ id: string; seat: Seat } | undefined> {
    const old = await this.cache.mustLoad(id);
    if (!old.record.rematchId) return undefined;
    // The rematch keeps each player's token: colours swap.
    const next = await this.cache.mustLoad(old.record.rematchId);
    const mine: Color = color === 'white' ? 'black' : 'white';
    if (next.record.seats[mine]?.tokenHash !== hashToken(token)) return undefined;
    return { id: next.record.id, seat: { color: mine, token } };
  }

  /** Starts delivering a game's events to `listener`, beginning with its whole state. */
  async listen(id: string, listener: Listener): Promise<() => void> {
    const live = await this.cache.mustLoad(id, true);
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
    const live = await this.cache.mustLoad(id);
    listener.send({ type: 'state', game: this.view(live), you: listener.color });
    void this.publishPresence(live);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.processes.close();
    this.posters.close();
    await this.deadlines.close();
    await Promise.allSettled([...this.cache.held()].map((l) => l.queue));
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
      this.ratings.of(live.record),
    );
  }

  /** Runs one event through the machine, commits it and tells everyone; queued per game. */
  private async apply(id: string, event: (live: Live) => GameEvent): Promise<ActResult> {
    const live = await this.cache.mustLoad(id);
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
    await this.cache.load(id, true);
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
        if (s.reason === 'conflict' && !rechecked) {
          rechecked = true;
          const fresh = await this.store.getGame(before.id);
          if (fresh && fresh.version > before.version) {
            await this.cache.catchUp(live, fresh);
            continue;
          }
        }
        throw new Refusal(s.reason, s.error);
      }
      if (s.game === before) return { game: before, state: this.view(live) };
      const rematch =
        s.rematch && s.game.rematchId ? rematchRecord(s.game, s.game.rematchId, now) : undefined;
      const ended = s.game.status === 'ended' && before.status !== 'ended';
      const rate = ended ? ratingUpdate(s.game) : null;
      const tournament = ended ? (this.tournaments?.ending(s.game) ?? null) : null;
      let game: GameRecord | null;
      try {
        game = await this.store.saveGame(s.game, before, {
          ...(rematch ? { create: rematch } : {}),
          ...(rate ? { rate } : {}),
          ...(tournament ? { tournament } : {}),
        });
      } catch (e) {
        this.cache.resync(live, before);
        throw e;
      }
      if (!game) {
        // Another process changed the game first: read it and try the event again on it.
        this.cache.resync(live, before);
        const fresh = await this.store.getGame(live.record.id);
        if (!fresh || attempt >= 3)
          throw new Refusal('conflict', 'the game changed meanwhile: try again');
        await this.cache.catchUp(live, fresh);
        continue;
      }
      live.record = game;
      this.ratings.noteEnded(game);
      if (tournament) this.tournaments?.ended(game);
      this.deadlines.note(deadlineAt(game));
      // The rematch starts now: its first-move deadline runs from here, like any new game's.
      if (rematch) this.deadlines.note(deadlineAt(rematch));
      await this.bus.publish({
        kind: 'game',
        id: s.game.id,
        version: s.game.version,
        tell: s.tell,
      });
      if (s.refusal) throw new Refusal(s.refusal.reason, s.refusal.error);
      return { game, state: this.view(live) };
    }
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
    for (const live of this.cache.held())
      if (isChallenge(live.record) && [...live.listeners].some((l) => l.color))
        ids.push(live.record.id);
    return ids;
  }

  /** The beat's re-check: a process gone silent changes presence without any message. */
  private tellPresenceAll(): void {
    for (const live of this.cache.held()) if (live.listeners.size) this.tellPresence(live);
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
      if (fresh) await this.cache.catchUp(live, fresh).catch(() => undefined);
    }
    this.deliver(live, m.version, m.tell);
  }

  /**
   * After the bus may have missed messages: reads again each game watched here, and
   * sends its listeners the whole state where it changed. Queued with the bus's messages.
   */
  private resyncAll(): void {
    for (const live of this.cache.held()) {
      if (!live.listeners.size) continue;
      live.inbox = live.inbox.then(() => this.refresh(live)).catch(() => undefined);
    }
  }

  private async refresh(live: Live): Promise<void> {
    const fresh = await this.store.getGame(live.record.id);
    if (!fresh || fresh.version <= live.record.version) return;
    await this.cache.catchUp(live, fresh);
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

/**
 * The round trip measured on the seat's sockets held here (ms): the longest where it has several
 * (the move came from one of them), null where none has been measured.
 */
function roundTripOf(live: Live, color: Color): number | null {
  let longest: number | null = null;
  for (const l of live.listeners) {
    const trip = l.color === color ? (l.roundTrip?.() ?? null) : null;
    if (trip !== null) longest = Math.max(longest ?? 0, trip);
  }
  return longest;
}

/** A game listed in the lobby while its poster is there (lobby.ts). */
const isChallenge = (g: GameRecord): boolean => g.status === 'waiting' && g.lobby;
