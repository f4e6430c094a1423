/**
 * Rated games of one account that end at the same moment each count: the ratings are read and
 * written under the ending's own transaction (locked on PostgreSQL), so no update is lost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateGameResponse, GameState, JoinResponse } from '@citadel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.ts';
import { api, cookieOf } from './support/client.ts';
import { startSuiteServer, testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';

const GAMES = 20;

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  let server: RunningServer;
  let cluster: Cluster | null = null;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'citadel-ratings-'));
    if (postgres) cluster = await startCluster();
    server = await startSuiteServer({ databaseUrl: cluster?.url, dataDir: dir });
  });
  afterAll(async () => {
    await server?.close();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`counts all of ${GAMES} rated games that end together`, async () => {
    const http = api(server.url);
    const signUp = async (username: string): Promise<string> =>
      cookieOf(
        (await http.post('/api/accounts/register', { username, password: 'correct horse' }))
          .headers,
      );
    const ann = await signUp('ann_race');
    const bob = await signUp('bob_race');
    const games: Array<{ id: string; bob: string }> = [];
    for (let i = 0; i < GAMES; i++) {
      const game = (
        await http.post<CreateGameResponse>(
          '/api/games',
          { variant: 'chess', rated: true, color: 'white' },
          undefined,
          ann,
        )
      ).body;
      const seat = (await http.post<JoinResponse>(`/api/games/${game.id}/join`, {}, undefined, bob))
        .body.seat.token;
      await http.post(`/api/games/${game.id}/moves`, { move: 'e4' }, game.seat.token);
      await http.post(`/api/games/${game.id}/moves`, { move: 'e5' }, seat);
      games.push({ id: game.id, bob: seat });
    }
    const ends = await Promise.all(
      games.map((g) => http.post<GameState>(`/api/games/${g.id}/resign`, {}, g.bob)),
    );
    expect(ends.map((r) => r.status)).toEqual(games.map(() => 200));

    for (const name of ['ann_race', 'bob_race']) {
      const view = await http.get<{ ratings: Record<string, { games: number }> }>(
        `/api/players/${name}`,
      );
      expect(view.body.ratings['chess']!.games).toBe(GAMES);
    }
    // Each game saw Ann's rating as the one before it left it: no two start from the same value.
    const before = await Promise.all(
      games.map(
        async (g) => (await http.get<GameState>(`/api/games/${g.id}`)).body.players.white!.rating,
      ),
    );
    expect(new Set(before).size).toBe(GAMES);
  });
});
