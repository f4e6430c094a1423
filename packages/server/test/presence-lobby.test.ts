/**
 * Presence tells the truth, over real HTTP and sockets on SQLite and on PostgreSQL: the players
 * are told when a spectator comes or goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateGameResponse } from '@citadel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.ts';
import { SocketClient, api } from './support/client.ts';
import { startSuiteServer, testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  let server: RunningServer;
  let cluster: Cluster | null = null;
  let dir: string;
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'citadel-presence-lobby-'));
    if (postgres) cluster = await startCluster();
    server = await startSuiteServer({ databaseUrl: cluster?.url, dataDir: dir });
    http = api(server.url);
  });
  afterAll(async () => {
    await server?.close();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const socket = (id: string) =>
    new SocketClient(`${server.url.replace(/^http/, 'ws')}api/games/${id}/socket`);
  const challenge = async (): Promise<CreateGameResponse> =>
    (
      await http.post<CreateGameResponse>('/api/games', {
        variant: 'chess',
        color: 'white',
        clock: { initial: 180, increment: 2 },
        lobby: true,
      })
    ).body;

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
