/**
 * How long an engine may think: a clock (`10+0.1`: base seconds + increment seconds, optionally
 * `40/60+0` moves per period), a fixed time per move (`--movetime ms`) or a node budget
 * (`--nodes N`). The match keeps each engine's clock itself.
 */

export type Limit =
  | {
      readonly kind: 'clock';
      /** Base time, ms. */
      readonly baseMs: number;
      /** Increment per move, ms. */
      readonly incMs: number;
      /** Moves per period (the base is added again after them); 0 = whole game. */
      readonly moves: number;
    }
  | { readonly kind: 'movetime'; readonly ms: number }
  | { readonly kind: 'nodes'; readonly nodes: number };

const NUM = String.raw`(\d+(?:\.\d+)?)`;

/** Parses `base[+inc]` in seconds, optionally `moves/base[+inc]`. */
export function parseTimeControl(text: string): Limit | string {
  const m = new RegExp(String.raw`^(?:(\d+)/)?${NUM}(?:\+${NUM})?$`).exec(text.trim());
  if (!m) return `a time control is seconds[+increment] (e.g. 10+0.1 or 40/60), not '${text}'`;
  const baseMs = Math.round(Number(m[2]) * 1000);
  const incMs = Math.round(Number(m[3] ?? '0') * 1000);
  if (baseMs <= 0) return `the base time must be above 0 (got '${text}')`;
  return { kind: 'clock', baseMs, incMs, moves: Number(m[1] ?? '0') };
}

/** The PGN `TimeControl` text: `10+0.1`, `40/60`, or our descriptions for the other limits. */
export function timeControlTag(limit: Limit): string {
  switch (limit.kind) {
    case 'clock': {
      const base = `${limit.baseMs / 1000}`;
      const tc = limit.incMs ? `${base}+${limit.incMs / 1000}` : base;
      return limit.moves ? `${limit.moves}/${tc}` : tc;
    }
    case 'movetime':
      return `movetime ${limit.ms}ms`;
    case 'nodes':
      return `nodes ${limit.nodes}`;
  }
}

/** One engine's clock for a game. */
export class Clock {
  remainingMs: number;
  private movesInPeriod = 0;

  constructor(readonly limit: Limit) {
    this.remainingMs = limit.kind === 'clock' ? limit.baseMs : 0;
  }

  /** Moves left in the period for `movestogo`, or 0. */
  movesToGo(): number {
    return this.limit.kind === 'clock' && this.limit.moves
      ? this.limit.moves - this.movesInPeriod
      : 0;
  }

  /**
   * How long to wait for `bestmove` before the engine has lost on time (`marginMs` of grace);
   * `hangMs` bounds node-limited searches.
   */
  deadlineMs(marginMs: number, hangMs: number): number {
    switch (this.limit.kind) {
      case 'clock':
        return Math.max(0, this.remainingMs) + marginMs;
      case 'movetime':
        return this.limit.ms + marginMs;
      case 'nodes':
        return hangMs;
    }
  }

  /** Charges a move that took `elapsedMs`; returns false when the engine overstepped its time. */
  charge(elapsedMs: number, marginMs: number): boolean {
    const limit = this.limit;
    switch (limit.kind) {
      case 'clock': {
        this.remainingMs -= elapsedMs;
        if (this.remainingMs < -marginMs) return false;
        this.remainingMs = Math.max(0, this.remainingMs) + limit.incMs;
        if (limit.moves && ++this.movesInPeriod >= limit.moves) {
          this.movesInPeriod = 0;
          this.remainingMs += limit.baseMs;
        }
        return true;
      }
      case 'movetime':
        return elapsedMs <= limit.ms + marginMs;
      case 'nodes':
        return true;
    }
  }
}

/** The `go` command for the side to move. */
export function goCommand(white: Clock, black: Clock, turn: 'white' | 'black'): string {
  const own = turn === 'white' ? white : black;
  const limit = own.limit;
  switch (limit.kind) {
    case 'movetime':
      return `go movetime ${limit.ms}`;
    case 'nodes':
      return `go nodes ${limit.nodes}`;
    case 'clock': {
      const ms = (c: Clock): number => Math.max(1, Math.round(c.remainingMs));
      const inc = (c: Clock): number => (c.limit.kind === 'clock' ? c.limit.incMs : 0);
      let cmd = `go wtime ${ms(white)} btime ${ms(black)}`;
      if (inc(white) || inc(black)) cmd += ` winc ${inc(white)} binc ${inc(black)}`;
      const mtg = own.movesToGo();
      if (mtg) cmd += ` movestogo ${mtg}`;
      return cmd;
    }
  }
}
