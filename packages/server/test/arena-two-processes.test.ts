/**
 * One arena on two server processes sharing a PostgreSQL: twelve players, half joining and playing
 * on each process, all their games ending at once on both so that both directors wake together.
 * Exactly one process pairs the arena at a time (its advisory lock): every round seats each
 * player in exactly one game, never two, and a stream read on one process hears the pairings
 * made by either.
 */
import type { TournamentEvent, TournamentGame } from '@citadel/protocol';
import { CitadelApi } from '@citadel/protocol';
import { expect, it, vi } from 'vitest';
import { ArenaPlayers } from './support/arena-players.ts';
import { postgresSkipReason } from './support/postgres.ts';
import { useTwoProcesses } from './support/two-processes.ts';

const skip = postgresSkipReason();
const PLAYERS = 12;
const ROUNDS = 3;
const servers = useTwoProcesses(skip);

const title = 'pairs an arena played on two processes once a round, each player in one game';
it.skipIf(skip !== null)(skip ? `${title} (${skip})` : title, async () => {
  const onA = new ArenaPlayers(servers.a.url);
  const onB = new ArenaPlayers(servers.b.url);
  const names = Array.from({ length: PLAYERS }, (_, i) => `player${i}`);
  /** Even players on process A, odd ones on B (a session is good on both). */
  const via = (name: string) => (Number(name.slice('player'.length)) % 2 === 0 ? onA : onB);
  for (const n of names) await via(n).register(n);
  const made = await onA.post<{ id: string }>('player0', '/api/tournaments', {
    kind: 'arena',
    variant: 'chess',
    clock: { initial: 60, increment: 0 },
    minutes: 30,
    startsAt: Date.now() + 1_000,
  });
  const id = made.body.id;

  const events: TournamentEvent[] = [];
  const reader = new AbortController();
  void (async () => {
    for await (const e of new CitadelApi({ base: servers.b.url }).tournamentStream(
      id,
      reader.signal,
    ))
      events.push(e);
  })().catch(() => undefined);
  await Promise.all(names.map((n) => via(n).post(n, `/api/tournaments/${id}/join`)));

  const seen = new Set<string>();
  for (let round = 1; round <= ROUNDS; round++) {
    // The round's games: once all are seated, none more is started.
    const games = await vi.waitFor(
      async () => {
        const t = await onA.view(id);
        const fresh = t.games.filter((g) => g.status === 'started' && !seen.has(g.id));
        expect(fresh).toHaveLength(PLAYERS / 2);
        return fresh;
      },
      { timeout: 10_000, interval: 100 },
    );
    const seated = games.flatMap((g: TournamentGame) => [g.white, g.black]);
    expect(seated.sort()).toEqual([...names].sort());
    for (const g of games) seen.add(g.id);
    // Every game ends at once, half of them on each process.
    await Promise.all(games.map((g) => via(g.black).act(g.black, g.id, 'resign')));
  }
  await vi.waitFor(
    async () => {
      const t = await onB.view(id);
      expect(t.games.filter((g) => !seen.has(g.id))).toHaveLength(PLAYERS / 2);
    },
    { timeout: 8_000 },
  );
  const all = (await onB.view(id)).games;
  expect(all).toHaveLength((ROUNDS + 1) * (PLAYERS / 2));
  await vi.waitFor(
    () =>
      expect(
        new Set(events.flatMap((e) => (e.type === 'pairing' ? e.games : [])).map((g) => g.id)),
      ).toEqual(new Set(all.map((g) => g.id))),
    { timeout: 8_000 },
  );
  reader.abort();
});
