/**
 * `citadel bot` pointed at a server that does not answer ends with one line saying so (and a
 * non-zero status) once its start-up wait (--wait) is over, instead of retrying forever.
 */
import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { runCli } from './helpers.ts';

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  const port = await new Promise<number>((done) =>
    probe.listen(0, '127.0.0.1', () => done((probe.address() as { port: number }).port)),
  );
  await new Promise((done) => probe.close(done));
  return port;
}

it('gives up on a server that does not answer after --wait, in one line', async () => {
  const port = await closedPort();
  const started = Date.now();
  const r = runCli(['bot', '--server', `http://127.0.0.1:${port}`, '--wait', '1']);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  expect(r.status).toBe(2);
  expect(r.stderr.trim()).toBe(
    `citadel: cannot reach the server at http://127.0.0.1:${port} (ECONNREFUSED) after 1 s: ` +
      'is the Citadel server running, and is --server right?',
  );
});
