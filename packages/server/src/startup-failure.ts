/**
 * Start-up failures a person can fix: the port is taken, the SQLite driver is missing or built for
 * another Node, the data folder cannot be written, the database cannot be reached. Each becomes a
 * `StartupFailure` whose message is one line saying what happened and what to do; `npm start`
 * prints that line alone (no stack trace) and exits with status 1. Anything else is a bug and keeps
 * its stack.
 */
import { isDatabaseUnavailable } from './storage/connection-loss.ts';

export class StartupFailure extends Error {
  override readonly name = 'StartupFailure';
}

type ErrorWithCode = Error & { code?: unknown; errno?: unknown; syscall?: unknown };

function codeOf(e: unknown): string | undefined {
  const code = (e as ErrorWithCode | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** A failed `listen` on `host:port`, as one line; undefined when it is not one we can explain. */
export function describeListenFailure(e: unknown, host: string, port: number): string | undefined {
  switch (codeOf(e)) {
    case 'EADDRINUSE':
      return (
        `port ${port} on ${host} is already in use (another Citadel, or a Vite dev server?): ` +
        `stop that program or choose another port, e.g. PORT=8080 npm start`
      );
    case 'EACCES':
      return `this user may not listen on port ${port}: choose a port above 1023, e.g. PORT=8080 npm start`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `HOST=${host} is not an address of this machine: use 127.0.0.1, or 0.0.0.0 for every interface`;
    default:
      return undefined;
  }
}

/** Codes of a file-system call refused on the data folder. */
const FOLDER_REFUSALS = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOTDIR',
  'EEXIST',
  'ENOSPC',
  'EISDIR',
]);

/** SQLite's codes for a database file it cannot open or write. */
const SQLITE_FILE_REFUSALS = /^SQLITE_(CANTOPEN|READONLY|PERM|AUTH|FULL|IOERR)/;

/**
 * A failure to load the SQLite driver or to open its file in `dataDir`, as one line; undefined
 * when it is neither.
 */
export function describeSqliteFailure(e: unknown, dataDir: string): string | undefined {
  const code = codeOf(e);
  const message = messageOf(e);
  if (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    message.includes('better-sqlite3')
  )
    return 'the SQLite driver (better-sqlite3) is not installed: run npm install';
  if (message.includes('Could not locate the bindings file'))
    return (
      'the SQLite driver (better-sqlite3) was never built, as when npm blocks its install script: ' +
      'run npm rebuild better-sqlite3 (or set DATABASE_URL to use PostgreSQL)'
    );
  const versions = /NODE_MODULE_VERSION (\d+)[\s\S]*NODE_MODULE_VERSION (\d+)/.exec(message);
  if (code === 'ERR_DLOPEN_FAILED' || versions)
    return (
      `the SQLite driver (better-sqlite3) was built for another Node version` +
      (versions
        ? ` (module version ${versions[1]}; Node ${process.version} needs ${versions[2]})`
        : '') +
      `: run npm rebuild better-sqlite3`
    );
  if ((code && FOLDER_REFUSALS.has(code)) || (code && SQLITE_FILE_REFUSALS.test(code)))
    return (
      `the data folder ${dataDir} cannot be written (${code}): make it writable for this user, ` +
      `or choose another with CITADEL_DATA=/path/to/folder`
    );
  return undefined;
}

/** PostgreSQL's codes for a refusal that waiting will not change: fail at once. */
const POSTGRES_REFUSALS: Readonly<Record<string, string>> = {
  '28P01': 'the password was refused',
  '28000': 'this user or address is not allowed in (pg_hba.conf)',
  '3D000': 'that database does not exist',
  '42501': 'this user lacks the privileges Citadel needs',
};

/**
 * Whether a failed first connection may succeed if tried again shortly: the database is away or
 * starting (storage/connection-loss.ts), or its host name does not resolve yet (a container
 * starting beside this one).
 */
export function isPostgresNotYet(e: unknown): boolean {
  return isDatabaseUnavailable(e) || codeOf(e) === 'ENOTFOUND';
}

/** Where DATABASE_URL points, for people: host, port and database, never the password. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default database)';
    return `${url.hostname || 'localhost'}:${url.port || '5432'}/${database}`;
  } catch {
    return 'the address in DATABASE_URL';
  }
}

/** A failed connection to PostgreSQL (after `waitedMs` of trying), as one line. */
export function describePostgresFailure(e: unknown, databaseUrl: string, waitedMs: number): string {
  const where = describeDatabaseUrl(databaseUrl);
  const code = codeOf(e);
  const refusal = code ? POSTGRES_REFUSALS[code] : undefined;
  if (refusal)
    return `PostgreSQL at ${where} refused the connection: ${refusal}; check DATABASE_URL`;
  const why = code ?? messageOf(e).split('\n')[0];
  return (
    `cannot reach PostgreSQL at ${where} (${why}) after ${Math.round(waitedMs / 1000)} s: ` +
    `is it running, and is DATABASE_URL right? (CITADEL_DB_WAIT sets how long to wait)`
  );
}
