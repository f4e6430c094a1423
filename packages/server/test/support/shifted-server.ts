/**
 * A server process whose clock a test moves (the tests' stand-in for minutes passing, as the
 * in-process suites pass `now`): started from the sources by tsx, set up by the environment as
 * `npm start` is (PORT, HOST, DATABASE_URL, CITADEL_DATA), its clock `CITADEL_TEST_SHIFT_MS`
 * ahead of the machine's; a `{ "shift": ms }` message over the IPC channel moves it, answered with
 * `{ "shifted": ms }`. The production entry (src/main.ts) has no such setting.
 */
import { readConfig } from '../../src/config.ts';
import { startServer } from '../../src/server.ts';

let shift = Number(process.env['CITADEL_TEST_SHIFT_MS'] ?? 0);
process.on('message', (m: { shift?: unknown }) => {
  if (typeof m.shift === 'number') shift = m.shift;
  process.send?.({ shifted: shift });
});

const config = readConfig(process.env);
if (!config.ok) {
  console.error(`citadel server: ${config.error}`);
  process.exit(2);
}
const c = config.value;
const server = await startServer({
  port: c.port,
  host: c.host,
  databaseUrl: c.databaseUrl,
  dataDir: c.dataDir,
  webRoot: null,
  now: () => Date.now() + shift,
});
console.log(`Citadel is running at ${server.url}`);
