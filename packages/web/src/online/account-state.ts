/**
 * Who is signed in in this browser, as the server says (its session cookie is HttpOnly, so only
 * GET /api/accounts/session can tell): read once when the app starts, then changed by signing in,
 * up or out. The header and the online pages follow it.
 */
import type { Account, Credentials } from '@citadel/protocol';
import { api } from './api.ts';

export type AccountStatus =
  | { readonly kind: 'unknown' }
  /** No server answers (the app runs offline or without one): accounts are not offered. */
  | { readonly kind: 'unreachable' }
  | { readonly kind: 'guest' }
  | { readonly kind: 'signed-in'; readonly account: Account };

type Listener = (status: AccountStatus) => void;

let status: AccountStatus = { kind: 'unknown' };
const listeners = new Set<Listener>();
let first: Promise<AccountStatus> | null = null;

function set(next: AccountStatus): void {
  status = next;
  for (const l of [...listeners]) l(next);
}

export const accountStatus = (): AccountStatus => status;

/** The signed-in account, or null (a guest, or not known yet). */
export const signedIn = (): Account | null => (status.kind === 'signed-in' ? status.account : null);

/** Asks the server once; later calls answer what it said (or what changed since). */
export function knownAccount(): Promise<AccountStatus> {
  first ??= api.session().then(
    ({ account }): AccountStatus => (account ? { kind: 'signed-in', account } : { kind: 'guest' }),
    (): AccountStatus => ({ kind: 'unreachable' }),
  );
  return first.then((s) => {
    if (status.kind === 'unknown') set(s);
    return status;
  });
}

/**
 * Calls `listener` after every change until `signal` aborts (the subscriber's life: a page's, or
 * TAB_LIFETIME), and with `now` at once too when the status is known.
 */
export function onAccount(signal: AbortSignal, listener: Listener, now = false): void {
  if (signal.aborted) return;
  listeners.add(listener);
  signal.addEventListener('abort', () => listeners.delete(listener), { once: true });
  if (now && status.kind !== 'unknown') listener(status);
}

export async function signIn(c: Credentials, newAccount: boolean): Promise<Account> {
  const account = await (newAccount ? api.register(c) : api.login(c));
  set({ kind: 'signed-in', account });
  return account;
}

export async function signOut(): Promise<void> {
  await api.logout();
  set({ kind: 'guest' });
}
