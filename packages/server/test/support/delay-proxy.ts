/**
 * A TCP proxy on loopback that delays every byte by a fixed time in each direction: a player on a
 * distant link, for the lag-compensation tests. Order is kept (each chunk waits the same time
 * after arriving), and a side's end is passed on after the same delay.
 */
import { createServer, connect, type Socket } from 'node:net';

export interface DelayProxy {
  /** The proxy's address, `127.0.0.1:<port>`. */
  readonly host: string;
  close(): Promise<void>;
}

/** Starts a proxy to `127.0.0.1:targetPort` that adds `delayMs` each way. */
export function startDelayProxy(targetPort: number, delayMs: number): Promise<DelayProxy> {
  const open = new Set<Socket>();
  const pipe = (from: Socket, to: Socket): void => {
    from.on('data', (chunk) => void setTimeout(() => to.writable && to.write(chunk), delayMs));
    from.on('end', () => void setTimeout(() => to.end(), delayMs));
    from.on('error', () => to.destroy());
    from.on('close', () => setTimeout(() => to.destroy(), delayMs));
  };
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      open.add(s);
      s.setNoDelay(true);
      s.on('close', () => open.delete(s));
    }
    pipe(client, upstream);
    pipe(upstream, client);
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      done({
        host: `127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((closed) => {
            for (const s of open) s.destroy();
            server.close(() => closed());
          }),
      });
    });
  });
}
