/**
 * The tournaments of the server: making arenas (a player's, within limits; the operator's, from
 * the schedule), joining and withdrawing, what the API shows of them, and their director, which
 * runs each arena by its clock. Every change is in storage (tournament-store.ts), so a restart, or
 * another process, goes on from there:
 * - the director is the deadline scheduler (deadlines.ts) over the tournaments' `next_action_at`:
 *   when one is due, a turn (arena-tick.ts) starts it, pairs its waiting players, or ends it,
 *   under the tournament's lock, so exactly one process pairs a tournament at a time (another
 *   that finds it locked leaves the turn to the holder);
 * - a game's end is scored in the transaction that saves it (arena-game-end.ts, through the
 *   hooks Games calls: `ending`, `ended`), which wakes the director for the players now free;
 * - what changed is told on the bus: the tournament (its stream's readers read it again:
 *   tournament-feed.ts), its pairings (the games to open), and the paired accounts' lists.
 */
import { startPosition, type GameRecord } from '@citadel/game';
import {
  ARENA_DEFAULT_MINUTES,
  MAX_TOURNAMENT_GAMES_SHOWN,
  MAX_TOURNAMENT_LEAD_MS,
  type CreateTournamentRequest,
  type Pairing,
  type Tournament,
  type TournamentEntryView,
  type TournamentStatus,
  type TournamentSummary,
} from '@citadel/protocol';
import { START } from '../accounts/ratings.ts';
import type { Bus } from '../pubsub/bus.ts';
import type { Store } from '../storage/store.ts';
import type { TournamentGameEnd, TournamentRow } from '../storage/tournament-store.ts';
import { arenaGameEnd, PAIR_SOON_MS } from './arena-game-end.ts';
import {
  aheadOf,
  entryKey,
  scheduledName,
  startsBetween,
  type ScheduledArena,
} from './arena-schedule.ts';
import { arenaTick } from './arena-tick.ts';
import { DeadlineScheduler } from './deadlines.ts';
import { Refusal } from './errors.ts';
import type { Account } from './games.ts';
import { hashToken, newGameId, newToken } from './ids.ts';
import { joinEntry, withdrawEntry } from './tournament-entries.ts';
import { entryView, tournamentSummary, tournamentView } from './tournament-view.ts';

/** Tournaments one account may make in a day. */
export const MAX_MADE_PER_DAY = 5;
/** A start this far in the past is taken as "now" (clocks differ); further back is refused. */
export const START_SLACK_MS = 60_000;
/** How often each process makes the schedule's coming arenas. */
export const SCHEDULE_EVERY_MS = 10 * 60_000;
/** Pairings one bus message carries. */
const PAIRINGS_PER_MESSAGE = 50;
/** A director that finds a tournament locked by another process comes back this soon. */
const BUSY_RETRY_MS = 250;
/** Tournaments a list shows. */
const LIST_SIZE = 50;

export interface TournamentsOptions {
  readonly store: Store;
  readonly bus: Bus;
  readonly now: () => number;
  readonly processId: string;
  /** The operator's arenas (none by default). */
  readonly schedule?: readonly ScheduledArena[];
  /** Games this process's director started (their deadlines, the players' lists). */
  readonly started?: (games: readonly GameRecord[]) => void;
  /** How often storage is read for tournaments due (deadlines.ts's default otherwise). */
  readonly pollMs?: number;
}

export class Tournaments {
  private readonly store: Store;
  private readonly director: DeadlineScheduler;
  private scheduleTimer: ReturnType<typeof setInterval> | null = null;
  private closed = false;

  constructor(private readonly o: TournamentsOptions) {
    this.store = o.store;
    this.director = new DeadlineScheduler({
      read: (limit, skip) => o.store.tournamentDeadlines(limit, skip),
      expire: (id) => this.turn(id),
      now: o.now,
      ...(o.pollMs !== undefined ? { pollMs: o.pollMs } : {}),
    });
  }

