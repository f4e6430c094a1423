/** Starts a whole server: storage, pub/sub, games, HTTP; and stops it. */
import type { FastifyInstance } from 'fastify';
import type { LogLevel, TrustProxy } from './config.ts';
import { buildApp } from './http/app.ts';
import { wireOf, type Wire } from './http/wire.ts';
import { LocalBus, type Bus } from './pubsub/bus.ts';
import { openPostgresBus } from './pubsub/postgres-bus.ts';
import { giveBackDowntime, keepHeartbeat } from './service/downtime.ts';
import { Games } from './service/games.ts';
import { GameLists } from './service/game-lists.ts';
import { LobbyFeed } from './service/lobby-feed.ts';
import { MyGamesFeed } from './service/my-games-feed.ts';
import type { ScheduledArena } from './service/arena-schedule.ts';
import { seatedAccounts } from './service/seat-ratings.ts';
import { TournamentFeed } from './service/tournament-feed.ts';
import { Tournaments } from './service/tournaments.ts';
import { StartupFailure, describeListenFailure } from './startup-failure.ts';
import { openStore } from './storage/open.ts';
import { checkWebBuild, readWebBuild } from './web-build.ts';

export interface ServerOptions {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl?: string | undefined;
  readonly dataDir?: string | undefined;
  /** How long a start waits for an unreachable PostgreSQL (storage/open.ts has the default). */
  readonly databaseWaitMs?: number | undefined;
  readonly webRoot: string | null;
  /** The log's level (`silent` unless given: `npm start` gives CITADEL_LOG's, `warn` by default). */
  readonly logLevel?: LogLevel;
  readonly rateLimit?: number;
  /** Live connections (sockets and streams) one address may hold at once (http/live-limits.ts). */
  readonly livePerAddress?: number;
  readonly trustProxy?: TrustProxy;
  /** The origin players use, for game links and the PGN's Site; else the address listened on. */
  readonly publicUrl?: string | undefined;
  /** The server's clock (epoch ms); tests move it to reach deadlines without waiting. */
  readonly now?: () => number;
  /** The operator's scheduled arenas (config.ts's CITADEL_ARENAS); none unless given. */
  readonly arenaSchedule?: readonly ScheduledArena[];
  /**
   * How the server speaks, where it differs from its own protocol (http/wire.ts): the version it
   * says, and each event as it goes out. Tests stand in for a newer server with it (a field added
   * to an event, a version raised); `npm start` never sets it, and no client can.
   */
  readonly wire?: Partial<Pick<Wire, 'protocol' | 'outgoing'>>;
}

export interface RunningServer {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly games: Games;
  readonly tournaments: Tournaments;
  /** Which database, for people: "SQLite in data/" or "PostgreSQL". */
  readonly storage: string;
  close(): Promise<void>;
}

/**
 * Starts the server; a failure a person can fix (storage, port) rejects with a one-line
 * `StartupFailure`, after closing what had been opened.
 */
export async function startServer(o: ServerOptions): Promise<RunningServer> {
  const webBuild = o.webRoot ? readWebBuild(o.webRoot) : null;
  const wire: Wire = { ...wireOf(webBuild?.build ?? 'none'), ...o.wire };
  if (o.webRoot) checkWebBuild(webBuild, wire.protocol, o.webRoot);
  const store = await openStore({
    databaseUrl: o.databaseUrl,
    dataDir: o.dataDir,
    databaseWaitMs: o.databaseWaitMs,
  });
  const bus: Bus = o.databaseUrl ? await openPostgresBus(o.databaseUrl) : new LocalBus();
  // Games and tournaments call each other: a tournament game's end is scored in its save, and a
  // pairing starts games (their deadlines, the players' lists).
  const games: Games = new Games(store, bus, o.now, {
    tournaments: { ending: (g) => tournaments.ending(g), ended: (g) => tournaments.ended(g) },
  });
  const lists = new GameLists(store, games.now);
  const lobby = new LobbyFeed(lists, games.processId, bus);
  const myGames = new MyGamesFeed(lists, games.processId, bus);
  const tournaments: Tournaments = new Tournaments({
    store,
    bus,
    now: games.now,
    processId: games.processId,
    ...(o.arenaSchedule ? { schedule: o.arenaSchedule } : {}),
    started: (records) => {
      games.started(records);
      myGames.gainedAll(records.flatMap(seatedAccounts));
    },
  });
  // Its pace is the machine's clock, not the games' (which tests move).
  const tournamentFeed = new TournamentFeed(tournaments, bus);
  // Set from the listening address once it is known, unless configured.
  let publicOrigin = o.publicUrl ?? '';
  const app = await buildApp({
    games,
    lobby,
    myGames,
    lists,
    tournaments,
    tournamentFeed,
    wire,
    webRoot: o.webRoot,
    logLevel: o.logLevel ?? 'silent',
    trustProxy: o.trustProxy ?? false,
    publicOrigin: () => publicOrigin,
    ...(o.rateLimit !== undefined ? { rateLimit: o.rateLimit } : {}),
    ...(o.livePerAddress !== undefined ? { livePerAddress: o.livePerAddress } : {}),
  });
  // Before any timer is set: the deadlines move by the time the whole service was down.
  await giveBackDowntime(store, games.now());
  const heartbeat = keepHeartbeat(store, games.now);
  games.startDeadlines();
  tournaments.start();
  const close = async (): Promise<void> => {
    await app.close();
    lobby.close();
    myGames.close();
    tournamentFeed.close();
    await tournaments.close();
    await games.close();
    await heartbeat.stop();
    await bus.close();
    await store.close();
  };
  try {
    await app.listen({ port: o.port, host: o.host });
  } catch (e) {
    await close().catch(() => undefined);
    const line = describeListenFailure(e, o.host, o.port);
    throw line ? new StartupFailure(line, { cause: e }) : e;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : o.port;
  const shown = o.host === '0.0.0.0' || o.host === '::' ? 'localhost' : o.host;
  const url = `http://${shown}:${port}/`;
  publicOrigin ||= url.replace(/\/$/, '');
  return {
    url,
    app,
    games,
    tournaments,
    storage: o.databaseUrl ? 'PostgreSQL' : `SQLite in ${o.dataDir ?? 'data'}/`,
    close,
  };
}
