/**
 * The game endpoints of docs/api.md: create, join, state, moves, offers, berserk, end, PGN, lists.
 */
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Accounts } from '../service/accounts.ts';
import type { GameLists } from '../service/game-lists.ts';
import type { Games } from '../service/games.ts';
import type { LobbyFeed } from '../service/lobby-feed.ts';
import type { MyGamesFeed } from '../service/my-games-feed.ts';
import { gamePgn } from '../service/pgn.ts';
import { accountOf } from './session.ts';
import { bearer, gameParams } from './validate.ts';

/** `publicOrigin`: the address players use (config.ts), for links and the PGN's Site. */
export function gameRoutes(
  app: FastifyInstance,
  games: Games,
  lists: GameLists,
  accounts: Accounts,
  lobby: LobbyFeed,
  myGamesFeed: MyGamesFeed,
  publicOrigin: () => string,
  tournamentName: (id: string) => Promise<string | null>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onGame = { schema: { params: gameParams } };

  api.post('/api/games', { schema: { body: createGameRequestSchema } }, async (req, reply) => {
    const body = req.body;
    const account = await accountOf(accounts, req);
    const { id, seat } = await games.create(body, account);
    if (body.lobby) lobby.posted();
    if (account) myGamesFeed.gained(account.id);
    return reply.code(201).send({ id, url: `${publicOrigin()}${gamePath(id)}`, seat });
  });

  api.post('/api/games/:id/join', onGame, async (req) => {
    const account = await accountOf(accounts, req);
    const seat = await games.join(req.params.id, account);
    if (account) myGamesFeed.gained(account.id);
    return { seat };
  });

  api.get('/api/games/:id', onGame, async (req) => games.state(req.params.id));

  /** The seat of the request's bearer token in the game, or else its signed-in account's; or 403. */
  const seat = async (req: FastifyRequest, id: string): Promise<{ id: string; color: Color }> => {
    const token = bearer(req);
    const account = token ? null : await accountOf(accounts, req);
    return { id, color: await games.seatOf(id, token, account) };
  };

  const move = { schema: { params: gameParams, body: moveRequestSchema } };
  api.post('/api/games/:id/moves', move, async (req) => {
    const { id, color } = await seat(req, req.params.id);
    const body = req.body;
    return (await games.move(id, color, body.move, body.ply, body.moveTime)).state;
  });

  api.post('/api/games/:id/add-time', onGame, async (req) => {
    const { id, color } = await seat(req, req.params.id);
    return (await games.addTime(id, color)).state;
  });

  api.post('/api/games/:id/resign', onGame, async (req) => {
    const { id, color } = await seat(req, req.params.id);
    return (await games.resign(id, color)).state;
  });

  api.post('/api/games/:id/abort', onGame, async (req) => {
    const { id, color } = await seat(req, req.params.id);
    return (await games.abort(id, color)).state;
  });

  api.post('/api/games/:id/berserk', onGame, async (req) => {
    const { id, color } = await seat(req, req.params.id);
    return (await games.berserk(id, color)).state;
  });

  api.post('/api/games/:id/claim-win', onGame, async (req) => {
    const { id, color } = await seat(req, req.params.id);
    return (await games.claimWin(id, color)).state;
  });

  const offer = { schema: { params: gameParams, body: offerRequestSchema } };
  for (const kind of ['draw', 'takeback'] as const satisfies readonly OfferKind[])
    api.post(`/api/games/:id/${kind}`, offer, async (req) => {
      const { id, color } = await seat(req, req.params.id);
      const { action } = req.body;
      return (await games.offer(id, color, kind, action)).state;
    });

  api.post('/api/games/:id/rematch', offer, async (req) => {
    const { id, color } = await seat(req, req.params.id);
    const { action } = req.body;
    const before = await games.state(id);
    const state = before.rematch ? before : (await games.offer(id, color, 'rematch', action)).state;
    // An account seated by its session finds its seat in the rematch the same way.
    const token = bearer(req);
    const rematch = token ? await games.rematchSeat(id, color, token) : undefined;
    return { game: state, ...(rematch ? { rematch } : {}) };
  });

  api.get('/api/games/:id/pgn', onGame, async (req, reply) => {
    const { record, position, players } = await games.snapshot(req.params.id);
    const event = record.tournamentId === null ? null : await tournamentName(record.tournamentId);
    return reply
      .type('application/x-chess-pgn; charset=utf-8')
      .header('content-disposition', `attachment; filename="citadel-${record.id}.pgn"`)
      .send(gamePgn(record, position, publicOrigin(), players, event));
  });

  // Only the challenges whose poster is there (service/lobby.ts).
  api.get('/api/lobby', async () => ({ games: (await lists.lobby()).games }));

  const myGames = { schema: { body: myGamesRequestSchema } };
  api.post('/api/my-games', myGames, async (req): Promise<MyGamesResponse> => {
    const account = await accountOf(accounts, req);
    return { games: await lists.myGames(req.body.tokens, account?.id ?? null) };
  });

  const archive = { schema: { querystring: archiveQuerySchema } };
  api.get('/api/archive', archive, async (req) => ({ games: await lists.archive(req.query) }));
}
