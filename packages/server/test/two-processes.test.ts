/**
 * Two server processes on one PostgreSQL: each player and a spectator connect to a different
 * process, and moves, offers and the end reach everyone through LISTEN/NOTIFY. A third process
 * killed with SIGKILL: its player and spectator show as gone on the others, and its poster's
 * challenge leaves their lobby, within bounded times. "My games" watched on one process is sent what
 * happens on the other. Also the bus itself: a message reaches its
 * own process at once and every other process once.
 */
import type {
  CreateGameResponse,
  JoinResponse,
  LobbyResponse,
  MyGamesEvent,
} from '@citadel/protocol';
import { DEEP } from '@citadel/testing';
import { expect, it } from 'vitest';
import type { BusMessage } from '../src/pubsub/bus.ts';
import { openPostgresBus } from '../src/pubsub/postgres-bus.ts';
import { POSTER_GONE_MS, POSTER_REFRESH_MS } from '../src/service/lobby.ts';
import { PRESENCE_REFRESH_MS, PRESENCE_STALE_MS } from '../src/service/presence.ts';
import { SocketClient, api, cookieOf } from './support/client.ts';
import { postgresSkipReason } from './support/postgres.ts';
import { startProcess, type ServerProcess } from './support/process.ts';
import { useTwoProcesses } from './support/two-processes.ts';

const skip = postgresSkipReason();
const servers = useTwoProcesses(skip);

const title = 'plays a game to the end with one player and one spectator on each process';
it.skipIf(skip !== null)(skip ? `${title} (${skip})` : title, async () => {
  const game = (
    await api(servers.a.url).post<CreateGameResponse>('/api/games', {
      variant: 'chess',
      color: 'white',
      clock: { initial: 300, increment: 0 },
    })
  ).body;
  const black = (await api(servers.b.url).post<JoinResponse>(`/api/games/${game.id}/join`)).body
    .seat;
  const socket = (s: ServerProcess) =>
    new SocketClient(`${s.url.replace(/^http/, 'ws')}api/games/${game.id}/socket`);
  const [w, k, watchA, watchB] = [
    socket(servers.a),
    socket(servers.b),
    socket(servers.a),
    socket(servers.b),
  ];
  await Promise.all([w, k, watchA, watchB].map((c) => c.opened));
  // Events follow a socket's first state: the spectators have theirs before anyone moves.
  await Promise.all([watchA.next('state'), watchB.next('state')]);
  w.send({ type: 'auth', token: game.seat.token });
  k.send({ type: 'auth', token: black.token });
  // Each socket's seat shows in a state after its auth (a state told to all, such as the join's
  // arriving from the other process, may come between).
  for (const [c, color] of [
    [w, 'white'],
    [k, 'black'],
  ] as const) {
    let state = await c.next('state');
    while (state.you !== color) state = await c.next('state');
  }
  // Presence crosses processes: each player sees the other connected (the reports of the two
  // processes may arrive in either order).
  for (const c of [w, k]) {
    let presence = await c.next('presence');
    while (!presence.connected.white || !presence.connected.black)
      presence = await c.next('presence');
  }
  const moves: Array<[SocketClient, string]> = [
    [w, 'f3'],
    [k, 'e5'],
    [w, 'g4'],
  ];
  for (const [i, [player, move]] of moves.entries()) {
    player.send({ type: 'move', move });
    const other = player === w ? k : w;
    let seen = await other.next('move');
    while (seen.ply < i + 1) seen = await other.next('move');
    expect(seen).toMatchObject({ ply: i + 1, san: move });
  }
  w.send({ type: 'draw', action: 'offer' });
  expect((await k.next('offers')).offers.draw).toBe('white');
  k.send({ type: 'move', move: 'Qh4#' });
  for (const c of [w, k, watchA, watchB])
    expect(await c.next('end')).toMatchObject({ result: '0-1', reason: 'checkmate' });
  for (const watcher of [watchA, watchB]) {
    const seen = watcher.events
      .filter((e) => e.type === 'move')
      .map((e) => (e.type === 'move' ? e.san : ''));
    expect(seen).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
  }
  for (const c of [w, k, watchA, watchB]) c.close();
  const [stateA, stateB] = await Promise.all([
    api(servers.a.url).get(`/api/games/${game.id}`),
    api(servers.b.url).get(`/api/games/${game.id}`),
  ]);
  expect(stateA.body).toEqual(expect.objectContaining({ status: 'ended', result: '0-1' }));
  expect(stateB.body['moves']).toEqual(stateA.body['moves']);
});

