/**
 * Presence and the lobby tell the truth, over real HTTP, sockets and streams on SQLite and on
 * PostgreSQL (with the server's clock moved by the test): a challenge is listed only while its
 * poster holds a socket or stream of its seat (or just after posting it), and comes back when the
 * poster does; the lobby's stream pushes each change; the players are told when a spectator comes
 * or goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  lobbyEventSchema,
  type CreateGameResponse,
  type LobbyEvent,
  type LobbyResponse,
} from '@citadel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.ts';
import { POSTER_GONE_MS, POSTER_REFRESH_MS } from '../src/service/lobby.ts';
import { SocketClient, api } from './support/client.ts';
import { startSuiteServer, testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  let server: RunningServer;
  let cluster: Cluster | null = null;
  let dir: string;
  let http: ReturnType<typeof api>;
  let now = Date.now();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'citadel-presence-lobby-'));
    if (postgres) cluster = await startCluster();
    server = await startSuiteServer({ databaseUrl: cluster?.url, dataDir: dir, now: () => now });
    http = api(server.url);
  });
  afterAll(async () => {
    await server?.close();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const socket = (id: string) =>
    new SocketClient(`${server.url.replace(/^http/, 'ws')}api/games/${id}/socket`);
  const listed = async (): Promise<string[]> =>
    (await http.get<LobbyResponse>('/api/lobby')).body.games.map((g) => g.id);
  const challenge = async (): Promise<CreateGameResponse> =>
    (
      await http.post<CreateGameResponse>('/api/games', {
        variant: 'chess',
        color: 'white',
        clock: { initial: 180, increment: 2 },
        lobby: true,
      })
    ).body;

  it('lists a challenge whose poster never connects only just after it is posted', async () => {
    const posted = await challenge();
    expect(await listed()).toContain(posted.id);
    now += POSTER_GONE_MS + 1_000;
    expect(await listed()).not.toContain(posted.id);
    // Still open by its link: the poster connects (a stream of its seat) and it is back.
    const stream = new AbortController();
    const r = await fetch(`${server.url}api/games/${posted.id}/stream`, {
      headers: { authorization: `Bearer ${posted.seat.token}` },
      signal: stream.signal,
    });
    expect(r.status).toBe(200);
    await expect.poll(listed).toContain(posted.id);
    stream.abort();
  });

  it('keeps a challenge listed while its poster is connected, and drops it once the poster leaves', async () => {
    const posted = await challenge();
    const poster = socket(posted.id);
    await poster.opened;
    poster.send({ type: 'auth', token: posted.seat.token });
    // The first state is the one every connection gets; the seat shows in the next.
    await poster.next('state');
    expect((await poster.next('state')).you).toBe('white');
    // Long after posting, the poster's connection keeps it listed (refreshed every beat).
    now += 5 * POSTER_GONE_MS;
    await expect.poll(listed, { timeout: 3 * POSTER_REFRESH_MS }).toContain(posted.id);
    // A spectator is not the poster.
    const watcher = socket(posted.id);
    await watcher.opened;
    await watcher.next('state');
    poster.close();
    await expect
      .poll(() => server.games.state(posted.id).then((s) => s.connected.white))
      .toBe(false);
    now += POSTER_GONE_MS + 1_000;
    expect(await listed()).not.toContain(posted.id);
    watcher.close();
    // Back while it still waits: listed again.
    const back = socket(posted.id);
    await back.opened;
    back.send({ type: 'auth', token: posted.seat.token });
    await expect.poll(listed).toContain(posted.id);
    back.close();
  });

  it('pushes the lobby on its stream: at once, then when a challenge is posted, taken or left', async () => {
    const stream = new AbortController();
    const r = await fetch(`${server.url}api/lobby/stream`, { signal: stream.signal });
    expect(r.headers.get('content-type')).toContain('ndjson');
    const lines = r.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    /** The next list pushed that `wanted` accepts (those before it are skipped). */
    const next = async (wanted: (ids: string[]) => boolean): Promise<LobbyEvent> => {
      for (;;) {
        const cut = buffered.indexOf('\n');
        if (cut >= 0) {
          const line = buffered.slice(0, cut);
          buffered = buffered.slice(cut + 1);
          if (!line.trim() || (JSON.parse(line) as { type: string }).type === 'hello') continue;
          const event = lobbyEventSchema.parse(JSON.parse(line));
          if (wanted(event.games.map((g) => g.id))) return event;
          continue;
        }
        const { value, done } = await lines.read();
        if (done) throw new Error('the lobby stream ended');
        buffered += value;
      }
    };
    await next(() => true);
    const posted = await challenge();
    await next((ids) => ids.includes(posted.id));
    await http.post(`/api/games/${posted.id}/join`);
    await next((ids) => !ids.includes(posted.id));
    // A poster who never connects: no message says it has gone, the feed's beat finds it.
    const unattended = await challenge();
    await next((ids) => ids.includes(unattended.id));
    now += POSTER_GONE_MS + 1_000;
    await next((ids) => !ids.includes(unattended.id));
    stream.abort();
  });

  it('tells the players when a spectator comes or goes', async () => {
    const posted = await challenge();
    const player = socket(posted.id);
    await player.opened;
    player.send({ type: 'auth', token: posted.seat.token });
    expect((await player.next('presence')).spectators).toBe(0);
    const watcher = socket(posted.id);
    await watcher.opened;
    let seen = await player.next('presence');
    while (seen.spectators !== 1) seen = await player.next('presence');
    watcher.close();
    seen = await player.next('presence');
    while (seen.spectators !== 0) seen = await player.next('presence');
    expect(seen.connected).toEqual({ white: true, black: false });
    player.close();
  });
});
