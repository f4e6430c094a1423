/**
 * PostgreSQL goes away under two server processes with players connected: first every connection
 * is ended (pg_terminate_backend), then the cluster stops at once (`pg_ctl stop -m immediate`).
 * Both processes stay up; meanwhile requests get 503 with a one-line JSON error; once PostgreSQL is
 * back, without restarting the servers, moves made on either process reach the players and the
 * spectator on the other (the bus listens again and catches up).
 */
import type { CreateGameResponse, JoinResponse } from '@citadel/protocol';
import { expect, it } from 'vitest';
import { SocketClient, api } from './support/client.ts';
import { postgresSkipReason } from './support/postgres.ts';
import { type ServerProcess } from './support/process.ts';
import { useTwoProcesses } from './support/two-processes.ts';

const skip = postgresSkipReason();
const servers = useTwoProcesses(skip);

const UNAVAILABLE = { error: 'the database is unavailable: try again shortly' };

/** Calls `check` until it returns true, for at most `ms`; fails with `what` otherwise. */
async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const bothAlive = (): void => {
  for (const s of [servers.a, servers.b]) {
    expect(s.child.exitCode).toBeNull();
    expect(s.child.signalCode).toBeNull();
  }
};

const title = 'both processes live through a PostgreSQL outage and the game goes on after it';
it.skipIf(skip !== null)(skip ? `${title} (${skip})` : title, async () => {
  const game = (
    await api(servers.a.url).post<CreateGameResponse>('/api/games', {
      variant: 'chess',
      color: 'white',
      clock: { initial: 600, increment: 0 },
    })
  ).body;
  const black = (await api(servers.b.url).post<JoinResponse>(`/api/games/${game.id}/join`)).body
    .seat;
  const tokens = { white: game.seat.token, black: black.token };
  const socket = (s: ServerProcess) =>
    new SocketClient(`${s.url.replace(/^http/, 'ws')}api/games/${game.id}/socket`);
  const [w, k, watch] = [socket(servers.a), socket(servers.b), socket(servers.b)];
  await Promise.all([w, k, watch].map((c) => c.opened));
  await watch.next('state');
  w.send({ type: 'auth', token: tokens.white });
  k.send({ type: 'auth', token: tokens.black });
  for (const [c, color] of [
    [w, 'white'],
    [k, 'black'],
  ] as const) {
    let state = await c.next('state');
    while (state.you !== color) state = await c.next('state');
  }

  const post = (s: ServerProcess, color: 'white' | 'black', move: string) =>
    api(s.url).post(`/api/games/${game.id}/moves`, { move }, tokens[color]);
  /**
   * Waits until each of `clients` has been told of the move of `ply`: by its notification, or,
   * where a process lost that while its bus was away, by the whole state it sends on catching up.
   */
  const told = async (clients: SocketClient[], ply: number, san: string) => {
    for (const c of clients)
      await until(`told of ${san}`, async () =>
        c.events.some((e) =>
          e.type === 'move'
            ? e.ply === ply && e.san === san
            : e.type === 'state' && e.game.san[ply - 1] === san,
        ),
      );
  };
  /** Waits until `client` has a move notification (not a state) of the move of `ply`. */
  const notified = async (client: SocketClient, ply: number, san: string) => {
    let seen = await client.next('move');
    while (seen.ply < ply) seen = await client.next('move');
    expect(seen).toMatchObject({ ply, san });
  };
  /** How many connections listen on the bus's channel: one per process when both are back. */
  const listening = () =>
    Number(servers.cluster.sql(`SELECT count(*) FROM pg_stat_activity WHERE query ~ '^LISTEN'`));

  // Every connection ended at once (the bus's listeners, the pools' idle clients).
  servers.cluster.terminateConnections();
  await until('a move is taken after the connections were ended', async () => {
    bothAlive();
    return (await post(servers.a, 'white', 'e4')).status === 200;
  });
  await told([k, watch], 1, 'e4');

  // The whole cluster stops as in a crash.
  servers.cluster.stopNow();
  for (const s of [servers.a, servers.b]) {
    const r = await api(s.url).get(`/api/games/${game.id}`);
    expect(r.status).toBe(503);
    expect(r.body).toEqual(UNAVAILABLE);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  const refused = await post(servers.b, 'black', 'e5');
  expect(refused.status).toBe(503);
  expect(refused.body).toEqual(UNAVAILABLE);
  k.send({ type: 'move', move: 'e5' });
  expect(await k.next('error')).toEqual({ type: 'error', status: 503, ...UNAVAILABLE });
  // Each 5xx is logged by default, as one JSON line with the request's id.
  await until('the 503 is in the log', async () => /"statusCode":503/.test(servers.b.output()));
  const logged = servers.b
    .output()
    .split('\n')
    .filter((l) => l.includes('"statusCode":503'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(logged[0]).toMatchObject({ level: 50, msg: 'answered 5xx', reqId: expect.any(String) });
  // Give the processes a moment in which a lost connection would have ended them.
  await new Promise((r) => setTimeout(r, 1000));
  bothAlive();

  // PostgreSQL comes back on the same port and data; the servers were never restarted.
  servers.cluster.startAgain();
  for (const s of [servers.a, servers.b])
    await until(
      `${s.url} answers again`,
      async () => (await api(s.url).get(`/api/games/${game.id}`)).status === 200,
    );
  expect((await post(servers.b, 'black', 'e5')).status).toBe(200);
  await told([w], 2, 'e5');
  expect((await post(servers.a, 'white', 'Nf3')).status).toBe(200);
  await told([k, watch], 3, 'Nf3');
  // Both buses listen again: moves now reach the other process as notifications.
  await until('both processes listen again', async () => listening() === 2);
  expect((await post(servers.b, 'black', 'Nc6')).status).toBe(200);
  await notified(w, 4, 'Nc6');
  expect((await post(servers.a, 'white', 'Bc4')).status).toBe(200);
  await notified(k, 5, 'Bc4');
  await notified(watch, 5, 'Bc4');
  for (const c of [w, k, watch]) c.close();
  bothAlive();
});
