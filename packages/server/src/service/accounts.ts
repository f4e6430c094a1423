/**
 * Accounts and sessions: register (with a password policy), log in (scrypt), the session a cookie
 * names, log out. Logging in to one name, known or not, waits after FREE_FAILURES failures, twice
 * as long after each further one (up to MAX_LOCK_MS), and an unknown name costs the same time as a
 * wrong password, so neither guessing nor timing tells which names exist. An account keeps at most
 * MAX_SESSIONS sessions (the oldest go), and expired ones are deleted.
 */
import type { Account as AccountView, Credentials, RegisterRequest } from '@citadel/protocol';
import { passwordProblem } from '../accounts/password-policy.ts';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';
import type { AccountRow, Store } from '../storage/store.ts';
import { Refusal } from './errors.ts';
import type { Account } from './games.ts';
import { hashToken, newToken } from './ids.ts';

export const SESSION_DAYS = 30;
/** Sessions (devices) one account keeps; a new one ends the oldest beyond this. */
export const MAX_SESSIONS = 20;
/** Failed logins to one name before the next must wait. */
export const FREE_FAILURES = 5;
export const FIRST_LOCK_MS = 30_000;
export const MAX_LOCK_MS = 3_600_000;

/** Until when logins wait after `failures` failures (from `now`). */
export const lockAfter = (failures: number, now: number): number =>
  failures < FREE_FAILURES
    ? 0
    : now + Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES));

/** A hash to check a password against when the name is unknown, so that costs the same time. */
let decoy: Promise<string> | null = null;

export class Accounts {
  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A new account, a bot account when `c.bot`, and a session for it (the session's secret goes in
   * the cookie).
   */
  async register(c: RegisterRequest): Promise<{ account: Account; session: string }> {
    const problem = passwordProblem(c.password, c.username);
    if (problem) throw new Refusal('invalid', problem);
    const row = await this.store.createAccount(
      c.username,
      await hashPassword(c.password),
      this.now(),
      c.bot ?? false,
    );
    if (!row) throw new Refusal('conflict', `the name ${c.username} is taken`);
    return { account: accountOfRow(row), session: await this.startSession(row.id) };
  }

  async login(c: Credentials): Promise<{ account: Account; session: string }> {
    const key = c.username.toLowerCase();
    const now = this.now();
    const lockedUntil = await this.store.loginLockedUntil(key);
    if (lockedUntil > now)
      throw new Refusal(
        'throttled',
        `too many failed logins to this name: try again in ${Math.ceil((lockedUntil - now) / 1000)} s`,
      );
    const row = await this.store.accountByName(c.username);
    // The same answer, after the same work, for an unknown name and a wrong password.
    decoy ??= hashPassword('a password no account has');
    const right = await verifyPassword(c.password, row ? row.passwordHash : await decoy);
    if (!row || !right) {
      await this.store.loginFailed(key, (failures) => lockAfter(failures, now));
      throw new Refusal('unauthenticated', 'wrong username or password');
    }
    await this.store.loginSucceeded(key);
    return { account: accountOfRow(row), session: await this.startSession(row.id) };
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
    return row ? accountOfRow(row) : null;
  }

  /** What the API shows of an account: its name, its kind and its ratings. */
  async view(account: Account): Promise<AccountView> {
    const ratings: AccountView['ratings'] = {};
    for (const r of await this.store.ratings([account.id]))
      ratings[r.variant] = { rating: r.rating, rd: r.rd, volatility: r.volatility, games: r.games };
    return { username: account.username, bot: account.bot, ratings };
  }

  private async startSession(accountId: number): Promise<string> {
    const session = newToken();
    const now = this.now();
    await this.store.createSession(
      hashToken(session),
      accountId,
      now + SESSION_DAYS * 86_400_000,
      now,
      MAX_SESSIONS,
    );
    return session;
  }
}

const accountOfRow = (row: AccountRow): Account => ({
  id: row.id,
  username: row.username,
  bot: row.bot,
});