const myGamesTitle =
  "a watcher of my games on one process is sent a move made on the other, and its account's game created there";
it.skipIf(skip !== null)(skip ? `${myGamesTitle} (${skip})` : myGamesTitle, async () => {
  const registered = await api(servers.a.url).post('/api/accounts/register', {
    username: 'roamer',
    password: 'long enough pass',
  });
  const cookie = cookieOf(registered.headers);
  const create = async (): Promise<CreateGameResponse> =>
    (
      await api(servers.a.url).post<CreateGameResponse>(
        '/api/games',
        { variant: 'chess', color: 'white' },
        undefined,
        cookie,
      )
    ).body;
  const game = await create();
  const black = (await api(servers.a.url).post<JoinResponse>(`/api/games/${game.id}/join`)).body
    .seat;
  // The watcher, on b, names no seat: its account's games are found by its session.
  const watcher = new SocketClient<MyGamesEvent>(
    `${servers.b.url.replace(/^http/, 'ws')}api/my-games/socket`,
    { cookie },
  );
  await watcher.opened;
  watcher.send({ type: 'watch', tokens: [] });
  const first = (await watcher.next('my-games')).games;
  expect(first.map((m) => [m.game.id, m.myTurn])).toEqual([[game.id, true]]);
  await api(servers.a.url).post(`/api/games/${game.id}/moves`, { move: 'e2e4' }, game.seat.token);
  const moved = (await watcher.next('my-games')).games;
  expect(moved[0]).toMatchObject({ myTurn: false, game: { id: game.id, plies: 1 } });
  await api(servers.a.url).post(`/api/games/${game.id}/resign`, {}, black.token);
  expect((await watcher.next('my-games')).games[0]?.game).toMatchObject({
    status: 'ended',
    result: '1-0',
  });
  const another = await create();
  const both = (await watcher.next('my-games')).games;
  expect(both.map((m) => m.game.id)).toEqual([another.id, game.id]);
  watcher.close();
});

const killTitle =
  "a killed process's player, spectator and challenge are gone from the other processes in bounded time";
