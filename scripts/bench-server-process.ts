/**
 * The server under the benchmark, in its own process: packages/server on 127.0.0.1 with the
 * database the environment names (DATABASE_URL, or SQLite under CITADEL_DATA), no web app, and a
 * per-address request limit high enough for thousands of simulated players on one address.
 * Prints its URL as one JSON line, then serves until killed.
 */
import { startServer } from '@citadel/server';

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  databaseUrl: process.env['DATABASE_URL'],
  dataDir: process.env['CITADEL_DATA'],
  webRoot: null,
  rateLimit: 10_000_000,
});
process.stdout.write(`${JSON.stringify({ url: server.url, storage: server.storage })}\n`);
const stop = (): void => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
