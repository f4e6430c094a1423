/**
 * Simulated players for the server benchmark: each game is created and joined over HTTP, then
 * both players hold a WebSocket and move at random times (mean `intervalMs` between a game's
 * moves), playing one of a few random legal lines made on the rules core beforehand (so that the
 * players' process holds no position per game and spends its time on the sockets). A move's relay
 * latency is the time from one player's send to the opponent's receipt of it. A game that ends, or
 * runs out of its line, is replaced by a new one.
 */
import { Position, mulberry32 } from '@citadel/core';
import {
  createGameResponseSchema,
  joinResponseSchema,
  serverEventSchema,
  type Seat,
} from '@citadel/protocol';
import WebSocket from 'ws';

export interface LoadStats {
  /** Relay latencies in ms, of moves sent while recording. */
  readonly latencies: number[];
  relayed: number;
  errors: number;
  lastError: string;
  gamesEnded: number;
}

const CLOCK = { initial: 3 * 3600, increment: 0 };
const FIRST_MOVE_WAIT_MS = 20_000;
const VARIANT = 'tamerlane';

/**
 * `count` random legal lines of the variant's start position, each up to `maxPlies` long or to the
 * end of its game, the same for the same seed.
 */
export function randomLines(count: number, maxPlies: number, seed: number): string[][] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => {
    const start = Position.start(VARIANT, {});
    if (!start.ok) throw new Error(start.error);
    const position = start.value;
    const line: string[] = [];
    while (line.length < maxPlies && !position.outcome()) {
      const legal = position.legalMoves();
      if (legal.length === 0) break;
      const m = legal[Math.floor(random() * legal.length)]!;
      position.play(m.text);
      line.push(m.text);
    }
    return line;
  });
}

async function post(base: string, path: string, body: unknown): Promise<unknown> {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data: unknown = await r.json();
  if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(data)}`);
  return data;
}

class Player {
  readonly ws: WebSocket;
  ready: Promise<void>;

  constructor(base: string, id: string, seat: Seat, onEvent: (p: Player, e: unknown) => void) {
    this.ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/games/${id}/socket`);
    this.ready = new Promise((resolve, reject) => {
      this.ws.once('open', () => {
        this.ws.send(JSON.stringify({ type: 'auth', token: seat.token }));
        resolve();
      });
      this.ws.once('error', reject);
    });
    this.ws.on('message', (data) => {
      try {
        onEvent(this, JSON.parse(String(data)));
      } catch {
        // A message that is not JSON is counted by the caller's checks.
      }
    });
  }
}

export class SimGame {
  private readonly players = new Map<'white' | 'black', Player>();
  private plies = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sentAt = 0;
  private sentPly = -1;
  private authed = 0;
  ended = false;
  onEnded: (() => void) | null = null;

  private constructor(
    private readonly base: string,
    private readonly id: string,
    private readonly intervalMs: number,
    private readonly stats: LoadStats,
    private readonly recording: () => boolean,
    private readonly random: () => number,
    private readonly line: readonly string[],
  ) {}

  /**
   * Creates, joins and connects a game that will play `line`; resolves once both players hold
   * their seats.
   */
  static async start(
    base: string,
    intervalMs: number,
    stats: LoadStats,
    recording: () => boolean,
    seed: number,
    line: readonly string[],
  ): Promise<SimGame> {
    const made = createGameResponseSchema.parse(
      await post(base, '/api/games', { variant: VARIANT, clock: CLOCK, color: 'white' }),
    );
    const joined = joinResponseSchema.parse(await post(base, `/api/games/${made.id}/join`, {}));
    const g = new SimGame(base, made.id, intervalMs, stats, recording, mulberry32(seed), line);
    const authed = new Promise<void>((resolve) => (g.whenAuthed = resolve));
    for (const seat of [made.seat, joined.seat]) {
      g.players.set(
        seat.color,
        new Player(base, made.id, seat, (p, e) => g.receive(p, seat.color, e)),
      );
    }
    await Promise.all([...g.players.values()].map((p) => p.ready));
    await authed;
    g.schedule();
    return g;
  }

  private whenAuthed: () => void = () => {};

  private receive(_p: Player, color: 'white' | 'black', raw: unknown): void {
    const parsed = serverEventSchema.safeParse(raw);
    if (!parsed.success) return;
    const e = parsed.data;
    if (e.type === 'state') {
      if (e.you === color && ++this.authed === 2) this.whenAuthed();
    } else if (e.type === 'move') {
      const mover = e.ply % 2 === 1 ? 'white' : 'black';
      if (color === mover) return;
      // The opponent's receipt: the relay is done.
      if (e.ply === this.sentPly) {
        if (this.recording()) {
          this.stats.latencies.push(performance.now() - this.sentAt);
          this.stats.relayed++;
        }
        this.plies = e.ply;
        this.schedule();
      }
    } else if (e.type === 'end') {
      this.finish();
    } else if (e.type === 'error') {
      this.stats.errors++;
      this.stats.lastError = e.error;
    }
  }

  /** The side to move sends a random legal move after an exponential wait (mean intervalMs). */
  private schedule(): void {
    if (this.ended) return;
    const wait = -Math.log(1 - this.random()) * this.intervalMs;
    // A first move comes within the server's 30 s, or the server aborts the game.
    const cap =
      this.plies < 2 ? Math.min(FIRST_MOVE_WAIT_MS, this.intervalMs * 5) : this.intervalMs * 5;
    this.timer = setTimeout(() => this.move(), Math.min(wait, cap));
  }

  private move(): void {
    const text = this.line[this.plies];
    if (text === undefined) {
      // The line is played out without an end the server announced: a new game takes its place.
      this.finish();
      return;
    }
    const mover = this.plies % 2 === 0 ? 'white' : 'black';
    this.sentPly = this.plies + 1;
    this.sentAt = performance.now();
    this.players.get(mover)!.ws.send(JSON.stringify({ type: 'move', move: text, ply: this.plies }));
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.timer) clearTimeout(this.timer);
    this.stats.gamesEnded++;
    this.close();
    this.onEnded?.();
  }

  /** Whether both players' sockets are open. */
  held(): boolean {
    return (
      !this.ended && [...this.players.values()].every((p) => p.ws.readyState === WebSocket.OPEN)
    );
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.ended = true;
    for (const p of this.players.values()) p.ws.terminate();
  }

  get gameId(): string {
    return this.id;
  }

  get baseUrl(): string {
    return this.base;
  }
}
