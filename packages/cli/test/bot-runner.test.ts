/**
 * The bot's loop against a scripted server (an ApiClient whose answers the test writes), with an
 * engine of known opinion (opinionated-engine.ts): a challenge it posts has its stream held from
 * the moment it is posted, which keeps it in the lobby (docs/api.md); a challenge someone else
 * accepted first is logged once and left.
 */
import { fileURLToPath } from 'node:url';
import {
  ApiError,
  type CreateGameRequest,
  type CreateGameResponse,
  type JoinResponse,
  type LobbyResponse,
  type ServerEvent,
} from '@citadel/protocol';
import { expect, it } from 'vitest';
import { ApiClient } from '../src/bot/api-client.ts';
import { runBot, type BotSettings } from '../src/bot/bot-runner.ts';

const ENGINE = `${process.execPath} --import tsx ${fileURLToPath(new URL('./opinionated-engine.ts', import.meta.url))}`;
const TOKEN = 'a'.repeat(43);

/** A server that lists nothing, takes one challenge and records the streams asked for. */
class ScriptedServer extends ApiClient {
  readonly streams: Array<{ id: string; token: string | null }> = [];
  constructor() {
    super('http://127.0.0.1:1');
  }
  override async lobby(): Promise<LobbyResponse> {
    return { games: [] };
  }
  override async createGame(_: CreateGameRequest): Promise<CreateGameResponse> {
    return {
      id: 'posted0001',
      url: 'http://127.0.0.1:1/game/posted0001',
      seat: { color: 'white', token: TOKEN },
    };
  }
  override async *stream(
    id: string,
    token: string | null,
    signal: AbortSignal,
  ): AsyncGenerator<ServerEvent> {
    this.streams.push({ id, token });
    // Nothing happens in the game until the bot stops.
    await new Promise<void>((done) => signal.addEventListener('abort', () => done()));
    yield* [];
  }
}

const settings = (log: (line: string) => void, challenge: CreateGameRequest | null) =>
  ({
    engine: ENGINE,
    movetimeMs: 40,
    maxGames: 1,
    games: 1,
    accept: true,
    acceptRematch: false,
    rematchWaitMs: 0,
    variants: [],
    join: [],
    challenge,
    account: null,
    pollMs: 100,
    log,
  }) satisfies BotSettings;

it('holds the stream of the challenge it posts from the moment it is posted', async () => {
  const server = new ScriptedServer();
  const stop = new AbortController();
  const lines: string[] = [];
  const running = runBot(
    server,
    settings((l) => lines.push(l), { variant: 'chess', lobby: true }),
    stop.signal,
  );
  await expect
    .poll(() => server.streams, { timeout: 30_000 })
    .toEqual([{ id: 'posted0001', token: TOKEN }]);
  stop.abort();
  await running;
  expect(lines).toContain('posted0001: challenge posted (http://127.0.0.1:1/game/posted0001)');
});

it('logs a challenge someone else accepted first, and moves on', async () => {
  let lobbies = 0;
  let joins = 0;
  const server = new (class extends ScriptedServer {
    override async lobby(): Promise<LobbyResponse> {
      lobbies++;
      const taken = {
        id: 'taken00001',
        variant: 'chess',
        array: 'standard',
        clock: null,
        rated: false,
        status: 'waiting',
        players: { white: { name: null }, black: null },
        turn: 'white',
        plies: 0,
        createdAt: 0,
      } as const;
      return { games: [taken] };
    }
    override async join(_: string): Promise<JoinResponse> {
      joins++;
      throw new ApiError(409, 'both seats are taken');
    }
  })();
  const stop = new AbortController();
  const lines: string[] = [];
  const running = runBot(
    server,
    settings((l) => lines.push(l), null),
    stop.signal,
  );
  // The list keeps showing it (read before the other accept): it is not tried again.
  await expect.poll(() => lobbies, { timeout: 30_000 }).toBeGreaterThan(3);
  stop.abort();
  await running;
  expect(joins).toBe(1);
  expect(lines.filter((l) => l.startsWith('taken00001'))).toEqual([
    'taken00001: someone else accepted it first (both seats are taken)',
  ]);
});
