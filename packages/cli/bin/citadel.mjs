#!/usr/bin/env node
// Launcher for the `citadel` command: runs the bundle that `npm run build` writes.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/citadel.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('citadel: not built yet; run `npm run build` (or `npm start`) first\n');
  process.exit(2);
}
await import(bundle.href);
