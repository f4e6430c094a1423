/**
 * The HTTP server: security headers and a Content-Security-Policy, compression, a rate limit per
 * address (unknown paths and malformed URLs count too: malformed-url.ts), cookies, no state-changing request from another site's page (same-origin.ts), WebSockets with a small message limit, the API, and the built web app (its
 * files confined to its folder; any other page path gets the app's index.html, with 404 where the
 * app has no such page, @citadel/protocol's isAppPage, so that the app can say so). Closing it ends
 * every connection promptly (shutdown.ts).
 */
import { extname } from 'node:path';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { MAX_BODY_BYTES, MAX_MESSAGE_BYTES, MAX_WATCH_BYTES, isAppPage } from '@citadel/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMIT, type LogLevel, type TrustProxy } from '../config.ts';
import { Accounts } from '../service/accounts.ts';
import type { Games } from '../service/games.ts';
import type { GameLists } from '../service/game-lists.ts';
import type { LobbyFeed } from '../service/lobby-feed.ts';
import type { MyGamesFeed } from '../service/my-games-feed.ts';
import type { TournamentFeed } from '../service/tournament-feed.ts';
import type { Tournaments } from '../service/tournaments.ts';
import { installErrorHandler } from './errors.ts';
import { installZodSchemas } from './validate.ts';
import { EventStreams } from './event-stream.ts';
import { liveRoutes } from './live.ts';
import { DEFAULT_LIVE_PER_ADDRESS, LiveConnections } from './live-limits.ts';
import { frameworkRefusal, malformedUrlRoute, rewriteMalformedUrl } from './malformed-url.ts';
import { lobbyStreamRoute } from './lobby-stream.ts';
import { myGamesSocketRoute } from './my-games-socket.ts';
import { accountRoutes } from './routes-accounts.ts';
import { gameRoutes } from './routes-games.ts';
import { tournamentRoutes } from './routes-tournaments.ts';
import { refuseForeignPages } from './same-origin.ts';
import { closeIdleConnectionsOnClose, closeSockets } from './shutdown.ts';
import { installWire, versionHeaders, type Wire } from './wire.ts';

export interface AppOptions {
  readonly games: Games;
  /** The lobby pushed to its readers. */
  readonly lobby: LobbyFeed;
  /** "My games" pushed to its watchers. */
  readonly myGames: MyGamesFeed;
  /** The lists of games: lobby, my games, archive. */
  readonly lists: GameLists;
  readonly tournaments: Tournaments;
  /** Tournaments pushed to their streams' readers. */
  readonly tournamentFeed: TournamentFeed;
  /** The protocol version and build the server says, and its events as they go out (wire.ts). */
  readonly wire: Wire;
  /** The built web app (packages/web/dist), or null to serve the API only. */
  readonly webRoot: string | null;
  /** Requests per minute from one address. */
  readonly rateLimit?: number;
  /** Live connections (sockets and streams) one address may hold at once. */
  readonly livePerAddress?: number;
  readonly logLevel: LogLevel;
  /** Which proxies may tell the client's address and protocol (config.ts). */
  readonly trustProxy: TrustProxy;
  /** The origin players use: game links and the PGN's Site (never the request's Host). */
  readonly publicOrigin: () => string;
}

export async function buildApp(o: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: MAX_BODY_BYTES,
    logger: { level: o.logLevel },
    // At `info` every request is logged too; errors and 5xx answers (below) at `error`.
    trustProxy: trustedProxies(o.trustProxy),
    rewriteUrl: rewriteMalformedUrl,
    // The router's own refusals run no hook: they carry the version headers here.
    frameworkErrors: (e, req, reply) =>
      frameworkRefusal(e, req, reply.headers(versionHeaders(o.wire))),
  });
  installWire(app, o.wire);
  installErrorHandler(app);
  installZodSchemas(app);
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode >= 500)
      req.log.error(
        { method: req.method, url: req.url, statusCode: reply.statusCode },
        'answered 5xx',
      );
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The engine's Worker and its memory work without cross-origin isolation.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, { max: o.rateLimit ?? DEFAULT_RATE_LIMIT, timeWindow: 60_000 });
  await app.register(cookie);
  refuseForeignPages(app);
  await app.register(websocket, {
    // The largest message of any socket; each route reads only its own size (live-socket.ts).
    options: { maxPayload: Math.max(MAX_MESSAGE_BYTES, MAX_WATCH_BYTES) },
    preClose: closeSockets,
  });
  closeIdleConnectionsOnClose(app);

  malformedUrlRoute(app);
  const accounts = new Accounts(o.games.store, o.games.now);
  gameRoutes(app, o.games, o.lists, accounts, o.lobby, o.myGames, o.publicOrigin, (id) =>
    o.tournaments.nameOf(id),
  );
  accountRoutes(app, accounts, o.games.store);
  const live = new LiveConnections(o.livePerAddress ?? DEFAULT_LIVE_PER_ADDRESS);
  const streams = new EventStreams(app, live, o.wire);
  tournamentRoutes(app, o.tournaments, o.tournamentFeed, accounts, streams, o.publicOrigin);
  liveRoutes(app, o.games, accounts, live, streams, o.wire);
  lobbyStreamRoute(app, o.lobby, streams);
  myGamesSocketRoute(app, o.myGames, accounts, live, o.wire);

  if (o.webRoot) {
    await app.register(fastifyStatic, {
      root: o.webRoot,
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz beside each text file (packages/web/vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The same path answers in Brotli, gzip or plain by the request's Accept-Encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  // Unknown paths and the app's page paths count against the rate limit like any request.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    // Client-side routes (/play/<variant>, /learn/..., /game/<id>): any page path without an
    // extension gets the app, which shows the page or what was not found (then with 404).
    if (
      o.webRoot &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !extname(path)
    )
      return reply
        .code(isAppPage(path) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    return reply.code(404).send({ error: `not found: ${req.method} ${path}` });
  });
  return app;
}

/** Fastify's trustProxy: a count of proxies means the nearest `n` hops may speak for the client. */
function trustedProxies(
  t: TrustProxy,
): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof t === 'number' ? (_address, hop) => hop < t : t;
}
