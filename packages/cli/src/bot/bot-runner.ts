/**
 * The bot's loop: it plays the games it is given (`--game`), posts its own challenges
 * (`--challenge`), accepts open lobby challenges in the variants its engine plays and, after a
 * game, its opponent's rematch offer, at most `maxGames` at a time, until `games` games are done
 * or it is stopped (it then leaves cleanly: no new game, engines quit). Without an account it
 * never tries a challenge it cannot join: rated ones are skipped (and the log says why, once).
 */
import type { CreateGameRequest, GameSummary, Seat } from '@citadel/protocol';
import { UciEngine } from '../match/uci-client.ts';
import { ApiError } from '@citadel/protocol';
import type { ApiClient } from './api-client.ts';
import { offersVariant } from './bot-engine.ts';
import { playOnlineGame, type GameOutcome } from './bot-game.ts';

export interface BotSettings {
  /** The bot account the client is logged in to, or null: a guest, who cannot play rated games. */
  readonly account: string | null;
  readonly engine: string;
  readonly movetimeMs: number;
  /** Games played at the same time. */
  readonly maxGames: number;
  /** Stop after this many games (0: never). */
  readonly games: number;
  /** Accept lobby challenges. */
  readonly accept: boolean;
  /** Accept the opponent's rematch offer after a game (while more games are wanted). */
  readonly acceptRematch: boolean;
  /** How long to wait for that offer after a game. */
  readonly rematchWaitMs: number;
  /** Only these variants (empty: every variant the engine plays). */
  readonly variants: readonly string[];
  /** Games to join or resume by id first. */
  readonly join: readonly string[];
  /** A challenge to post whenever the bot has a free slot. */
  readonly challenge: CreateGameRequest | null;
  readonly pollMs: number;
  readonly log: (line: string) => void;
}

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

/** Runs the bot until done or `signal` aborts; resolves to the games played. */
export async function runBot(
  api: ApiClient,
  s: BotSettings,
  signal: AbortSignal,
): Promise<GameOutcome[]> {
  const probe = await UciEngine.start(s.engine, 30_000);
  const plays = (variant: string): boolean =>
    offersVariant(probe, variant) && (s.variants.length === 0 || s.variants.includes(variant));
  await probe.quit();
  s.log(`engine: ${probe.name}`);

  const done: GameOutcome[] = [];
  const playing = new Map<string, Promise<void>>();
  const refused = new Set<string>();
  let posted: string | null = null;
  let started = 0;
  const wanted = (): boolean => s.games === 0 || started < s.games;

  const start = (id: string, seat: Seat): void => {
    started++;
    s.log(`${id}: playing ${seat.color}`);
    const game = playOnlineGame(api, id, seat, {
      engine: s.engine,
      movetimeMs: s.movetimeMs,
      log: s.log,
      signal,
      wantsRematch: () => s.acceptRematch && wanted() && !signal.aborted,
      rematchWaitMs: s.rematchWaitMs,
    })
      .then((outcome) => {
        done.push(outcome);
        s.log(`${id}: ${outcome.result} ${outcome.text} (${outcome.plies} plies)`);
        if (outcome.rematch) start(outcome.rematch.id, outcome.rematch.seat);
      })
      .catch((e: unknown) => s.log(`${id}: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => playing.delete(id));
    playing.set(id, game);
  };

  for (const id of s.join) {
    if (!wanted()) break;
    try {
      start(id, (await api.join(id)).seat);
    } catch (e) {
      s.log(`${id}: cannot join: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  let toldRated = false;
  /** Whether a challenge can be joined: a rated one needs an account, and one's own cannot. */
  const joinable = (g: GameSummary): boolean => {
    const creator = g.players.white ?? g.players.black;
    if (s.account !== null) return creator?.name?.toLowerCase() !== s.account.toLowerCase();
    if (!g.rated) return true;
    if (!toldRated)
      s.log('skipping rated challenges: a rated game needs an account (log in with --account)');
    toldRated = true;
    return false;
  };
  const acceptable = (g: GameSummary): boolean =>
    g.status === 'waiting' &&
    g.id !== posted &&
    !playing.has(g.id) &&
    !refused.has(g.id) &&
    plays(g.variant) &&
    joinable(g);

  while (!signal.aborted && (wanted() || playing.size > 0)) {
    if (wanted() && playing.size < s.maxGames) {
      if (s.challenge && posted === null) {
        try {
          const made = await api.createGame(s.challenge);
          posted = made.id;
          s.log(`${made.id}: challenge posted (${made.url})`);
          // Played at once: the game's stream, held from now, keeps it in the lobby (the server
          // lists a challenge only while its poster is connected: docs/api.md).
          start(made.id, made.seat);
        } catch (e) {
          s.log(`challenge refused: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      if (s.accept) {
        try {
          const open = (await api.lobby()).games.filter(acceptable);
          for (const g of open) {
            if (playing.size >= s.maxGames || !wanted()) break;
            try {
              start(g.id, (await api.join(g.id)).seat);
            } catch (e) {
              // Not tried again, whatever a later list says (it may have been read before).
              refused.add(g.id);
              s.log(
                e instanceof ApiError && e.status === 409
                  ? `${g.id}: someone else accepted it first (${e.message})`
                  : `${g.id}: cannot join: ${e instanceof Error ? e.message : String(e)}`,
              );
            }
          }
        } catch (e) {
          s.log(`lobby: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
    }
    if (posted !== null && !playing.has(posted)) posted = null;
    await Promise.race([sleep(s.pollMs, signal), ...playing.values()]);
  }
  await Promise.all(playing.values());
  return done;
}
