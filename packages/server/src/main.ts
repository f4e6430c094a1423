/**
 * `npm start`: the Citadel server with the web app, set up by the environment (config.ts). The
 * built app is packages/web/dist unless CITADEL_WEB names another folder (or `none`: the API
 * alone). A start that fails for a reason a person can fix prints one line saying what to do and
 * exits with status 1 (startup-failure.ts); a bad setting exits with status 2.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { arenaScheduleOf, readConfig } from './config.ts';
import { startServer, type RunningServer } from './server.ts';
import { StartupFailure } from './startup-failure.ts';

const config = readConfig(process.env);
if (!config.ok) {
  console.error(`citadel server: ${config.error}`);
  process.exit(2);
}
const c = config.value;
const arenas = arenaScheduleOf(c.arenas);
if (!arenas.ok) {
  console.error(`citadel server: ${arenas.error}`);
  process.exit(2);
}

function failStart(line: string): never {
  console.error(`citadel server: ${line}`);
  process.exit(1);
}

/** The built app's folder, null for `none`; stops the start when the app was not built. */
function webRootOrFail(): string | null {
  if (c.webRoot === 'none') return null;
  const root = c.webRoot ?? fileURLToPath(new URL('../../web/dist/', import.meta.url));
  if (existsSync(join(root, 'index.html'))) return root;
  failStart(
    c.webRoot
      ? `CITADEL_WEB=${c.webRoot} holds no built web app (no index.html): build it with npm run build:web, or set CITADEL_WEB=none to serve the API alone`
      : `the web app is not built: run npm run build:web (npm start does it first), or set CITADEL_WEB=none to serve the API alone`,
  );
}

let server: RunningServer;
try {
  server = await startServer({
    port: c.port,
    host: c.host,
    databaseUrl: c.databaseUrl,
    dataDir: c.dataDir,
    databaseWaitMs: c.databaseWaitSeconds === undefined ? undefined : c.databaseWaitSeconds * 1000,
    webRoot: webRootOrFail(),
    logLevel: c.logLevel,
    rateLimit: c.rateLimit,
    livePerAddress: c.livePerAddress,
    trustProxy: c.trustProxy,
    publicUrl: c.publicUrl,
    arenaSchedule: arenas.value,
  });
} catch (e) {
  if (e instanceof StartupFailure) failStart(e.message);
  throw e;
}
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
