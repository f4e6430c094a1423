/** A real online server for the tests: packages/server on a random port of 127.0.0.1, SQLite in a temporary folder. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@citadel/server';

export interface TestServer {
  /** The origin, without a trailing slash. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'citadel-bot-test-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    webRoot: null,
    rateLimit: 100_000,
  });
  return {
    url: server.url.replace(/\/$/, ''),
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
