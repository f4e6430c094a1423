/**
 * Vitest global setup of the browser suites: builds the app ONCE per test run into a temporary
 * folder and serves it on a random localhost port, for every browser test file; the files read
 * the origin with `inject('citadelWebBase')` (see harness.ts), and the online tests serve the same
 * build with the real server (`inject('citadelWebRoot')`, see online-server.ts). Runs only when a
 * browser test file is queued.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { serve } from '../serve.mjs';

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
  const { server, url } = await serve({ root: outDir, port: 0 });
  project.provide('citadelWebBase', url.replace(/\/$/, ''));
  project.provide('citadelWebRoot', outDir);
  return async () => {
    await new Promise<void>((done) => server.close(() => done()));
    rmSync(outDir, { recursive: true, force: true });
  };
}
