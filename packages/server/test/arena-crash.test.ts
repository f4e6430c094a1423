/**
 * SIGKILL during an arena, on SQLite and on PostgreSQL: the server process is killed with no
 * chance to clean up while a game of the arena is in progress and two players wait, started again
 * on the same database and port; the standings (scores, streaks, performances), the games and the
 * running game (its moves, berserk and clocks) are as they were acknowledged, the arena pairs
 * again as if nothing happened (nobody meets their last opponent), the streak still doubles, and
 * the arena ends on time. The process's clock is moved forward (support/shifted-server.ts) instead
 * of waiting for the arena's minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Standing, Tournament, TournamentGame } from '@citadel/protocol';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ArenaPlayers } from './support/arena-players.ts';
import { testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';
import { startShiftedProcess, type ShiftedServerProcess } from './support/process.ts';

const PAWNS = {
  white: ['a3', 'b3', 'c3', 'd3', 'e3', 'f3', 'g3'],
  black: ['a6', 'b6', 'c6', 'd6', 'e6', 'f6', 'g6'],
};

const running = (t: Tournament): TournamentGame[] => t.games.filter((g) => g.status === 'started');
const line = (standings: readonly Standing[], name: string): Standing =>
  standings.find((s) => s.name === name)!;
const opponentOf = (g: TournamentGame, name: string): string =>
  g.white === name ? g.black : g.white;

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  const dir = mkdtempSync(join(tmpdir(), 'citadel-arena-crash-'));
  let cluster: Cluster | null = null;
  let server: ShiftedServerProcess | null = null;
  afterAll(async () => {
    await server?.kill();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps standings, streaks, pairings and the running game across kill -9; ends on time', async () => {
    if (postgres) cluster = await startCluster();
    const env = cluster ? { DATABASE_URL: cluster.url } : { CITADEL_DATA: dir };
    server = await startShiftedProcess(env, 0);
    const p = new ArenaPlayers(server.url);
    const suffix = postgres ? 'pg' : 'sq';
    const names: string[] = [];
    for (const n of ['ann', 'bob', 'cat', 'dan']) names.push(await p.register(`${n}_${suffix}`));
    const made = await p.post<{ id: string }>(names[0]!, '/api/tournaments', {
      kind: 'arena',
      name: 'Crash Arena',
      variant: 'chess',
      clock: { initial: 60, increment: 0 },
      minutes: 5,
      startsAt: Date.now() + 500,
    });
    expect(made.status).toBe(201);
    const id = made.body.id;
    for (const n of names)
      expect((await p.post(n, `/api/tournaments/${id}/join`)).status).toBe(200);

    /** The next `count` games the arena starts, besides those in `seen`. */
    const seen = new Set<string>();
    const nextRound = async (count: number): Promise<TournamentGame[]> => {
      const games = await vi.waitFor(
        async () => {
          const fresh = running(await p.view(id)).filter((g) => !seen.has(g.id));
          expect(fresh).toHaveLength(count);
          return fresh;
        },
        { timeout: 8_000, interval: 100 },
      );
      for (const g of games) seen.add(g.id);
      return games;
    };

    // Round one: White of game A goes berserk, makes seven moves and wins (3 points); Black of
    // game B resigns at once (2).
    const [a, b] = await nextRound(2);
    expect((await p.act(a!.white, a!.id, 'berserk')).status).toBe(200);
    for (let i = 0; i < 7; i++) {
      await p.move(a!.white, a!.id, PAWNS.white[i]!);
      await p.move(a!.black, a!.id, PAWNS.black[i]!);
    }
    await p.act(a!.black, a!.id, 'resign');
    await p.act(b!.black, b!.id, 'resign');
    const winner = a!.white;

    // Round two: the winner wins again (5, on fire); in game D, White goes berserk and both sides
    // move: in progress when the server dies, while the winner and its opponent wait.
    const round2 = await nextRound(2);
    const c = round2.find((g) => g.white === winner || g.black === winner)!;
    const d = round2.find((g) => g !== c)!;
    await p.act(opponentOf(c, winner), c.id, 'resign');
    expect((await p.act(d.white, d.id, 'berserk')).status).toBe(200);
    expect((await p.move(d.white, d.id, 'e4')).status).toBe(200);
    expect((await p.move(d.black, d.id, 'e5')).status).toBe(200);
    const before = await vi.waitFor(
      async () => {
        const t = await p.view(id);
        expect(line(t.standings, winner)).toMatchObject({ score: 5, fire: true, games: 2 });
        return t;
      },
      { timeout: 8_000 },
    );
    const dBefore = await p.state(d.id);
    expect(running(before).map((g) => g.id)).toEqual([d.id]);

    await server.kill('SIGKILL');
    server = await startShiftedProcess(env, 0, server.port);

    // Everything acknowledged is there: standings, games, the running game with its berserk.
    expect(await p.view(id)).toEqual(before);
    const dAfter = await p.state(d.id);
    expect(dAfter).toMatchObject({
      status: 'started',
      moves: dBefore.moves,
      berserk: { white: true, black: false },
    });
    expect(dAfter.clocks!.black).toBe(dBefore.clocks!.black);
    expect(dAfter.clocks!.white).toBeLessThanOrEqual(dBefore.clocks!.white);
    expect(dAfter.clocks!.white).toBeLessThanOrEqual(30_000);

    // It goes on: game D ends, all four wait, nobody meets their last opponent, so the winner
    // plays and, still on fire, wins double.
    await p.act(d.black, d.id, 'resign');
    const round3 = await nextRound(2);
    for (const g of round3)
      for (const last of [c, d])
        expect([g.white, g.black].sort()).not.toEqual([last.white, last.black].sort());
    const e = round3.find((g) => g.white === winner || g.black === winner)!;
    await p.act(opponentOf(e, winner), e.id, 'resign');
    await vi.waitFor(
      async () =>
        expect(line((await p.view(id)).standings, winner)).toMatchObject({ score: 9, wins: 3 }),
      { timeout: 8_000 },
    );

    // On time: running until its end, over just after.
    const t = await p.view(id);
    expect(t.status).toBe('started');
    await server.shift(t.endsAt! - Date.now() + 200);
    await vi.waitFor(async () => expect((await p.view(id)).status).toBe('finished'), {
      timeout: 5_000,
      interval: 100,
    });
  });
});
