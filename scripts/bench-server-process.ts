/**
 * The server under the benchmark, in its own process: packages/server on 127.0.0.1 with the
 * database the environment names (DATABASE_URL, or SQLite under CITADEL_DATA), no web app, and a
 * per-address request limit high enough for thousands of simulated players on one address.
 * Prints its URL as one JSON line, then serves until killed. On standard input it takes
 * `measure` (start measuring its event-loop delay) and `report` (print the delay's p99 and maximum
 * in ms since then as one JSON line). With BENCH_SERVER_PROFILE set to a file name, the measured
 * time is also CPU-profiled into that file (open it in Chrome's DevTools).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { startServer } from '@citadel/server';

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  databaseUrl: process.env['DATABASE_URL'],
  dataDir: process.env['CITADEL_DATA'],
  webRoot: null,
  rateLimit: 10_000_000,
  livePerAddress: 10_000_000,
});
process.stdout.write(`${JSON.stringify({ url: server.url, storage: server.storage })}\n`);
const delay = monitorEventLoopDelay({ resolution: 5 });
const profileFile = process.env['BENCH_SERVER_PROFILE'];
const profiler = profileFile ? new Session() : null;
createInterface({ input: process.stdin }).on('line', async (command) => {
  if (command === 'measure') {
    delay.reset();
    delay.enable();
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    process.stdout.write('{"p99":0,"max":0}\n');
  } else if (command === 'report') {
    delay.disable();
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(profileFile!, JSON.stringify(profile));
    }
    const p99 = delay.percentile(99) / 1e6;
    process.stdout.write(`${JSON.stringify({ p99, max: delay.max / 1e6 })}\n`);
  }
});
const stop = (): void => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
