/**
 * `npm start`: the Citadel server with the web app, set up by the environment (config.ts). The
 * built app is packages/web/dist unless CITADEL_WEB names another folder.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readConfig } from './config.ts';
import { startServer } from './server.ts';

const config = readConfig(process.env);
if (!config.ok) {
  console.error(`citadel server: ${config.error}`);
  process.exit(2);
}
const c = config.value;
const webRoot = c.webRoot ?? fileURLToPath(new URL('../../web/dist/', import.meta.url));

const server = await startServer({
  port: c.port,
  host: c.host,
  databaseUrl: c.databaseUrl,
  dataDir: c.dataDir,
  webRoot: existsSync(webRoot) ? webRoot : null,
  logger: c.logger,
  rateLimit: c.rateLimit,
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
