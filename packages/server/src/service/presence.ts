/**
 * Presence: who is connected to each game, on every process. Each process counts the sockets and
 * streams of each game it serves (per seat, and spectators) and publishes the counts on the bus
 * whenever one of them changes; every process (itself included) keeps the latest counts of each
 * process by game.
 *
 * A process may die with its connections (SIGKILL, a lost machine) and never say so. So each
 * process also says it is alive every PRESENCE_REFRESH_MS: one bus message per process, whatever
 * the number of games. The counts of a process not heard from for PRESENCE_STALE_MS no longer
 * count, and the same beat re-checks the games this process has listeners for, so that a change
 * (a seat gone with its process) is pushed to them within PRESENCE_STALE_MS + PRESENCE_REFRESH_MS
 * of the death, without any request.
 */
import type { ByColor, Color } from '@citadel/protocol';
import type { Bus } from '../pubsub/bus.ts';

/** How often each process says it is alive, and re-checks the presence it has told. */
export const PRESENCE_REFRESH_MS = 3_000;
/** A process silent this long (three beats missed) is taken for dead: its connections stop counting. */
export const PRESENCE_STALE_MS = 10_000;

/** One process's connections to one game. */
export interface Connections {
  readonly white: number;
  readonly black: number;
  readonly spectators: number;
}

/** What listeners are told: each seat connected anywhere, and how many watch. */
export interface PresenceView {
  readonly connected: ByColor<boolean>;
  readonly spectators: number;
}

/** One game's presence as this process knows it. */
export class GamePresence {
  /** Connections by process id: this process's own come back over the bus as the others' do. */
  readonly byProcess = new Map<string, Connections>();
  /**
   * Since when each seat has been seen away (null while connected). Until presence says
   * otherwise, a seat counts as away since the game was read here.
   */
  readonly awaySince: ByColor<number | null>;
  /** The presence last told to this process's listeners, to tell only changes (null: nothing yet). */
  told: string | null = null;

  constructor(now: number) {
    this.awaySince = { white: now, black: now };
  }
}

/**
 * This process's knowledge of the others (when each was last heard from) and its own beat:
 * `alive` on the bus every PRESENCE_REFRESH_MS, then `onBeat` (the re-check of what was told).
 */
export class ProcessPresence {
  private readonly heard = new Map<string, number>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    readonly processId: string,
    bus: Bus,
    private readonly now: () => number,
    onBeat: () => void,
  ) {
    this.timer = setInterval(() => {
      bus.publish({ kind: 'alive', process: processId }).catch(() => undefined);
      onBeat();
    }, PRESENCE_REFRESH_MS);
    this.timer.unref?.();
  }

  /** Any bus message from `process` shows it alive. */
  heardFrom(process: string): void {
    if (process !== this.processId) this.heard.set(process, this.now());
  }

  /**
   * After this process's bus was cut off (it hands a `resync` once connected again): the silence
   * of the others was its own deafness, so each counts as heard from now and has a full
   * PRESENCE_STALE_MS to speak again before its connections stop counting.
   */
  heardAllNow(): void {
    const now = this.now();
    for (const process of this.heard.keys()) this.heard.set(process, now);
  }

  /** Whether the counts `process` published still count (this process's own always do). */
  counts(process: string): boolean {
    return process === this.processId || this.now() - this.lastHeard(process) <= PRESENCE_STALE_MS;
  }

  /** When `process` was last heard from (-Infinity: never). */
  lastHeard(process: string): number {
    return this.heard.get(process) ?? -Infinity;
  }

  /** Each seat connected on some process that counts, and the spectators of those processes. */
  view(g: GamePresence): PresenceView {
    const connected = { white: false, black: false };
    let spectators = 0;
    for (const [process, c] of g.byProcess) {
      if (!this.counts(process)) continue;
      if (c.white > 0) connected.white = true;
      if (c.black > 0) connected.black = true;
      spectators += c.spectators;
    }
    return { connected, spectators };
  }

  /**
   * Records the counts `process` published for a game and keeps `awaySince` up to date; returns
   * the view after it.
   */
  update(g: GamePresence, process: string, c: Connections): PresenceView {
    const before = this.view(g).connected;
    if (c.white === 0 && c.black === 0 && c.spectators === 0) g.byProcess.delete(process);
    else g.byProcess.set(process, c);
    const after = this.view(g);
    for (const color of ['white', 'black'] as const)
      if (
        before[color] !== after.connected[color] ||
        (!after.connected[color] && g.awaySince[color] === null)
      )
        g.awaySince[color] = after.connected[color] ? null : this.now();
    return after;
  }

  /**
   * Since when a seat has had no connection anywhere by presence alone, or null while it has one.
   * A seat last reported by a process that went silent is away since that process was last heard.
   */
  awaySince(g: GamePresence, color: Color): number | null {
    if (this.view(g).connected[color]) return null;
    let since = g.awaySince[color];
    for (const [process, c] of g.byProcess) {
      const at = this.lastHeard(process);
      if (c[color] > 0 && (since === null || at > since)) since = at;
    }
    return since;
  }

  close(): void {
    clearInterval(this.timer);
  }
}
