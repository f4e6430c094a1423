/**
 * `npm start`: the Citadel server with the web app. Environment: PORT (5173), HOST (127.0.0.1),
 * DATABASE_URL (PostgreSQL; otherwise SQLite under CITADEL_DATA or ./data), CITADEL_WEB (the
 * built app's folder; packages/web/dist by default).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from './server.ts';

const env = process.env;
const defaultWeb = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const webRoot = env['CITADEL_WEB'] ?? defaultWeb;
const port = Number(env['PORT'] ?? '5173');
const host = env['HOST'] ?? '127.0.0.1';

const server = await startServer({
  port,
  host,
  databaseUrl: env['DATABASE_URL'],
  dataDir: env['CITADEL_DATA'],
  webRoot: existsSync(webRoot) ? webRoot : null,
  logger: env['CITADEL_LOG'] === '1',
});
console.log(`Citadel is running at ${server.url}  (Ctrl+C to stop)`);
console.log(`  play:  ${server.url}play/tamerlane`);
console.log(`  lobby: ${server.url}lobby`);
console.log(`  storage: ${server.storage}`);
/** Closing takes a second or two (http/shutdown.ts); a close that hangs still ends the process. */
const stop = (): void => {
  setTimeout(() => process.exit(1), 10_000).unref();
  void server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
