/**
 * The session cookie: HttpOnly, SameSite=Lax, 30 days; Secure when served over HTTPS. A socket
 * takes it only from this server's own pages.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Accounts } from '../service/accounts.ts';
import { SESSION_DAYS } from '../service/accounts.ts';
import type { Account } from '../service/games.ts';
import { fromForeignPage } from './same-origin.ts';

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

/**
 * The account of a socket's session cookie, only when the page that opened the socket is this
 * server's own (a browser sends the cookie with a socket another site opens too).
 */
export const socketAccount = (accounts: Accounts, req: FastifyRequest): Promise<Account | null> =>
  fromForeignPage(req) ? Promise.resolve(null) : accountOf(accounts, req);
