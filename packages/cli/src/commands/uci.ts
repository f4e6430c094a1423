/**
 * `citadel uci`: speaks the UCI protocol on stdin/stdout for engine GUIs and match runners. The
 * search runs in worker threads (dist/search-worker.mjs, next to the bundle), so the command
 * keeps reading input while the engine thinks.
 */
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { fail } from '../setup-position.ts';
import { UciSession } from '../uci/session.ts';

export function uciCommand(): void {
  const workerUrl = new URL('./search-worker.mjs', import.meta.url);
  if (!existsSync(fileURLToPath(workerUrl)))
    fail(`the search worker ${fileURLToPath(workerUrl)} is missing; run \`npm run build\``);
  // A GUI that goes away closes the pipe: leave quietly.
  process.stdout.on('error', () => process.exit(0));
  const session = new UciSession(
    (line) => process.stdout.write(`${line}\n`),
    workerUrl,
    () => process.exit(0),
  );
  const rl = createInterface({ input: process.stdin, terminal: false, crlfDelay: Infinity });
  rl.on('line', (line) => session.handle(line));
  rl.on('close', () => session.end());
}
