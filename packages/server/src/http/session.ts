/** The session cookie: HttpOnly, SameSite=Lax, 30 days; Secure when served over HTTPS. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Accounts } from '../service/accounts.ts';
import { SESSION_DAYS } from '../service/accounts.ts';
import type { Account } from '../service/games.ts';

export const SESSION_COOKIE = 'citadel_session';

export const sessionOf = (req: FastifyRequest): string | undefined => req.cookies[SESSION_COOKIE];

export function setSession(req: FastifyRequest, reply: FastifyReply, session: string): void {
  reply.setCookie(SESSION_COOKIE, session, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    path: '/',
    maxAge: SESSION_DAYS * 86400,
  });
}

export function clearSession(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export const accountOf = (accounts: Accounts, req: FastifyRequest): Promise<Account | null> =>
  accounts.fromSession(sessionOf(req));
