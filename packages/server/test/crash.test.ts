/**
 * SIGKILL during a live and a correspondence game: the server is killed with no chance to clean
 * up, started again on the same database (a SQLite file, a PostgreSQL cluster) and port; every
 * acknowledged move, clock and result is there, the players' sockets reconnect by themselves and
 * the games go on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateGameResponse, GameState, JoinResponse } from '@citadel/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from './support/client.ts';
import { testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';
import { startProcess, type ServerProcess } from './support/process.ts';
import { ReconnectingPlayer } from './support/reconnecting.ts';

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  const dir = mkdtempSync(join(tmpdir(), 'citadel-crash-'));
  let cluster: Cluster | null = null;
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.kill();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged move, clock and result across kill -9 and a restart', async () => {
    if (postgres) cluster = await startCluster();
    const env = cluster ? { DATABASE_URL: cluster.url } : { CITADEL_DATA: dir };
    await crashAndRestart(env, (s) => (server = s));
  });
});

/** The test on the database `env` names; `started` is told of each server process. */
async function crashAndRestart(
  env: Record<string, string>,
  started: (s: ServerProcess) => void,
): Promise<void> {
  let server = await startProcess(env);
  started(server);
  const http = api(server.url);
  const start = async (clock: unknown) => {
    const g = (
      await http.post<CreateGameResponse>('/api/games', { variant: 'husun', color: 'white', clock })
    ).body;
    const b = (await http.post<JoinResponse>(`/api/games/${g.id}/join`)).body.seat.token;
    return { id: g.id, w: g.seat.token, b };
  };
  const live = await start({ initial: 600, increment: 5 });
  const corr = await start({ daysPerMove: 3 });
  const done = await start(undefined);

  // Moves are played from the legal moves the server reports (its FEN), in turn, each acknowledged.
  const acknowledged = new Map<string, GameState>();
  const play = async (g: { id: string; w: string; b: string }, plies: number) => {
    for (let i = 0; i < plies; i++) {
      const state = (await http.get<GameState>(`/api/games/${g.id}`)).body;
      const token = state.turn === 'white' ? g.w : g.b;
      const move = PAWN_MOVES[state.turn][Math.floor(state.moves.length / 2)]!;
      const r = await http.post<GameState>(`/api/games/${g.id}/moves`, { move }, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      acknowledged.set(g.id, r.body);
    }
  };
  await play(live, 5);
  await play(corr, 4);
  await play(done, 2);
  await http.post(`/api/games/${done.id}/resign`, {}, done.b);

  const base = server.url.replace(/^http/, 'ws');
  const white = new ReconnectingPlayer(`${base}api/games/${live.id}/socket`, live.w);
  const black = new ReconnectingPlayer(`${base}api/games/${live.id}/socket`, live.b);
  await black.waitFor((e) => e.type === 'state' && e.you === 'black');
  // The last move before the crash: acknowledged by its 'move' event to the opponent.
  black.send({ type: 'move', move: PAWN_MOVES.black[2], ply: 5 });
  await white.waitFor((e) => e.type === 'move' && e.ply === 6);
  const liveBefore = (await http.get<GameState>(`/api/games/${live.id}`)).body;

  await server.kill('SIGKILL');
  const port = server.port;
  const seen = white.events.length;
  server = await startProcess(env, port);
  started(server);

  const liveAfter = (await http.get<GameState>(`/api/games/${live.id}`)).body;
  expect(liveAfter.moves).toEqual(liveBefore.moves);
  expect(liveAfter.moves).toHaveLength(6);
  // The side not to move keeps the exact time it had; the running clock went on meanwhile.
  expect(liveAfter.clocks!.black).toBe(liveBefore.clocks!.black);
  expect(liveAfter.clocks!.running).toBe('white');
  expect(liveAfter.clocks!.white).toBeLessThanOrEqual(liveBefore.clocks!.white);
  const corrAfter = (await http.get<GameState>(`/api/games/${corr.id}`)).body;
  expect(corrAfter.moves).toEqual(acknowledged.get(corr.id)!.moves);
  expect(corrAfter.clocks!.black).toBe(3 * 86_400_000);
  const doneAfter = (await http.get<GameState>(`/api/games/${done.id}`)).body;
  expect(doneAfter).toMatchObject({ status: 'ended', result: '1-0', reason: 'resign' });

  // The sockets came back by themselves, and the game goes on through them.
  await white.waitFor((e) => e.type === 'state' && e.you === 'white', seen);
  expect(white.connections).toBeGreaterThan(1);
  white.send({ type: 'move', move: PAWN_MOVES.white[3], ply: 6 });
  // Black sees the move as an event, or in its state if it reconnected after the move.
  await black.waitFor(
    (e) => (e.type === 'move' && e.ply === 7) || (e.type === 'state' && e.game.moves.length === 7),
  );
  await play(corr, 1);
  expect((await http.get<GameState>(`/api/games/${corr.id}`)).body.moves).toHaveLength(5);
  white.close();
  black.close();
}

/** Pawn steps that stay legal in Shatranj al-Husun's start array, one per move of each side. */
const PAWN_MOVES = {
  white: ['b3b4', 'c3c4', 'd3d4', 'e3e4', 'f3f4'],
  black: ['b10b9', 'c10c9', 'd10d9', 'e10e9', 'f10f9'],
} as const;
