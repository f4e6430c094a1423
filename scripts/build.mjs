// Bundles the Node entry points with esbuild: the `citadel` command, and the rules core as one
// module for the benchmark scripts (the core itself stays source-only TypeScript).
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: { citadel: 'packages/cli/src/citadel.ts' },
  outdir: 'packages/cli/dist',
  outExtension: { '.js': '.mjs' },
  banner: { js: '#!/usr/bin/env node' },
});

await build({
  ...common,
  entryPoints: { index: 'packages/core/src/index.ts' },
  outdir: 'packages/core/dist',
  outExtension: { '.js': '.mjs' },
});
