/** Account endpoints: register, log in, log out, me, the session, a player's ratings. */
import { credentialsSchema, registerRequestSchema, type Session } from '@citadel/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Accounts } from '../service/accounts.ts';
import { Refusal } from '../service/errors.ts';
import type { Store } from '../storage/store.ts';
import { accountOf, clearSession, sessionOf, setSession } from './session.ts';
import { playerParams } from './validate.ts';

export function accountRoutes(app: FastifyInstance, accounts: Accounts, store: Store): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const register = { schema: { body: registerRequestSchema } };
  api.post('/api/accounts/register', register, async (req, reply) => {
    const { account, session } = await accounts.register(req.body);
    setSession(req, reply, session);
    return reply.code(201).send(await accounts.view(account));
  });

  api.post('/api/accounts/login', { schema: { body: credentialsSchema } }, async (req, reply) => {
    const { account, session } = await accounts.login(req.body);
    setSession(req, reply, session);
    return accounts.view(account);
  });

  app.post('/api/accounts/logout', async (req, reply) => {
    await accounts.logout(sessionOf(req));
    clearSession(reply);
    return reply.code(204).send();
  });

  app.get('/api/accounts/me', async (req) => {
    const account = await accountOf(accounts, req);
    if (!account) throw new Refusal('unauthenticated', 'not logged in');
    return accounts.view(account);
  });

  app.get('/api/accounts/session', async (req): Promise<Session> => {
    const account = await accountOf(accounts, req);
    return { account: account ? await accounts.view(account) : null };
  });

  api.get('/api/players/:name', { schema: { params: playerParams } }, async (req) => {
    const { name } = req.params;
    const row = await store.accountByName(name);
    if (!row) throw new Refusal('not-found', `no player ${name}`);
    return accounts.view(row);
  });
}
