/**
 * `citadel bot` plays whole online games on a real server: a scripted API client posts a lobby
 * challenge as White and plays seeded random legal moves over HTTP; the bot (our engine, short
 * searches) accepts it from the lobby, plays Black through the API and its event stream, and
 * exits cleanly once its one game is over. With an engine of known opinion
 * (opinionated-engine.ts) the bot answers the offers: it declines a takeback, declines a draw
 * while better, accepts the rematch, and accepts a draw while not better. As a guest it skips
 * rated challenges (saying why, once) and never tries to join one; logged in to its bot account
 * (the password from the environment or a file) it accepts and posts rated games, marked as a
 * bot's, and logs in again when the server has ended its session; a missing or wrong password, or
 * a person's account, ends it with one line.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** POSTs `body` with a seat's token or an account's session cookie; a refusal throws. */
async function post(
  path: string,
  body: unknown,
  token?: string,
  cookie?: string,
): Promise<unknown> {
  const r = await fetch(server.url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  const data: unknown = await r.json();
  if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(data)}`);
  return data;
}

const PASSWORD = 'engine of gears';

/** Registers an account (a bot's when `bot`) and returns its session cookie. */
async function register(username: string, bot: boolean): Promise<string> {
  const r = await fetch(`${server.url}/api/accounts/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD, bot }),
  });
  if (r.status !== 201) throw new Error(`register ${username}: ${r.status} ${await r.text()}`);
  return r.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** The environment of a bot process: this one's, with the bot password `password` or none. */
function botEnv(password?: string): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env['CITADEL_BOT_PASSWORD'];
  if (password !== undefined) env['CITADEL_BOT_PASSWORD'] = password;
  return env;
}

async function state(id: string): Promise<GameState> {
  return gameStateSchema.parse(await (await fetch(`${server.url}/api/games/${id}`)).json());
}