  /** Starts the director, and makes the schedule's coming arenas now and every so often. */
  start(): void {
    this.director.start();
    if (!this.o.schedule?.length) return;
    const make = (): void => void this.makeScheduled().catch(() => undefined);
    make();
    this.scheduleTimer = setInterval(make, SCHEDULE_EVERY_MS);
    this.scheduleTimer.unref?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.scheduleTimer) clearInterval(this.scheduleTimer);
    await this.director.close();
  }

  /** A player's new tournament; refused with a sentence when it breaks a rule or a limit. */
  async create(req: CreateTournamentRequest, account: Account): Promise<{ id: string }> {
    if (req.kind !== 'arena')
      throw new Refusal(
        'not-implemented',
        'round-robin leagues are not offered yet: make an arena ("kind": "arena")',
      );
    const pos = startPosition(req.variant, req.array, req.rules);
    if (!pos.ok) throw new Refusal('invalid', pos.error);
    if ('daysPerMove' in req.clock)
      throw new Refusal('invalid', 'clock: an arena is played with a live clock');
    const now = this.o.now();
    if (req.startsAt !== undefined && req.startsAt < now - START_SLACK_MS)
      throw new Refusal('invalid', 'startsAt: that time has passed');
    if (req.startsAt !== undefined && req.startsAt > now + MAX_TOURNAMENT_LEAD_MS)
      throw new Refusal(
        'invalid',
        `startsAt: a tournament starts within ${MAX_TOURNAMENT_LEAD_MS / 86_400_000} days`,
      );
    const startsAt = Math.max(now, req.startsAt ?? now);
    const rs = pos.value.rs;
    const t: TournamentRow = {
      id: newGameId(),
      kind: 'arena',
      name: req.name ?? `${account.username}'s arena`,
      variant: rs.def.id,
      array: rs.array.id,
      rules: { ...rs.switches },
      clock: req.clock,
      rated: req.rated ?? true,
      creator: account.id,
      creatorName: account.username,
      scheduleKey: null,
      status: 'created',
      startsAt,
      endsAt: startsAt + (req.minutes ?? ARENA_DEFAULT_MINUTES) * 60_000,
      maxPlayers: req.maxPlayers ?? null,
      players: 0,
      nextActionAt: startsAt,
      createdAt: now,
    };
    const made = await this.store.createTournament(t, {
      since: now - 86_400_000,
      max: MAX_MADE_PER_DAY,
    });
    if (made === 'too-many')
      throw new Refusal(
        'throttled',
        `you have made ${MAX_MADE_PER_DAY} tournaments in the last 24 hours, the most a day: try again later`,
      );
    this.director.note(t.startsAt);
    return { id: t.id };
  }

  /** Joins `account` to the tournament (again, after withdrawing); its entry. */
  async join(id: string, account: Account): Promise<TournamentEntryView> {
    const t = await this.mustGet(id);
    const rows = await this.store.ratings([account.id]);
    const rating = rows.find((r) => r.variant === t.variant)?.rating ?? START.rating;
    const now = this.o.now();
    const entry = await this.store.changeEntry(id, account.id, (fresh, mine) =>
      joinEntry(id, fresh, mine, account, rating, now),
    );
    if (entry.wakeAt !== null) this.director.note(entry.wakeAt);
    this.changed(id, 'changed');
    return entryView(entry.player);
  }

  /** Withdraws `account` from the tournament: its game goes on, it is paired no more. */
  async withdraw(id: string, account: Account): Promise<TournamentEntryView> {
    const entry = await this.store.changeEntry(id, account.id, (t, mine) =>
      withdrawEntry(id, t, mine),
    );
    this.changed(id, 'changed');
    return entryView(entry.player);
  }

  /** The tournaments of `status`; without one, those running, to come, and lately finished. */
  async list(status?: TournamentStatus): Promise<TournamentSummary[]> {
    const statuses = status ? [status] : (['started', 'created', 'finished'] as const);
    const lists = await Promise.all(
      statuses.map((s) => this.store.tournamentsByStatus(s, LIST_SIZE)),
    );
    return lists.flat().map(tournamentSummary);
  }

  /** The tournament as the API shows it, with the entry of `accountId` if it joined. */
  async view(id: string, accountId: number | null = null): Promise<Tournament> {
    const t = await this.mustGet(id);
    const [players, games] = await Promise.all([
      this.store.tournamentPlayers(id),
      this.store.tournamentGames(id, MAX_TOURNAMENT_GAMES_SHOWN),
    ]);
    return tournamentView(t, players, games, accountId);
  }

  /** The tournament's name, for a game's PGN; null when there is none. */
  async nameOf(id: string): Promise<string | null> {
    return (await this.store.getTournament(id))?.name ?? null;
  }

  /** Games' hook: the scoring to save with a tournament game's end. */
  ending(g: GameRecord): TournamentGameEnd | null {
    return g.tournamentId === null ? null : arenaGameEnd(g.tournamentId);
  }

  /** Games' hook: a tournament game's end was saved (and scored). */
  ended(g: GameRecord): void {
    if (g.tournamentId === null) return;
    this.director.note(this.o.now() + PAIR_SOON_MS);
    this.changed(g.tournamentId, 'changed');
  }

  private async mustGet(id: string): Promise<TournamentRow> {
    const t = await this.store.getTournament(id);
    if (!t) throw new Refusal('not-found', `no tournament ${id}`);
    return t;
  }

  /** The director's turn at a tournament that is due. */
  private async turn(id: string): Promise<void> {
    if (this.closed) return;
    const now = this.o.now();
    let before: TournamentStatus | null = null;
    const tick = await this.store.tickTournament(id, (t, players) => {
      before = t.status;
      return arenaTick({
        tournament: t,
        players,
        now,
        newGameId,
        seatTokenHash: () => hashToken(newToken()),
      });
    });
    if (tick === 'busy') return void this.director.note(now + BUSY_RETRY_MS);
    if (!tick) return;
    if (tick.nextActionAt !== null) this.director.note(tick.nextActionAt);
    if (tick.games.length) {
      this.o.started?.(tick.games);
      const pairings: Pairing[] = tick.games.map((g) => ({
        id: g.id,
        white: g.seats.white?.name ?? '?',
        black: g.seats.black?.name ?? '?',
      }));
      for (let i = 0; i < pairings.length; i += PAIRINGS_PER_MESSAGE)
        await this.o.bus
          .publish({
            kind: 'tournament-pairing',
            id,
            games: pairings.slice(i, i + PAIRINGS_PER_MESSAGE),
            process: this.o.processId,
          })
          .catch(() => undefined);
    }
    if (tick.status === 'finished') this.changed(id, 'end');
    else if (tick.games.length || tick.status !== before) this.changed(id, 'changed');
  }

  /** Tells every process that the tournament changed. */
  private changed(id: string, event: 'changed' | 'end'): void {
    this.o.bus.publish({ kind: 'tournament', id, event, process: this.o.processId }).catch(() => {
      // The bus tells the other processes again once it is back (a resync).
    });
  }

  /** Makes the schedule's arenas that start within each entry's reach and are not made yet. */
  private async makeScheduled(): Promise<void> {
    const now = this.o.now();
    for (const e of this.o.schedule ?? []) {
      const pos = startPosition(e.variant, e.array, e.rules);
      if (!pos.ok) continue;
      const rs = pos.value.rs;
      for (const startsAt of startsBetween(e, now, now + aheadOf(e))) {
        if (this.closed) return;
        const made = await this.store.createTournament({
          id: newGameId(),
          kind: 'arena',
          name: scheduledName(e),
          variant: rs.def.id,
          array: rs.array.id,
          rules: { ...rs.switches },
          clock: e.clock,
          rated: e.rated,
          creator: null,
          creatorName: null,
          scheduleKey: `${entryKey(e)} ${startsAt}`,
          status: 'created',
          startsAt,
          endsAt: startsAt + e.minutes * 60_000,
          maxPlayers: null,
          players: 0,
          nextActionAt: startsAt,
          createdAt: now,
        });
        if (made === 'made') this.director.note(startsAt);
      }
    }
  }
}
