/**
 * Lag compensation on a real server, on SQLite and PostgreSQL: White reaches the server through a
 * loopback proxy that adds 100 ms each way, and over 30 instant moves of a 1+0 game White's clock
 * must spend at most 2 s more than Black's (without compensation: over 6 s), playing over the
 * socket and over HTTP (the event stream and the move request). And the bound: a client that
 * claims 2 s of lag on every move is credited no more than its quota (over HTTP, where no round
 * trip is measured) or its measured round trip (over the socket), and its opponent's clock is not
 * charged for it. The server's clock is moved forward instead of waiting the 2 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { lagQuota, turnAfter, type GameRecord } from '@citadel/game';
import {
  CitadelApi,
  type Clocks,
  type Color,
  type CreateGameResponse,
  type JoinResponse,
  type ServerEvent,
} from '@citadel/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningServer } from '../src/index.ts';
import { startSuiteServer, testBackends } from './support/backends.ts';
import { api, SocketClient } from './support/client.ts';
import { startDelayProxy, type DelayProxy } from './support/delay-proxy.ts';
import { startCluster, type Cluster } from './support/postgres.ts';

const CLOCK = { initial: 60, increment: 0 };
const START_MS = CLOCK.initial * 1000;
/** Knights out and back: legal for ever in husun, where repetition draws only by a house rule. */
const SHUFFLE = ['c2d4', 'c11d9', 'd4c2', 'd9c11'];
/** 30 moves each. */
const PLIES = 60;
const DELAY_MS = 100;

/**
 * A side that answers every move at once, with the time it held the turn, until PLIES moves are
 * played: fed the game's events, it sends its moves with `send`. Resolves with the clocks of the
 * last move as this side was told them.
 */
function instantPlayer(
  color: Color,
  send: (move: string, ply: number, moveTime: number) => void,
): { readonly event: (e: ServerEvent) => void; readonly done: Promise<Clocks> } {
  let finish: (c: Clocks) => void = () => undefined;
  const done = new Promise<Clocks>((resolve) => (finish = resolve));
  let sentFor = -1;
  const event = (e: ServerEvent): void => {
    const seen = performance.now();
    const plies = e.type === 'state' ? e.game.moves.length : e.type === 'move' ? e.ply : null;
    if (plies === null) return;
    if (plies >= PLIES && e.type === 'move' && e.clocks) return finish(e.clocks);
    if (plies < PLIES && turnAfter(plies) === color && sentFor < plies) {
      sentFor = plies;
      send(SHUFFLE[plies % 4]!, plies, Math.round(performance.now() - seen));
    }
  };
  return { event, done };
}

/** A player on the game's socket at `host`. */
function socketPlayer(host: string, id: string, token: string, color: Color) {
  const ws = new WebSocket(`ws://${host}/api/games/${id}/socket`);
  const player = instantPlayer(color, (move, ply, moveTime) =>
    ws.send(JSON.stringify({ type: 'move', move, ply, moveTime })),
  );
  ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
  ws.on('message', (data) => player.event(JSON.parse(String(data)) as ServerEvent));
  return { done: player.done.finally(() => ws.close()) };
}

