// Bundles the Node entry points with esbuild: the `citadel` command with its search worker (loaded
// by `citadel uci` from next to the bundle), and the rules core as one module for the benchmark
// scripts (the core itself stays source-only TypeScript).
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
  // The command-line parser is a CommonJS package: its `require` of Node's modules needs a real
  // `require` inside this ES module.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);",
  },
});

await build({
  ...common,
  entryPoints: { 'search-worker': 'packages/cli/src/uci/search-worker.ts' },
  outdir: 'packages/cli/dist',
  outExtension: { '.js': '.mjs' },
});

await build({
  ...common,
  entryPoints: { index: 'packages/core/src/index.ts' },
  outdir: 'packages/core/dist',
  outExtension: { '.js': '.mjs' },
});

await build({
  ...common,
  entryPoints: { index: 'packages/engine/src/index.ts' },
  outdir: 'packages/engine/dist',
  outExtension: { '.js': '.mjs' },
});

// The online-play server (`npm start`); its npm dependencies stay outside the bundle (native
// SQLite, the PostgreSQL client and the web framework load from node_modules).
await build({
  ...common,
  entryPoints: { server: 'packages/server/src/main.ts' },
  outdir: 'packages/server/dist',
  outExtension: { '.js': '.mjs' },
  external: [
    'better-sqlite3',
    'pg',
    'pg-native',
    'kysely',
    'fastify',
    '@fastify/*',
    'zod',
    'glicko2',
    'ws',
  ],
});

// The mate-finding benchmark, run by `npm run bench:mates`.
await build({
  ...common,
  entryPoints: { 'bench-mates': 'scripts/bench-mates.ts' },
  outdir: 'scripts/dist',
  outExtension: { '.js': '.mjs' },
});

// The lab's tools, run by hand or on the benchmark machine (self-play tuning, distillation,
// labelling, fitting, level calibration, match reports): `node packages/lab/dist/<name>.mjs`.
await build({
  ...common,
  entryPoints: {
    texel: 'packages/lab/scripts/texel.ts',
    distill: 'packages/lab/scripts/distill.ts',
    label: 'packages/lab/scripts/label.ts',
    fit: 'packages/lab/scripts/fit.ts',
    'won-endings': 'packages/lab/scripts/won-endings.ts',
    'mate-positions': 'packages/lab/scripts/mate-positions.ts',
    'match-report': 'packages/lab/scripts/match-report.ts',
    levels: 'packages/lab/scripts/levels.ts',
  },
  outdir: 'packages/lab/dist',
  outExtension: { '.js': '.mjs' },
});