/** Starts the bot with `args`; its output is collected and its exit awaited. */
function startBot(args: readonly string[], env: NodeJS.ProcessEnv = botEnv()) {
  const bot = spawn(process.execPath, [CLI, 'bot', '--server', server.url, ...args], { env });
  const out = { stdout: '', stderr: '' };
  const waiters = new Set<() => void>();
  bot.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  bot.stderr.on('data', (d: Buffer) => {
    out.stderr += d.toString();
    for (const w of [...waiters]) w();
  });
  const exited = new Promise<number | null>((resolve) => bot.on('exit', resolve));
  const closed = new Promise<void>((resolve) => bot.on('close', () => resolve()));
  /**
   * The first match of `pattern` in the bot's log, once there; rejects if the bot ends first or
   * 30 s pass.
   */
  const said = (pattern: RegExp): Promise<RegExpExecArray> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const m = pattern.exec(out.stderr);
        if (m && waiters.delete(check)) {
          clearTimeout(late);
          resolve(m);
        }
      };
      const late = setTimeout(() => {
        if (waiters.delete(check))
          reject(new Error(`the bot never said ${pattern}: ${out.stderr}`));
      }, 30_000);
      waiters.add(check);
      check();
      void closed.then(() => {
        clearTimeout(late);
        if (waiters.delete(check))
          reject(new Error(`the bot ended without ${pattern}: ${out.stderr}`));
      });
    });
  return { bot, out, exited, closed, said };
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
      // Sixty plies show the bot playing on through a game: White gives up then (a random mover
      // rarely ends a Tamerlane game sooner, and the bot's end of game is the same either way).
      if (moves.length >= 60) await post(`/api/games/${made.id}/resign`, {}, made.seat.token);
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

  it('as a guest, skips rated challenges, saying why once, and plays a casual one', async () => {
    const host = await register('rated_host', false);
    const rated = [];
    for (let i = 0; i < 2; i++)
      rated.push(
        createGameResponseSchema.parse(
          await post('/api/games', { variant: 'chess', rated: true, lobby: true }, undefined, host),
        ),
      );
    const bot = startBot([
      '--games',
      '1',
      '--variant',
      'chess',
      '--movetime',
      '40',
      '--poll',
      '100',
    ]);
    const skipped = 'skipping rated challenges: a rated game needs an account';
    try {
      await bot.said(new RegExp(skipped));
      // Posted only now: the lobby read that finds it lists the rated ones again.
      const casual = createGameResponseSchema.parse(
        await post('/api/games', { variant: 'chess', color: 'white', lobby: true }),
      );
      const white = watch(casual.id, casual.seat.token);
      await white.until((e) => e.type === 'state' && e.game.status === 'started', 'join');
      white.close();
      await post(`/api/games/${casual.id}/abort`, {}, casual.seat.token);
      expect(await bot.exited, bot.out.stderr).toBe(0);
      expect(bot.out.stderr.split(skipped)).toHaveLength(2);
      expect(bot.out.stderr).not.toContain('cannot join');
      for (const g of rated) expect((await state(g.id)).status).toBe('waiting');
    } finally {
      bot.bot.kill();
      // The next tests' bots must not find these in the lobby.
      for (const g of rated) await post(`/api/games/${g.id}/abort`, {}, g.seat.token);
    }
  }, 120_000);

  it('logged in to its bot account, accepts a rated challenge and plays it as a bot', async () => {
    await register('tin_bot', true);
    const human = await register('rated_human', false);
    const made = createGameResponseSchema.parse(
      await post(
        '/api/games',
        { variant: 'chess', color: 'white', rated: true, lobby: true },
        undefined,
        human,
      ),
    );
    const bot = startBot(
      [
        '--account',
        'tin_bot',
        '--games',
        '1',
        '--variant',
        'chess',
        '--movetime',
        '40',
        '--poll',
        '100',
      ],
      botEnv(PASSWORD),
    );
    const white = watch(made.id, made.seat.token);
    await white.until((e) => e.type === 'state' && e.game.status === 'started', 'join');
    await post(`/api/games/${made.id}/moves`, { move: 'e4' }, made.seat.token);
    await white.until((e) => e.type === 'move' && e.ply === 2, "the bot's reply");
    white.close();
    await post(`/api/games/${made.id}/resign`, {}, made.seat.token);
    expect(await bot.exited, bot.out.stderr).toBe(0);
    expect(bot.out.stderr).toContain('playing as tin_bot');
    const g = await state(made.id);
    expect(g).toMatchObject({ rated: true, result: '0-1' });
    expect(g.players.black).toMatchObject({ name: 'tin_bot', bot: true, rating: 1500 });
    expect(g.players.black!.ratingDiff).toBeGreaterThan(0);
    expect(bot.out.stdout).toContain(`${made.id} 0-1`);
  }, 120_000);

  it('posts a rated challenge under its bot account, the password read from a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'citadel-bot-password-'));
    try {
      const file = join(dir, 'password');
      writeFileSync(file, `${PASSWORD}\n`, { mode: 0o600 });
      await register('file_bot', true);
      const human = await register('file_human', false);
      const bot = startBot([
        '--account',
        'file_bot',
        '--password-file',
        file,
        '--no-accept',
        '--challenge',
        'chess',
        '--rated',
        '--color',
        'white',
        '--clock',
        'none',
        '--games',
        '1',
        '--movetime',
        '40',
      ]);
      const id = (await bot.said(/(\S+): challenge posted/))[1]!;
      const seat = (await post(`/api/games/${id}/join`, {}, undefined, human)) as {
        seat: { token: string };
      };
      const black = watch(id, seat.seat.token);
      await black.until((e) => e.type === 'move' && e.ply === 1, "the bot's first move");
      black.close();
      await post(`/api/games/${id}/resign`, {}, seat.seat.token);
      expect(await bot.exited, bot.out.stderr).toBe(0);
      const g = await state(id);
      expect(g).toMatchObject({ rated: true, result: '1-0' });
      expect(g.players.white).toMatchObject({ name: 'file_bot', bot: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("logs in again when the server has ended the bot's session", async () => {
    await register('renew_bot', true);
    const human = await register('renew_human', false);
    const client = new ApiClient(server.url);
    await client.login({ username: 'renew_bot', password: PASSWORD });
    // Twenty newer sessions of the account end the client's (an account keeps twenty).
    for (let i = 0; i < 20; i++)
      await post('/api/accounts/login', { username: 'renew_bot', password: PASSWORD });
    const made = createGameResponseSchema.parse(
      await post('/api/games', { variant: 'chess', rated: true }, undefined, human),
    );
    const seat = (await client.join(made.id)).seat;
    expect(seat.color).not.toBe(made.seat.color);
    const g = await state(made.id);
    expect(g.players[seat.color]).toMatchObject({ name: 'renew_bot', bot: true });
    await client.logout();
  });

  it('ends with one line without its password, with a wrong one, or as a person', async () => {
    await register('tiny_bot', true);
    await register('a_person', false);
    // Started asynchronously: the server answering them runs in this process.
    const run = async (args: readonly string[], env = botEnv()) => {
      const bot = startBot(args, env);
      const status = await bot.exited;
      await bot.closed;
      return { status, stderr: bot.out.stderr.trim(), stdout: bot.out.stdout };
    };
    expect(await run(['--account', 'tiny_bot'])).toMatchObject({
      status: 2,
      stderr:
        'citadel: --account tiny_bot needs its password in CITADEL_BOT_PASSWORD or in a file ' +
        'named by --password-file (never on the command line)',
    });
    expect(await run(['--account', 'tiny_bot'], botEnv('not the password'))).toMatchObject({
      status: 2,
      stderr: 'citadel: cannot log in as tiny_bot: wrong username or password',
    });
    expect(await run(['--account', 'a_person'], botEnv(PASSWORD))).toMatchObject({
      status: 2,
      stderr:
        'citadel: a_person is not a bot account: a bot plays under an account registered as one ' +
        '("bot": true, docs/api.md), never a person\'s',
    });
    expect(await run(['--challenge', 'chess', '--rated'])).toMatchObject({
      status: 2,
      stderr: 'citadel: --rated needs --account: a rated game needs an account on both sides',
    });
    expect(
      await run(['--account', 'tiny_bot', '--password-file', '/nonexistent/password']),
    ).toMatchObject({
      status: 2,
      stderr: 'citadel: --password-file: cannot read /nonexistent/password (ENOENT)',
    });
    const help = await run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(
      /--account <name>[\s\S]*CITADEL_BOT_PASSWORD[\s\S]*--password-file/,
    );
  });
});