/** A player that reads the game's event stream and moves with POST /moves, both at `host`. */
function httpPlayer(host: string, id: string, token: string, color: Color) {
  const client = new CitadelApi({ base: `http://${host}` });
  const stop = new AbortController();
  const failures: unknown[] = [];
  const player = instantPlayer(color, (move, ply, moveTime) => {
    client.move(id, token, move, ply, moveTime).catch((e: unknown) => failures.push(e));
  });
  void (async () => {
    try {
      for await (const e of client.stream(id, token, stop.signal)) player.event(e);
    } catch {
      // aborted at the end
    }
  })();
  return {
    done: player.done
      .finally(() => stop.abort())
      .then((clocks) => {
        expect(failures).toEqual([]);
        return clocks;
      }),
  };
}

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  const dir = mkdtempSync(join(tmpdir(), 'citadel-lag-'));
  let cluster: Cluster | null = null;
  let server: RunningServer | null = null;
  let proxy: DelayProxy | null = null;
  let shift = 0;
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async () => {
    if (server) return server;
    if (postgres) cluster = await startCluster();
    server = await startSuiteServer({
      databaseUrl: cluster?.url,
      dataDir: dir,
      now: () => Date.now() + shift,
    });
    return server;
  };

  const newGame = async (s: RunningServer) => {
    const http = api(s.url);
    const g = (
      await http.post<CreateGameResponse>('/api/games', {
        variant: 'husun',
        color: 'white',
        clock: CLOCK,
      })
    ).body;
    const b = (await http.post<JoinResponse>(`/api/games/${g.id}/join`)).body.seat.token;
    return { id: g.id, w: g.seat.token, b };
  };

  const record = async (s: RunningServer, id: string): Promise<GameRecord> =>
    (await s.games.store.getGame(id))!;

  it('charges the distant player at most 2 s more over 30 instant moves, by socket and HTTP', async () => {
    const s = await start();
    proxy = await startDelayProxy(Number(new URL(s.url).port), DELAY_MS);
    const direct = new URL(s.url).host;
    const bySocket = await newGame(s);
    const byHttp = await newGame(s);
    // Both games at once: each takes 30 round trips of White's.
    const [socketWhite, socketBlack, httpWhite, httpBlack] = await Promise.all([
      socketPlayer(proxy.host, bySocket.id, bySocket.w, 'white').done,
      socketPlayer(direct, bySocket.id, bySocket.b, 'black').done,
      httpPlayer(proxy.host, byHttp.id, byHttp.w, 'white').done,
      httpPlayer(direct, byHttp.id, byHttp.b, 'black').done,
    ]);
    for (const [id, white, black] of [
      [bySocket.id, socketWhite, socketBlack],
      [byHttp.id, httpWhite, httpBlack],
    ] as const) {
      // Every page is told the same clocks.
      expect(white).toEqual(black);
      const spent = { white: START_MS - white.white, black: START_MS - white.black };
      expect(spent.white - spent.black, `${id}: ${JSON.stringify(spent)}`).toBeLessThanOrEqual(
        2_000,
      );
      // The credit is recorded with each move and totalled for the operator, in storage.
      const g = await record(s, id);
      expect(g.moves).toHaveLength(PLIES);
      expect(g.moveLag).toHaveLength(PLIES);
      const whiteCredits = g.moveLag.filter((_, ply) => ply % 2 === 0).slice(1);
      expect(whiteCredits.reduce((a, b) => a + b)).toBe(g.lagTotal.white);
      // Each White move after the first (no clock runs before it) had its 200 ms trip credited.
      expect(g.lagTotal.white).toBeGreaterThan(29 * 150);
    }
  });

  it('credits a claim of 2 s a move no more than the quota or the round trip, and only its maker', async () => {
    const s = await start();
    const http = api(s.url);
    const quota = lagQuota(CLOCK)!;
    /** Ten moves each after the first two, White's each 2 s late by the server's clock. */
    const claimTwoSeconds = async (
      white: (ply: number) => Promise<void>,
      id: string,
      b: string,
    ) => {
      const black = async (ply: number) => {
        const body = { move: SHUFFLE[ply % 4], ply, moveTime: 0 };
        expect((await http.post(`/api/games/${id}/moves`, body, b)).status).toBe(200);
      };
      await white(0);
      await black(1);
      for (let ply = 2; ply < 22; ply += 2) {
        shift += 2_000;
        await white(ply);
        await black(ply + 1);
      }
      const g = await record(s, id);
      // Black answered at once: its clock is its own, not charged for what White claimed.
      expect(g.clockLeft.black).toBeGreaterThan(START_MS - 1_000);
      return g;
    };

    // Over HTTP no round trip is measured: the quota alone bounds the claim.
    const byHttp = await newGame(s);
    const g = await claimTwoSeconds(
      async (ply) => {
        const body = { move: SHUFFLE[ply % 4], ply, moveTime: 0 };
        expect((await http.post(`/api/games/${byHttp.id}/moves`, body, byHttp.w)).status).toBe(200);
      },
      byHttp.id,
      byHttp.b,
    );
    expect(g.lagTotal.white).toBe(quota.start + 9 * quota.gain);
    expect(g.clockLeft.white).toBeLessThanOrEqual(START_MS - 10 * 2_000 + g.lagTotal.white);
    expect(g.clockLeft.white).toBeGreaterThan(START_MS - 10 * 2_000 + g.lagTotal.white - 500);

    // Over the socket the server measures the round trip (a few ms on loopback): that bounds it.
    const bySocket = await newGame(s);
    const ws = new SocketClient(`${s.url.replace('http', 'ws')}api/games/${bySocket.id}/socket`);
    await ws.opened;
    ws.send({ type: 'auth', token: bySocket.w });
    await ws.next('state');
    const h = await claimTwoSeconds(
      async (ply) => {
        ws.send({ type: 'move', move: SHUFFLE[ply % 4], ply, moveTime: 0 });
        // Its own move comes back (Black's, read meanwhile, are passed over).
        while ((await ws.next('move')).ply !== ply + 1);
      },
      bySocket.id,
      bySocket.b,
    );
    ws.close();
    const credits = h.moveLag.filter((_, ply) => ply % 2 === 0).slice(1);
    expect(credits).toHaveLength(10);
    // Each under what the quota alone gave over HTTP (900 ms, then 450 ms a move): the round trip's
    // bound, a few ms on an idle machine, cut them.
    for (const c of credits) expect(c).toBeLessThan(quota.gain);
    expect(h.lagTotal.white).toBeLessThan(g.lagTotal.white / 2);
  });
});
