/** Account endpoints: register, log in, log out, me, the session, a player's ratings. */
import {
  credentialsSchema,
  registerRequestSchema,
  usernameSchema,
  type Session,
} from '@citadel/protocol';
import type { FastifyInstance } from 'fastify';
import type { Accounts } from '../service/accounts.ts';
import { HttpError } from '../service/errors.ts';
import type { Store } from '../storage/store.ts';
import { accountOf, clearSession, sessionOf, setSession } from './session.ts';
import { parse } from './validate.ts';

export function accountRoutes(app: FastifyInstance, accounts: Accounts, store: Store): void {
  app.post('/api/accounts/register', async (req, reply) => {
    const { account, session } = await accounts.register(parse(registerRequestSchema, req.body));
    setSession(req, reply, session);
    return reply.code(201).send(await accounts.view(account));
  });

  app.post('/api/accounts/login', async (req, reply) => {
    const { account, session } = await accounts.login(parse(credentialsSchema, req.body));
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
    if (!account) throw new HttpError(401, 'not logged in');
    return accounts.view(account);
  });

  app.get('/api/accounts/session', async (req): Promise<Session> => {
    const account = await accountOf(accounts, req);
    return { account: account ? await accounts.view(account) : null };
  });

  app.get('/api/players/:name', async (req) => {
    const name = parse(usernameSchema, (req.params as { name?: unknown }).name);
    const row = await store.accountByName(name);
    if (!row) throw new HttpError(404, `no player ${name}`);
    return accounts.view(row);
  });
}
