/**
 * Vitest global setup of the browser suites: builds the app ONCE per test run into a temporary
 * folder and serves it with the real server (packages/server, as `npm start` does, over a fresh
 * SQLite file) on a random port of 127.0.0.1, for every browser test file; the files read the
 * origin with `inject('citadelWebBase')` (see harness.ts), and the online tests start servers of
 * their own on the same build (`inject('citadelWebRoot')`, see online-server.ts). Runs only when a
 * browser test file is queued.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@citadel/server';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the built app served for this test run, without a trailing slash. */
    citadelWebBase: string;
    /** Folder of the app built for this test run. */
    citadelWebRoot: string;
  }
}

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(WEB, '..', '..');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = mkdtempSync(join(tmpdir(), 'citadel-web-build-'));
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: WEB, stdio: 'inherit' },
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'citadel-web-data-'));
  // Every page of every browser test comes from one address: the per-address limit is raised.
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    webRoot: outDir,
    rateLimit: 100_000,
  });
  project.provide('citadelWebBase', server.url.replace(/\/$/, ''));
  project.provide('citadelWebRoot', outDir);
  return async () => {
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
