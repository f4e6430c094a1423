/**
 * The deadline scheduler: ends the games whose deadline passed (a flag, a missed first move)
 * without keeping anything per game in memory. (The tournament director runs on it too, over the
 * tournaments' `next_action_at`: tournament-director.ts.) Each game's next deadline is a column of its row
 * (`deadline_at`, indexed); the scheduler holds one timer, set for the soonest deadline it knows
 * of. It learns of deadlines in two ways: this process tells it of each one it saves (`note`),
 * and every POLL_MS it reads the soonest from storage, which catches the deadlines other processes
 * set, those of a process that died, and those waiting when this one starts. Start-up reads
 * nothing per game, and memory does not grow with the number of games running.
 *
 * Several processes may end the same game: the versioned save lets one do it, and for the others
 * the game is no longer due (ending a game that is not due changes nothing).
 */
import type { Deadline } from '../storage/store.ts';

/** How often storage is read for deadlines this process was not told of. */
export const POLL_MS = 1_000;
/** At most this many due games are ended one after another before the next read. */
const BATCH = 100;
/** A game whose deadline could not be handled waits this long, doubling up to RETRY_MAX_MS. */
const RETRY_MS = 2_000;
const RETRY_MAX_MS = 300_000;
/** At most this many games wait to be tried again (they are left out of reads meanwhile). */
const MAX_RETRYING = 500;
const MAX_TIMER_MS = 86_400_000;
/** A timer fires a little after the deadline, so the game is surely past it then. */
const SLACK_MS = 5;

export interface DeadlineSchedulerOptions {
  /** The soonest deadlines in storage, soonest first, at most `limit`, leaving out `skip`. */
  readonly read: (limit: number, skip: readonly string[]) => Promise<readonly Deadline[]>;
  /** Ends the game if its deadline has passed; rejects when that could not be done. */
  readonly expire: (id: string) => Promise<unknown>;
  readonly now: () => number;
  readonly pollMs?: number;
}

export class DeadlineScheduler {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the timer fires (epoch ms), or Infinity when none is set. */
  private wakeAt = Infinity;
  private running = false;
  /** The timer fired during a pass: read again as soon as it ends. */
  private again = false;
  private closed = false;
  /** Games whose handling failed: when each may be tried again, and how long it waited last. */
  private readonly retrying = new Map<string, { at: number; wait: number }>();
  private readonly pollMs: number;

  constructor(private readonly o: DeadlineSchedulerOptions) {
    this.pollMs = o.pollMs ?? POLL_MS;
  }

  /** Starts reading storage (at once, then every POLL_MS); until then only noted deadlines fire. */
  start(): void {
    this.wake(this.o.now());
  }

  /** A deadline this process just saved (null: none): the timer is brought forward to it. */
  note(at: number | null): void {
    if (at !== null) this.wake(at + SLACK_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Sets the timer for `at` unless it is already set sooner. */
  private wake(at: number): void {
    if (this.closed || at >= this.wakeAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.wakeAt = at;
    // setTimeout's reach is about 24 days: a pass then finds the deadline still ahead.
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, at - this.o.now()));
    this.timer = setTimeout(() => void this.run(), wait);
    this.timer.unref?.();
  }

  private async run(): Promise<void> {
    this.timer = null;
    this.wakeAt = Infinity;
    // One pass at a time; a pass that ends sets the next timer itself.
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.again = false;
    let next: number;
    try {
      next = await this.pass();
    } catch {
      // Storage is away: read again at the next poll.
      next = this.o.now() + this.pollMs;
    } finally {
      this.running = false;
    }
    this.wake(this.again ? this.o.now() : next);
  }

  /** Ends the due games of one read; returns when to read next. */
  private async pass(): Promise<number> {
    const now = this.o.now();
    const waiting = [...this.retrying].filter(([, r]) => r.at > now).map(([id]) => id);
    const soonest = await this.o.read(BATCH, waiting);
    let next = now + this.pollMs;
    const tried = new Set<string>();
    for (const d of soonest) {
      if (d.at > now) {
        next = Math.min(next, d.at + SLACK_MS);
        break;
      }
      if (this.closed) break;
      tried.add(d.id);
      try {
        await this.o.expire(d.id);
        this.retrying.delete(d.id);
      } catch {
        this.retryLater(d.id, now);
      }
    }
    // A full batch of due games: the next ones may be due too.
    if (soonest.length === BATCH && soonest.every((d) => d.at <= now)) next = this.o.now();
    for (const [id, r] of this.retrying) {
      // A game no longer due (ended meanwhile) is forgotten.
      if (r.at <= now && !tried.has(id)) this.retrying.delete(id);
      else next = Math.min(next, r.at);
    }
    return next;
  }

  private retryLater(id: string, now: number): void {
    const wait = Math.min(RETRY_MAX_MS, (this.retrying.get(id)?.wait ?? RETRY_MS / 2) * 2);
    if (this.retrying.size < MAX_RETRYING || this.retrying.has(id))
      this.retrying.set(id, { at: now + wait, wait });
  }
}
