/**
 * `citadel bot` plays whole online games on a real server: a scripted API client posts a lobby
 * challenge as White and plays seeded random legal moves over HTTP; the bot (our engine, short
 * searches) accepts it from the lobby, plays Black through the API and its event stream, and
 * exits cleanly once its one game is over. With an engine of known opinion
 * (opinionated-engine.ts) the bot answers the offers: it declines a takeback, declines a draw
 * while better, accepts the rematch, and accepts a draw while not better.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Position, mulberry32 } from '@citadel/core';
import {
  gameStateSchema,
  createGameResponseSchema,
  rematchResponseSchema,
  type GameState,
  type ServerEvent,
} from '@citadel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../src/bot/api-client.ts';
import { CLI } from './helpers.ts';
import { startTestServer, type TestServer } from './online-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function post(path: string, body: unknown, token?: string): Promise<unknown> {
  const r = await fetch(server.url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const data: unknown = await r.json();
  if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(data)}`);
  return data;
}

async function state(id: string): Promise<GameState> {
  return gameStateSchema.parse(await (await fetch(`${server.url}/api/games/${id}`)).json());
}

/** Starts the bot with `args`; its output is collected and its exit awaited. */
function startBot(args: readonly string[]) {
  const bot = spawn(process.execPath, [CLI, 'bot', '--server', server.url, ...args]);
  const out = { stdout: '', stderr: '' };
  bot.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  bot.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => bot.on('exit', resolve));
  return { bot, out, exited };
}

/** A game's events as one seat sees them, kept for `until`. */
function watch(id: string, token: string) {
  const seen: ServerEvent[] = [];
  let read = 0;
  let wake = (): void => {};
  const stop = new AbortController();
  void (async () => {
    try {
      for await (const e of new ApiClient(server.url).stream(id, token, stop.signal)) {
        seen.push(e);
        wake();
      }
    } catch {
      // stopped
    }
  })();
  return {
    /** The next event (after those `until` returned before) that `wanted` accepts. */
    async until(wanted: (e: ServerEvent) => boolean, what: string): Promise<ServerEvent> {
      const deadline = Date.now() + 30_000;
      for (;;) {
        while (read < seen.length) {
          const e = seen[read++]!;
          if (wanted(e)) return e;
        }
        if (Date.now() > deadline) throw new Error(`no ${what}: ${JSON.stringify(seen.slice(-3))}`);
        await new Promise<void>((done) => {
          wake = done;
          setTimeout(done, 200);
        });
      }
    },
    close: () => stop.abort(),
  };
}

