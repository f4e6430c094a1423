// Bundles the Node entry points with esbuild (the core stays source-only TypeScript).
import { build } from 'esbuild';

const entries = {
  citadel: 'packages/cli/src/citadel.ts',
  'bench-perft': 'packages/cli/src/bench/bench-perft.ts',
};

await build({
  entryPoints: entries,
  outdir: 'packages/cli/dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
