/** Accounts and sessions: register, log in (scrypt), the session a cookie names, log out. */
import type { Account as AccountView, Credentials } from '@citadel/protocol';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';
import type { Store } from '../storage/store.ts';
import { HttpError } from './errors.ts';
import type { Account } from './games.ts';
import { hashToken, newToken } from './ids.ts';

export const SESSION_DAYS = 30;

export class Accounts {
  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new account and a session for it (the session's secret goes in the cookie). */
  async register(c: Credentials): Promise<{ account: Account; session: string }> {
    const row = await this.store.createAccount(
      c.username,
      await hashPassword(c.password),
      this.now(),
    );
    if (!row) throw new HttpError(409, `the name ${c.username} is taken`);
    return {
      account: { id: row.id, username: row.username },
      session: await this.startSession(row.id),
    };
  }

  async login(c: Credentials): Promise<{ account: Account; session: string }> {
    const row = await this.store.accountByName(c.username);
    // The same answer for an unknown name and a wrong password.
    if (!row || !(await verifyPassword(c.password, row.passwordHash)))
      throw new HttpError(401, 'wrong username or password');
    return {
      account: { id: row.id, username: row.username },
      session: await this.startSession(row.id),
    };
  }

  async logout(session: string | undefined): Promise<void> {
    if (session) await this.store.deleteSession(hashToken(session));
  }

  /** The account a session cookie names, or null (none, unknown or expired). */
  async fromSession(session: string | undefined): Promise<Account | null> {
    if (!session || session.length > 128) return null;
    const id = await this.store.sessionAccount(hashToken(session), this.now());
    if (id === null) return null;
    const row = await this.store.accountById(id);
    return row ? { id: row.id, username: row.username } : null;
  }

  async view(accountId: number, username: string): Promise<AccountView> {
    const ratings: AccountView['ratings'] = {};
    for (const r of await this.store.ratings([accountId]))
      ratings[r.variant] = { rating: r.rating, rd: r.rd, volatility: r.volatility, games: r.games };
    return { username, ratings };
  }

  private async startSession(accountId: number): Promise<string> {
    const session = newToken();
    await this.store.createSession(
      hashToken(session),
      accountId,
      this.now() + SESSION_DAYS * 86_400_000,
    );
    return session;
  }
}
