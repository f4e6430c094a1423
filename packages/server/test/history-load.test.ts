/**
 * Browsing a long history does not stall the games in progress: on a database holding tens of
 * thousands of finished games, a live game's moves are relayed from one player's socket to the
 * other's while clients read the archive (everyone's, a variant's, a player's, page after page),
 * and the relay stays close to the same relay without them, measured in the same run. Before the
 * archive read through its indexes, each request read and sorted every finished game; on SQLite,
 * whose driver is synchronous, that stopped the whole process, every relay with it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Position, mulberry32 } from '@citadel/core';
import type { ArchiveResponse, CreateGameResponse, JoinResponse } from '@citadel/protocol';
import { DEEP } from '@citadel/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/storage/open.ts';
import { SocketClient, api } from './support/client.ts';
import { testBackends } from './support/backends.ts';
import { historyBatches } from './support/history.ts';
import { startCluster, type Cluster } from './support/postgres.ts';
import { startProcess, type ServerProcess } from './support/process.ts';

const HISTORY = 40_000;
const ACCOUNTS = 8;
/**
 * Moves relayed in each phase; during the second, clients read the archive, each a page every
 * PAGE_EVERY_MS: light work for indexed reads, while reads of the whole history (tens of
 * milliseconds each) would hold SQLite's process most of the time.
 */
const MOVES = 16;
/** A move at most this often: each player's socket takes a few messages a second. */
const MOVE_EVERY_MS = 220;
const BROWSERS = 6;
const PAGE_EVERY_MS = 60;

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

// In the deep tier only: a comparison of two timings, which `npm run bench:server -- --history`
// measures at full size; by default query-plans.test.ts checks that every archive read goes
// through its index, the cause this guards against. (PostgreSQL's driver never holds the process.)
describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  if (!DEEP) return void it.skip('a timed comparison: deep tier', () => {});
  const dir = mkdtempSync(join(tmpdir(), 'citadel-history-'));
  let cluster: Cluster | null = null;
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.kill();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('relays moves during a burst of archive reads about as fast as without it', async () => {
    if (postgres) cluster = await startCluster();
    const env = cluster ? { DATABASE_URL: cluster.url } : { CITADEL_DATA: dir };
    const store = await openStore({ databaseUrl: cluster?.url, dataDir: dir });
    for (const games of historyBatches(0, HISTORY, { accounts: ACCOUNTS, firstEnd: 1.7e12 }))
      await store.importGames(games);
    await store.close();
    server = await startProcess({ ...env, CITADEL_RATE_LIMIT: '1000000' });
    const http = api(server.url);
    for (let a = 1; a <= ACCOUNTS; a++)
      await http.post('/api/accounts/register', {
        username: `player${a}`,
        password: 'a long password',
      });

    const game = (
      await http.post<CreateGameResponse>('/api/games', { variant: 'tamerlane', color: 'white' })
    ).body;
    const black = (await http.post<JoinResponse>(`/api/games/${game.id}/join`)).body.seat.token;
    const base = server.url.replace(/^http/, 'ws');
    const seat = async (token: string) => {
      const s = new SocketClient(`${base}api/games/${game.id}/socket`);
      await s.opened;
      s.send({ type: 'auth', token });
      let state = await s.next('state');
      while (state.you === null) state = await s.next('state');
      return s;
    };
    const players = { white: await seat(game.seat.token), black: await seat(black) };
    // Moves from the rules core: random legal ones (seeded), on the widest board, a game that lasts.
    const pos = Position.start('tamerlane');
    const random = mulberry32(64);
    if (!pos.ok) throw new Error(pos.error);
    const relay = async (): Promise<number> => {
      const mover = pos.value.turn();
      // Plain moves (no promotion or special move to choose), so the text alone says it.
      const legal = pos.value.legalMoves().filter((m) => /^[a-z]\d+[a-z]\d+$/.test(m.text));
      const move = legal[Math.floor(random() * legal.length)]!;
      const ply = pos.value.history().length;
      const sent = performance.now();
      players[mover].send({ type: 'move', move: move.text, ply });
      const other = players[mover === 'white' ? 'black' : 'white'];
      let e = await other.next('move');
      while (e.ply !== ply + 1) e = await other.next('move', 3000);
      pos.value.play(move.text);
      const took = performance.now() - sent;
      await new Promise((done) => setTimeout(done, MOVE_EVERY_MS - took));
      return took;
    };
    const quiet: number[] = [];
    for (let i = 0; i < MOVES; i++) quiet.push(await relay());

    let browsing = true;
    let pages = 0;
    const failures: string[] = [];
    const browse = async (n: number) => {
      const player = `player${1 + (n % ACCOUNTS)}`;
      const queries = [`limit=50`, `variant=husun&limit=50`, `player=${player}&limit=30`];
      while (browsing) {
        let next = '';
        for (let page = 0; page < 3 && browsing; page++) {
          const asked = performance.now();
          const r = await http
            .get<ArchiveResponse>(`/api/archive?${queries[n % queries.length]}${next}`)
            .catch(() => ({ status: 0, body: { games: [] } }));
          if (r.status !== 200) {
            failures.push(String(r.status));
            break;
          }
          pages++;
          const wait = PAGE_EVERY_MS - (performance.now() - asked);
          if (wait > 0) await new Promise((done) => setTimeout(done, wait));
          const last = r.body.games.at(-1);
          if (!last) break;
          next = `&before=${last.endedAt}&beforeId=${last.id}`;
        }
      }
    };
    const browsers = Array.from({ length: BROWSERS }, (_, n) => browse(n));
    const busy: number[] = [];
    for (let i = 0; i < MOVES; i++) busy.push(await relay());
    browsing = false;
    await Promise.all(browsers);
    players.white.close();
    players.black.close();

    expect(failures).toEqual([]);
    expect(pages).toBeGreaterThan(MOVES);
    // A bound as a ratio to the same relay without browsing, with a few milliseconds of slack
    // for a loaded machine; before the indexes, each archive read held SQLite's process for
    // tens of milliseconds and the median relay rose many times over.
    expect(median(busy), `relay ms, quiet ${median(quiet)}: ${busy.map(Math.round)}`).toBeLessThan(
      3 * median(quiet) + 10,
    );
  });
});
