/**
 * Scripted players of an arena over HTTP, each signed in by its session cookie: registering,
 * joining, reading the tournament as the player sees it, and acting in a game by the player's
 * account (no seat token: a tournament's seats are played by their accounts).
 */
import type { GameState, Tournament } from '@citadel/protocol';
import { expect } from 'vitest';
import { api, cookieOf } from './client.ts';

export class ArenaPlayers {
  private http: ReturnType<typeof api>;
  private readonly cookies = new Map<string, string>();

  constructor(url: string) {
    this.http = api(url);
  }

  /** Talks to another server (a restarted one) from now on; the sessions stay. */
  useServer(url: string): void {
    this.http = api(url);
  }

  /** Registers `name` and keeps its session. */
  async register(name: string): Promise<string> {
    const r = await this.http.post('/api/accounts/register', {
      username: name,
      password: 'long enough',
    });
    expect(r.status).toBe(201);
    this.cookies.set(name, cookieOf(r.headers));
    return name;
  }

  cookie(name: string): string {
    const c = this.cookies.get(name);
    if (!c) throw new Error(`${name} is not registered here`);
    return c;
  }

  /** A tournament request made by `name`. */
  post<T = Record<string, unknown>>(name: string, path: string, body: unknown = {}) {
    return this.http.post<T>(path, body, undefined, this.cookie(name));
  }

  /** The tournament as `name` (or a guest) sees it. */
  async view(id: string, name?: string): Promise<Tournament> {
    const r = await this.http.get<Tournament>(
      `/api/tournaments/${id}`,
      undefined,
      name ? this.cookie(name) : undefined,
    );
    expect(r.status).toBe(200);
    return r.body;
  }

  async state(gameId: string): Promise<GameState> {
    return (await this.http.get<GameState>(`/api/games/${gameId}`)).body;
  }

  /** `name` acts in a game (`moves`, `resign`, `berserk`, `draw`...). */
  act(name: string, gameId: string, what: string, body: unknown = {}) {
    return this.http.post<GameState & { error?: string }>(
      `/api/games/${gameId}/${what}`,
      body,
      undefined,
      this.cookie(name),
    );
  }

  move(name: string, gameId: string, move: string) {
    return this.act(name, gameId, 'moves', { move });
  }
}
