/**
 * `citadel bot` plays a whole online game on a real server: a scripted API client posts a lobby
 * challenge as White and plays seeded random legal moves over HTTP; the bot (our engine, short
 * searches) accepts it from the lobby, plays Black through the API and its event stream, and
 * exits cleanly once its one game is over.
 */
import { spawn } from 'node:child_process';
import { Position, mulberry32 } from '@citadel/core';
import { gameStateSchema, createGameResponseSchema, type GameState } from '@citadel/protocol';
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
});