// Deep tier only: it waits out PRESENCE_STALE_MS in real time. presence.test.ts checks the same
// expiry and push with a controlled clock in the default tier.
it.runIf(DEEP && skip === null)(skip ? `${killTitle} (${skip})` : killTitle, async () => {
  const c = await startProcess({ DATABASE_URL: servers.cluster.url });
  try {
    const socket = (s: ServerProcess, id: string) =>
      new SocketClient(`${s.url.replace(/^http/, 'ws')}api/games/${id}/socket`);
    const seated = async (client: SocketClient, token: string) => {
      await client.opened;
      client.send({ type: 'auth', token });
      let state = await client.next('state');
      while (state.you === null) state = await client.next('state');
    };
    // A challenge posted through a, whose poster's socket is on c.
    const posted = (
      await api(servers.a.url).post<CreateGameResponse>('/api/games', {
        variant: 'chess',
        color: 'white',
        clock: { initial: 300, increment: 0 },
        lobby: true,
      })
    ).body;
    const postedAt = Date.now();
    const poster = socket(c, posted.id);
    await seated(poster, posted.seat.token);
    // A live game: White on a, Black and a spectator on c.
    const game = (
      await api(servers.a.url).post<CreateGameResponse>('/api/games', {
        variant: 'chess',
        color: 'white',
        clock: { initial: 300, increment: 0 },
      })
    ).body;
    const black = (await api(c.url).post<JoinResponse>(`/api/games/${game.id}/join`)).body.seat;
    const white = socket(servers.a, game.id);
    await seated(white, game.seat.token);
    await seated(socket(c, game.id), black.token);
    await socket(c, game.id).opened;
    let presence = await white.next('presence');
    while (!presence.connected.black || presence.spectators !== 1)
      presence = await white.next('presence');
    const lobby = async (s: ServerProcess): Promise<string[]> =>
      (await api(s.url).get<LobbyResponse>('/api/lobby')).body.games.map((g) => g.id);
    // Past the grace after posting, the poster's connection on c keeps the challenge in a's lobby.
    await new Promise((r) => setTimeout(r, Math.max(0, postedAt + POSTER_GONE_MS - Date.now())));
    await expect
      .poll(() => lobby(servers.a), { timeout: 2 * POSTER_REFRESH_MS })
      .toContain(posted.id);

    await c.kill('SIGKILL');
    const killedAt = Date.now();
    // Nobody asks anything: a's beat finds c silent and tells White.
    presence = await white.next('presence', PRESENCE_STALE_MS + 3 * PRESENCE_REFRESH_MS);
    while (presence.connected.black || presence.spectators !== 0)
      presence = await white.next('presence', PRESENCE_STALE_MS + 3 * PRESENCE_REFRESH_MS);
    expect(presence.connected).toEqual({ white: true, black: false });
    expect(Date.now() - killedAt).toBeLessThan(PRESENCE_STALE_MS + 2 * PRESENCE_REFRESH_MS);
    // The abandonment claim counts from c's last word: not "connected", a wait at most.
    const claim = await api(servers.a.url).post(
      `/api/games/${game.id}/claim-win`,
      {},
      game.seat.token,
    );
    expect(claim.status).toBe(409);
    expect(claim.body['error']).toMatch(/may reconnect: claim in \d+ s/);
    // The challenge has left both lobbies, and comes back when its poster connects to servers.b.
    await expect
      .poll(() => lobby(servers.b), { timeout: POSTER_GONE_MS + 5_000 })
      .not.toContain(posted.id);
    expect(await lobby(servers.a)).not.toContain(posted.id);
    const back = socket(servers.b, posted.id);
    await seated(back, posted.seat.token);
    await expect.poll(() => lobby(servers.a)).toContain(posted.id);
    for (const s of [white, back]) s.close();
  } finally {
    await c.kill('SIGKILL');
  }
});

const busTitle = 'the bus hands a message to its own process at once and to each other one once';
it.skipIf(skip !== null)(skip ? `${busTitle} (${skip})` : busTitle, async () => {
  const [one, two] = await Promise.all([
    openPostgresBus(servers.cluster.url),
    openPostgresBus(servers.cluster.url),
  ]);
  try {
    // Only this test's messages: the server processes publish on the same channel.
    const ours = (m: BusMessage) => 'process' in m && m.process.startsWith('bus-test');
    const heard = { one: [] as BusMessage[], two: [] as BusMessage[] };
    one.subscribe((m) => void (ours(m) && heard.one.push(m)));
    two.subscribe((m) => void (ours(m) && heard.two.push(m)));
    const message: BusMessage = { kind: 'presence-ask', id: 'g1', process: 'bus-test-1' };
    const published = one.publish(message);
    // Its own process has it before the database is involved.
    expect(heard.one).toEqual([message]);
    await published;
    await expect.poll(() => heard.two).toEqual([message]);
    const last: BusMessage = { kind: 'alive', process: 'bus-test-2' };
    await two.publish(last);
    expect(heard.two).toEqual([message, last]);
    await expect.poll(() => heard.one.length).toBe(2);
    // Its own notification, come back through PostgreSQL, is not handed over a second time.
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.one).toEqual([message, last]);
    expect(heard.two).toEqual([message, last]);
  } finally {
    await Promise.all([one.close(), two.close()]);
  }
});
