// Helpers shared by the Fairy-Stockfish scripts in scripts/fsf (Node 20, ESM).
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const FFISH_TEST_DIR = resolve(REPO_ROOT, 'packages/core/test/ffish');

/**
 * Imports a self-contained TypeScript data module (no runtime imports; `import type` is fine) by
 * transpiling it with esbuild and importing the result from a data: URL. Node 20 cannot import
 * .ts files itself; this keeps packages/core/test/ffish/*.ts the single source of truth.
 */
export async function importTs(path) {
  const source = readFileSync(resolve(REPO_ROOT, path), 'utf8');
  const { code } = transformSync(source, { loader: 'ts', format: 'esm', sourcefile: path });
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/** The stand-in definitions of packages/core/test/ffish/standins.ts. */
export function loadStandinDefs() {
  return importTs('packages/core/test/ffish/standins.ts');
}

/** Runs `fn` with global fetch hidden (Emscripten's Node path must not try fetch on a file path). */
export function withoutFetch(fn) {
  const saved = globalThis.fetch;
  globalThis.fetch = undefined;
  try {
    return fn();
  } finally {
    globalThis.fetch = saved;
  }
}

let ffishPromise;
/** Loads ffish once (fetch workaround) with the stand-in variants loaded. */
export function loadFfishNode() {
  ffishPromise ??= (async () => {
    const { loadStandins } = await loadStandinDefs();
    const require = createRequire(import.meta.url);
    const mod = withoutFetch(() => require('ffish'));
    if (!mod.calledRun) await new Promise((res) => (mod.onRuntimeInitialized = res));
    new mod.Board('chess').delete();
    loadStandins(mod);
    return mod;
  })();
  return ffishPromise;
}

/** ffish perft with bulk counting at the last ply. */
export function ffishPerftNode(ff, variant, fen, depth) {
  const board = new ff.Board(variant, fen);
  const rec = (d) => {
    if (d <= 0) return 1;
    if (d === 1) return board.numberLegalMoves();
    const list = board.legalMoves();
    if (list === '') return 0;
    let n = 0;
    for (const mv of list.split(' ')) {
      if (!board.push(mv)) throw new Error(`ffish refused ${mv}`);
      n += rec(d - 1);
      board.pop();
    }
    return n;
  };
  try {
    return rec(depth);
  } finally {
    board.delete();
  }
}
