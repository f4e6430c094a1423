/**
 * Run by `npm test` and `npm run test:deep` before Vitest: without the browser the browser suites
 * drive, every one of their files would fail on its own; instead the run stops here with one line
 * saying how to install it.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from '@citadel/testing';

if (!existsSync(CHROMIUM_PATH)) {
  console.error(
    `npm test: chromium is not installed at ${CHROMIUM_PATH}, and the browser tests need it: ` +
      `apt-get install -y chromium (or set CHROMIUM_PATH to a Chromium or Chrome binary)`,
  );
  process.exit(1);
}
