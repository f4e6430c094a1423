/**
 * A lost connection to PostgreSQL (the server stopped or restarted, a backend terminated, the
 * network gone) is an outage to wait out, never a crash: `isDatabaseUnavailable` tells such
 * failures from the others (HTTP answers them 503), and `resilientPool` makes a pool whose
 * connections may die at any time without an unhandled 'error' event ending the process.
 */
import pg from 'pg';

/** How long a query waits for a connection before failing as unavailable. */
export const CONNECT_TIMEOUT_MS = 3_000;

/**
 * PostgreSQL's codes for a backend that was shut down or cannot take connections now (57P01-03),
 * too many connections (53300), and the network's codes for a server that does not answer; class
 * 08 (connection exceptions) is matched by its prefix.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What pg says of a connection that ended, timed out or cannot be used after either. */
const UNAVAILABLE_MESSAGES =
  /^Connection terminated|timeout exceeded when trying to connect|is not queryable/i;

/** Whether `e` (or an error it was caused by) says the database cannot be reached right now. */
export function isDatabaseUnavailable(e: unknown): boolean {
  let x: unknown = e;
  for (let depth = 0; x instanceof Error && depth < 5; depth++) {
    const code = (x as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (UNAVAILABLE_MESSAGES.test(x.message)) return true;
    x = x.cause;
  }
  return false;
}

/**
 * A pool that lives through its connections dying: queries fail (as unavailable) while the
 * database is away, and new connections are made once it is back. A connection does not wait more
 * than CONNECT_TIMEOUT_MS to be made.
 */
export function resilientPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...config });
  // An idle connection that dies: the pool drops it and says so here. The outage shows in the
  // bus's log line and in the 503 answers; nothing more to do.
  pool.on('error', () => undefined);
  // A connection that dies while lent out: its query fails, the pool drops it when it comes back.
  // Without a listener its 'error' event would end the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
