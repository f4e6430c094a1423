/**
 * A prompt shutdown. Live connections would hold a closing server open for as long as their
 * clients stay, and keep-alive connections until they time out: on close, sockets are told the
 * server is going away (code 1001) and cut off if they have not answered within GRACE_MS, and
 * keep-alive connections are closed as soon as they are idle (a request in flight has GRACE_MS to
 * finish). The event streams end from their own route (live.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

/** The WebSocket close code of a server that is going away. */
export const GOING_AWAY = 1001;
const GRACE_MS = 1000;

const closed = (socket: WebSocket): Promise<void> =>
  new Promise((done) => {
    if (socket.readyState === socket.CLOSED) done();
    else socket.once('close', () => done());
  });

const pause = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms).unref());

/** Closes every socket of the app's WebSocket server: the plugin's preClose. */
export async function closeSockets(this: FastifyInstance): Promise<void> {
  const sockets = [...this.websocketServer.clients];
  for (const s of sockets) s.close(GOING_AWAY, 'the server is shutting down');
  await Promise.race([Promise.all(sockets.map(closed)), pause(GRACE_MS)]);
  for (const s of sockets) if (s.readyState !== s.CLOSED) s.terminate();
}

/** Closes keep-alive connections as they go idle once the app closes; cuts the rest after the grace. */
export function closeIdleConnectionsOnClose(app: FastifyInstance): void {
  app.addHook('preClose', (done) => {
    const server = app.server;
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), GRACE_MS);
    sweep.unref();
    cut.unref();
    server.once('close', () => {
      clearInterval(sweep);
      clearTimeout(cut);
    });
    done();
  });
}
