/**
 * The tournament endpoints of docs/api.md: make an arena, join, withdraw, start (a round robin's,
 * not offered yet), the lists, one tournament, and its stream. Changes need the session of an
 * account; reading needs none (the session adds the reader's own entry).
 */
import {
  createTournamentRequestSchema,
  tournamentIdSchema,
  tournamentPath,
  tournamentsQuerySchema,
  type TournamentsResponse,
} from '@citadel/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Accounts } from '../service/accounts.ts';
import { Refusal } from '../service/errors.ts';
import type { Account } from '../service/games.ts';
import type { TournamentFeed } from '../service/tournament-feed.ts';
import type { Tournaments } from '../service/tournaments.ts';
import type { EventStreams } from './event-stream.ts';
import { accountOf } from './session.ts';

/** The `:id` of a tournament's routes. */
const tournamentParams = z.object({ id: tournamentIdSchema });

export function tournamentRoutes(
  app: FastifyInstance,
  tournaments: Tournaments,
  feed: TournamentFeed,
  accounts: Accounts,
  streams: EventStreams,
  publicOrigin: () => string,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onTournament = { schema: { params: tournamentParams } };

  /** The session's account, or 401 saying what it is needed for. */
  const signedIn = async (req: FastifyRequest, what: string): Promise<Account> => {
    const account = await accountOf(accounts, req);
    if (!account) throw new Refusal('unauthenticated', `log in to ${what}`);
    return account;
  };

  const create = { schema: { body: createTournamentRequestSchema } };
  api.post('/api/tournaments', create, async (req, reply) => {
    const account = await signedIn(req, 'make a tournament');
    const { id } = await tournaments.create(req.body, account);
    return reply.code(201).send({ id, url: `${publicOrigin()}${tournamentPath(id)}` });
  });

  api.post('/api/tournaments/:id/join', onTournament, async (req) =>
    tournaments.join(req.params.id, await signedIn(req, 'join a tournament')),
  );

  api.post('/api/tournaments/:id/withdraw', onTournament, async (req) =>
    tournaments.withdraw(req.params.id, await signedIn(req, 'withdraw from a tournament')),
  );

  api.post('/api/tournaments/:id/start', onTournament, async (req) => {
    await signedIn(req, 'start a tournament');
    const t = await tournaments.view(req.params.id);
    throw new Refusal(
      'conflict',
      t.kind === 'arena'
        ? 'an arena starts by itself at its start time'
        : 'round-robin leagues are not offered yet',
    );
  });

  const list = { schema: { querystring: tournamentsQuerySchema } };
  api.get('/api/tournaments', list, async (req): Promise<TournamentsResponse> => ({
    tournaments: await tournaments.list(req.query.status),
  }));

  api.get('/api/tournaments/:id', onTournament, async (req) => {
    const account = await accountOf(accounts, req);
    return tournaments.view(req.params.id, account?.id ?? null);
  });

  api.get('/api/tournaments/:id/stream', onTournament, async (req, reply) => {
    // A tournament that does not exist is a plain 404, before the stream starts.
    await tournaments.view(req.params.id);
    const stream = streams.start(req, reply);
    if (!stream) return reply;
    try {
      const stop = await feed.listen(req.params.id, { send: stream.send, end: stream.end });
      stream.onEnd(stop);
    } catch {
      stream.end();
    }
    return reply;
  });
}