describe('citadel bot', () => {
  it('accepts a lobby challenge and plays it to the end', async () => {
    const made = createGameResponseSchema.parse(
      await post('/api/games', { variant: 'tamerlane', color: 'white', lobby: true }),
    );
    const bot = spawn(process.execPath, [
      CLI,
      'bot',
      '--server',
      server.url,
      '--games',
      '1',
      '--movetime',
      '40',
      '--poll',
      '200',
    ]);
    let out = '';
    let err = '';
    bot.stdout.on('data', (d: Buffer) => (out += d.toString()));
    bot.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => bot.on('exit', resolve));

    // White answers every state and move event of the game's stream; the server referees.
    const random = mulberry32(7);
    const api = new ApiClient(server.url);
    const stop = new AbortController();
    const giveUp = setTimeout(() => stop.abort(), 100_000);
    const created = await state(made.id);
    let moves: string[] = [];
    const whiteMove = async (): Promise<void> => {
      if (moves.length % 2 !== 0) return;
      const pos = Position.start('tamerlane', { array: created.array, rules: created.rules });
      if (!pos.ok) throw new Error(pos.error);
      for (const m of moves) pos.value.play(m);
      const legal = pos.value.legalMoves();
      if (legal.length === 0) return; // the game is over: its end event follows
      // A 200-ply game is long enough: White gives up then.
      if (moves.length >= 200) await post(`/api/games/${made.id}/resign`, {}, made.seat.token);
      else {
        const move = legal[Math.floor(random() * legal.length)]!.text;
        await post(`/api/games/${made.id}/moves`, { move, ply: moves.length }, made.seat.token);
      }
    };
    for await (const e of api.stream(made.id, made.seat.token, stop.signal)) {
      if (e.type === 'state') {
        moves = [...e.game.moves];
        if (e.game.status === 'ended') break;
        if (e.game.status === 'started') await whiteMove();
      } else if (e.type === 'move') {
        if (e.ply === moves.length + 1) moves.push(e.move);
        await whiteMove();
      } else if (e.type === 'end') break;
    }
    // Leaving the loop does not close the stream's connection by itself: it is aborted.
    clearTimeout(giveUp);
    stop.abort();
    const g = await state(made.id);
    expect(g.status, err).toBe('ended');
    expect(g.moves.length).toBeGreaterThan(1);
    expect(g.players.black).not.toBeNull();
    expect(await exited, err).toBe(0);
    expect(out).toContain(`${made.id} ${g.result}`);
    expect(err).toContain(`${made.id}: playing black`);
  }, 120_000);

  it('declines a takeback, answers draw offers by its evaluation and accepts a rematch', async () => {
    const engine = `${process.execPath} --import tsx ${fileURLToPath(new URL('./opinionated-engine.ts', import.meta.url))}`;
    const made = createGameResponseSchema.parse(
      await post('/api/games', { variant: 'chess', color: 'white', lobby: true }),
    );
    const { out, exited } = startBot([
      '--engine',
      engine,
      '--games',
      '2',
      '--movetime',
      '40',
      '--poll',
      '200',
    ]);
    const white = watch(made.id, made.seat.token);
    await white.until((e) => e.type === 'state' && e.game.status === 'started', 'join');
    await post(`/api/games/${made.id}/moves`, { move: 'e4' }, made.seat.token);
    await white.until((e) => e.type === 'move' && e.ply === 2, "the bot's reply");

    // Better by its engine (+200 as Black): no takeback, no draw.
    await post(`/api/games/${made.id}/takeback`, { action: 'offer' }, made.seat.token);
    await white.until(
      (e) => e.type === 'offers' && e.offers.takeback === null,
      'a declined takeback',
    );
    await post(`/api/games/${made.id}/draw`, { action: 'offer' }, made.seat.token);
    await white.until((e) => e.type === 'offers' && e.offers.draw === null, 'a declined draw');
    const a = await state(made.id);
    expect(a).toMatchObject({ status: 'started' });
    expect(a.moves).toHaveLength(2);

    // White resigns and offers a rematch: the bot takes it, as White now (-100: not better).
    await post(`/api/games/${made.id}/resign`, {}, made.seat.token);
    await post(`/api/games/${made.id}/rematch`, { action: 'offer' }, made.seat.token);
    await white.until((e) => e.type === 'rematch', 'the rematch');
    white.close();
    const again = rematchResponseSchema.parse(
      await post(`/api/games/${made.id}/rematch`, { action: 'accept' }, made.seat.token),
    );
    const next = again.rematch!;
    expect(next.seat.color).toBe('black');
    const black = watch(next.id, next.seat.token);
    await black.until((e) => e.type === 'move' && e.ply === 1, "the bot's first move");
    await post(`/api/games/${next.id}/draw`, { action: 'offer' }, next.seat.token);
    await black.until((e) => e.type === 'end', 'the end');
    black.close();
    expect(await state(next.id)).toMatchObject({ result: '1/2-1/2', reason: 'agreement' });

    expect(await exited, out.stderr).toBe(0);
    expect(out.stderr).toContain('takeback offer declined');
    expect(out.stderr).toContain('draw offer declined');
    expect(out.stderr).toContain('rematch offer accepted');
    expect(out.stderr).toContain('draw offer accepted');
    expect(out.stdout).toContain(`${made.id} 0-1`);
    expect(out.stdout).toContain(`${next.id} 1/2-1/2`);
  }, 120_000);
});
