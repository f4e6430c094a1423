/**
 * The online-play server's HTTP API as a bot uses it: @citadel/protocol's CitadelApi, with what a
 * program without a browser adds: a cookie jar (the session's cookie, once logged in to its
 * account) and a new login when the server has forgotten the session.
 */
import {
  ApiError,
  CitadelApi,
  type Account,
  type ApiCall,
  type Credentials,
  type HttpFetch,
} from '@citadel/protocol';
import type { z } from 'zod';

/** The requests that logging in again makes itself: never renewed in turn. */
const RENEWAL_PATHS = new Set(['/api/accounts/login', '/api/accounts/session']);

/** The cookies the server sets, sent back with every request; one set empty or expired is dropped. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  get empty(): boolean {
    return this.cookies.size === 0;
  }

  clear(): void {
    this.cookies.clear();
  }

  /** Node's `fetch` with the jar's cookies. */
  readonly fetch: HttpFetch = async (url, request) => {
    const headers = { ...request.headers };
    if (this.cookies.size)
      headers['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // The request's signal is the runtime's own AbortSignal (HttpRequest names only its shape).
    const response = await fetch(url, { ...request, headers } as RequestInit);
    this.keep(response.headers);
    return response;
  };

  private keep(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export class ApiClient extends CitadelApi {
  private readonly jar: CookieJar;
  /** The account logged in to, kept to log in again when the server forgets the session. */
  private credentials: Credentials | null = null;
  /** A new login under way, shared by the requests refused meanwhile. */
  private renewal: Promise<boolean> | null = null;

  /** `server`: the server's address (`http://127.0.0.1:8080`). */
  constructor(server: string) {
    const url = new URL(server);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`the server address must start with http:// or https:// (got ${server})`);
    const jar = new CookieJar();
    super({ base: url.origin, fetch: jar.fetch });
    this.jar = jar;
  }

  /**
   * A refusal for want of an account (401, 403) to a request the session authorises (no seat
   * token), while logged in, is tried once more after logging in again if the server no longer
   * knows the session (expired, or ended by the account's newer ones).
   */
  protected override async request<T>(
    path: string,
    schema: z.ZodType<T>,
    call: ApiCall = {},
  ): Promise<T> {
    try {
      return await super.request(path, schema, call);
    } catch (e) {
      const forAccount = e instanceof ApiError && (e.status === 401 || e.status === 403);
      if (!forAccount || call.token || !this.credentials || RENEWAL_PATHS.has(path)) throw e;
      this.renewal ??= this.renew().finally(() => (this.renewal = null));
      if (!(await this.renewal)) throw e;
      return super.request(path, schema, call);
    }
  }

  /** Logs in again if the server has forgotten the session; whether it had. */
  private async renew(): Promise<boolean> {
    const { account } = await this.session();
    if (account !== null || !this.credentials) return false;
    await this.login(this.credentials);
    return true;
  }

  /**
   * Logs in to an account: from then on every request is the account's (it may join rated games,
   * and the seats it takes are the account's) until `logout`.
   */
  override async login(credentials: Credentials): Promise<Account> {
    const account = await super.login(credentials);
    this.credentials = credentials;
    return account;
  }

  /** Ends the session, if any (the server forgets it). */
  override async logout(): Promise<void> {
    if (this.jar.empty) return;
    this.credentials = null;
    await super.logout();
    this.jar.clear();
  }
}
