/**
 * A prompt shutdown: closing the server (or SIGTERM to its process) tells sockets it is going away
 * (close code 1001), ends the event streams and drops idle keep-alive connections at once, and a
 * peer that does not answer is cut off after a short grace, so the server is gone in a second or
 * two instead of waiting for every client to leave.
 */
import { Agent, get, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateGameResponse } from '@citadel/protocol';
import { afterAll, expect, it } from 'vitest';
import { startServer } from '../src/index.ts';
import { SocketClient, api } from './support/client.ts';
import { startProcess } from './support/process.ts';

const dir = mkdtempSync(join(tmpdir(), 'citadel-shutdown-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A game with a watching socket, an open event stream and an idle keep-alive connection. */
async function leaveConnectionsOpen(base: string) {
  const game = (await api(base).post<CreateGameResponse>('/api/games', { variant: 'chess' })).body;
  const socket = new SocketClient(`${base.replace(/^http/, 'ws')}api/games/${game.id}/socket`);
  await socket.next('state');
  const closeCode = new Promise<number>((done) => socket.ws.once('close', (code) => done(code)));
  const agent = new Agent({ keepAlive: true });
  const open = (path: string) =>
    new Promise<IncomingMessage>((done, fail) =>
      get(new URL(path, base), { agent }, done).on('error', fail),
    );
  const stream = await open(`/api/games/${game.id}/stream`);
  const streamEnded = new Promise<void>((done) => {
    stream.on('end', () => done());
    stream.on('error', () => done());
    stream.resume();
  });
  const idle = await open(`/api/games/${game.id}`);
  idle.resume();
  await new Promise((done) => idle.on('end', done));
  return { game, socket, closeCode, streamEnded, agent };
}

it('closes sockets with 1001, ends streams and drops idle connections within two seconds', async () => {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    webRoot: null,
    rateLimit: 100_000,
  });
  const open = await leaveConnectionsOpen(server.url);
  // A peer that reads nothing more: it never answers the closing handshake.
  const deaf = new SocketClient(
    `${server.url.replace(/^http/, 'ws')}api/games/${open.game.id}/socket`,
  );
  await deaf.next('state');
  deaf.ws.pause();
  const started = Date.now();
  await server.close();
  const took = Date.now() - started;
  expect(took).toBeLessThan(2_000);
  expect(await open.closeCode).toBe(1001);
  await open.streamEnded;
  open.agent.destroy();
  deaf.ws.terminate();
});

it('ends the process within two seconds of SIGTERM, clients connected', async () => {
  const server = await startProcess({ CITADEL_DATA: dir });
  const open = await leaveConnectionsOpen(server.url);
  const started = Date.now();
  const exited = new Promise<number | null>((done) => server.child.once('exit', (c) => done(c)));
  server.child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(await open.closeCode).toBe(1001);
  open.agent.destroy();
});
