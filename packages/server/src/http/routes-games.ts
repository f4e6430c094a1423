/** The game endpoints of docs/api.md: create, join, state, moves, offers, end, PGN, lists. */
import {
  archiveQuerySchema,
  createGameRequestSchema,
  gamePath,
  moveRequestSchema,
  myGamesRequestSchema,
  offerRequestSchema,
  type Color,
  type MyGamesResponse,
  type OfferKind,
} from '@citadel/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sideToMove } from '@citadel/game';
import type { Accounts } from '../service/accounts.ts';
import type { Games } from '../service/games.ts';
import type { LobbyFeed } from '../service/lobby-feed.ts';
import { hashToken } from '../service/ids.ts';
import { openChallenges } from '../service/lobby.ts';
import { gamePgn } from '../service/pgn.ts';
import { accountOf } from './session.ts';
import { bearer, gameId, parse } from './validate.ts';

/** `publicOrigin`: the address players use (config.ts), for links and the PGN's Site. */
export function gameRoutes(
  app: FastifyInstance,
  games: Games,
  accounts: Accounts,
  lobby: LobbyFeed,
  publicOrigin: () => string,
): void {
  app.post('/api/games', async (req, reply) => {
    const body = parse(createGameRequestSchema, req.body);
    const { id, seat } = await games.create(body, await accountOf(accounts, req));
    if (body.lobby) lobby.posted();
    return reply.code(201).send({ id, url: `${publicOrigin()}${gamePath(id)}`, seat });
  });

  app.post('/api/games/:id/join', async (req) => {
    const seat = await games.join(gameId(req), await accountOf(accounts, req));
    return { seat };
  });

  app.get('/api/games/:id', async (req) => games.state(gameId(req)));

  /** The seat of the request's bearer token in the game, or else its signed-in account's; or 403. */
  const seat = async (req: FastifyRequest): Promise<{ id: string; color: Color }> => {
    const id = gameId(req);
    const token = bearer(req);
    const account = token ? null : await accountOf(accounts, req);
    return { id, color: await games.seatOf(id, token, account) };
  };

  app.post('/api/games/:id/moves', async (req) => {
    const { id, color } = await seat(req);
    const body = parse(moveRequestSchema, req.body);
    return (await games.move(id, color, body.move, body.ply)).state;
  });

  app.post('/api/games/:id/resign', async (req) => {
    const { id, color } = await seat(req);
    return (await games.resign(id, color)).state;
  });

  app.post('/api/games/:id/abort', async (req) => {
    const { id, color } = await seat(req);
    return (await games.abort(id, color)).state;
  });

  app.post('/api/games/:id/claim-win', async (req) => {
    const { id, color } = await seat(req);
    return (await games.claimWin(id, color)).state;
  });

  for (const kind of ['draw', 'takeback'] as const satisfies readonly OfferKind[])
    app.post(`/api/games/:id/${kind}`, async (req) => {
      const { id, color } = await seat(req);
      const { action } = parse(offerRequestSchema, req.body);
      return (await games.offer(id, color, kind, action)).state;
    });

  app.post('/api/games/:id/rematch', async (req) => {
    const { id, color } = await seat(req);
    const { action } = parse(offerRequestSchema, req.body);
    const before = await games.state(id);
    const state = before.rematch ? before : (await games.offer(id, color, 'rematch', action)).state;
    // An account seated by its session finds its seat in the rematch the same way.
    const token = bearer(req);
    const rematch = token ? await games.rematchSeat(id, color, token) : undefined;
    return { game: state, ...(rematch ? { rematch } : {}) };
  });

  app.get('/api/games/:id/pgn', async (req, reply) => {
    const { record, position, players } = await games.snapshot(gameId(req));
    return reply
      .type('application/x-chess-pgn; charset=utf-8')
      .header('content-disposition', `attachment; filename="citadel-${record.id}.pgn"`)
      .send(gamePgn(record, position, publicOrigin(), players));
  });

  // Only the challenges whose poster is there (service/lobby.ts).
  app.get('/api/lobby', async () => ({
    games: await games.summaries(await openChallenges(games.store, games.now())),
  }));

  app.post('/api/my-games', async (req): Promise<MyGamesResponse> => {
    const { tokens } = parse(myGamesRequestSchema, req.body);
    const account = await accountOf(accounts, req);
    const hashes = new Set(tokens.map(hashToken));
    const found = await games.store.gamesOf([...hashes], account?.id ?? null, 200);
    const summaries = await games.summaries(found);
    const rows = found.map((g, i) => {
      const mine = (c: Color): boolean =>
        (g.seats[c] !== null && hashes.has(g.seats[c].tokenHash)) ||
        (account !== null && g.seats[c]?.accountId === account.id);
      const color: Color = mine('white') ? 'white' : 'black';
      return {
        game: summaries[i]!,
        color,
        myTurn: g.status === 'started' && sideToMove(g) === color,
      };
    });
    const order = (r: (typeof rows)[number]): number =>
      r.myTurn ? 0 : r.game.status === 'started' ? 1 : r.game.status === 'waiting' ? 2 : 3;
    rows.sort(
      (a, b) =>
        order(a) - order(b) ||
        (b.game.endedAt ?? b.game.createdAt) - (a.game.endedAt ?? a.game.createdAt),
    );
    return { games: rows };
  });

  app.get('/api/archive', async (req) => {
    const q = parse(archiveQuerySchema, req.query);
    let accountId: number | undefined;
    if (q.player !== undefined) {
      const row = await games.store.accountByName(q.player);
      if (!row) return { games: [] };
      accountId = row.id;
    }
    const found = await games.store.archive({
      ...(accountId !== undefined ? { accountId } : {}),
      ...(q.variant !== undefined ? { variant: q.variant } : {}),
      ...(q.before !== undefined ? { before: q.before } : {}),
      limit: q.limit ?? 50,
    });
    return { games: await games.summaries(found) };
  });
}
