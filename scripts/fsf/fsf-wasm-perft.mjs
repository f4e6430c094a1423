#!/usr/bin/env node
// Fairy-Stockfish as a UCI engine in WebAssembly (npm fairy-stockfish-nnue.wasm@1.1.12), driven from
// Node 20 for perft: an independent checker and a speed peer for the rules core.
//
//   node scripts/fsf/fsf-wasm-perft.mjs <variant> <depth> [fen...]   perft, prints nodes and nodes/s
//   node scripts/fsf/fsf-wasm-perft.mjs --divide <variant> <depth> [fen...]
//   node scripts/fsf/fsf-wasm-perft.mjs --bench [minSeconds]         each stand-in start, deepening
//                                                                    until one perft takes >= 2 s
//
// Variants: every FSF built-in (chess, shatranj, ...) plus the stand-ins of
// packages/core/test/ffish/standins.ts (husun10, tamerlane11), always loaded.
//
// How it runs: stockfish.js is an Emscripten pthreads build; in Node it uses worker_threads
// (stockfish.worker.js) by itself. Two things are needed: (1) global fetch must be hidden while the
// factory starts, otherwise Emscripten fetch()es the .wasm by file path and aborts ("Failed to
// parse URL"); (2) UCI text goes in with postMessage(), output lines come back through
// addMessageListener(). The stand-in variants.ini is written to the engine's in-memory file system
// (FS.writeFile) and loaded with `setoption name VariantPath`. terminate() stops the threads.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { loadStandinDefs, withoutFetch } from './lib.mjs';

const require = createRequire(import.meta.url);
const INI_PATH = '/citadel-standins.ini';

class WasmUciEngine {
  #sf;
  #pending = null;
  #queue = Promise.resolve();
  #variant = 'chess';

  constructor(sf) {
    this.#sf = sf;
    sf.addMessageListener((line) => {
      const p = this.#pending;
      if (!p) return;
      p.lines.push(line);
      if (p.done(line)) {
        this.#pending = null;
        p.resolve(p.lines);
      }
    });
  }

  static async start(ini) {
    const Stockfish = require('fairy-stockfish-nnue.wasm/stockfish.js');
    // the wasm fetch decision is taken synchronously inside the factory call
    const sf = await withoutFetch(() => Stockfish());
    const engine = new WasmUciEngine(sf);
    const hello = await engine.#command('uci', (l) => l === 'uciok');
    engine.id = (hello.find((l) => l.startsWith('id name ')) ?? '').slice(8);
    sf.FS.writeFile(INI_PATH, ini);
    await engine.#command(`setoption name VariantPath value ${INI_PATH}`);
    // the UCI_Variant combo now lists the built-ins and the loaded variants
    const options = await engine.#command('uci', (l) => l === 'uciok');
    const combo = options.find((l) => l.startsWith('option name UCI_Variant ')) ?? '';
    engine.variants = new Set(
      combo
        .split(' var ')
        .slice(1)
        .map((v) => v.trim()),
    );
    return engine;
  }

  /** Sends one command and collects output lines until `done` (default: the isready handshake). */
  #command(cmd, done) {
    return new Promise((resolve) => {
      if (done) {
        this.#pending = { done, lines: [], resolve };
        this.#sf.postMessage(cmd);
      } else {
        this.#pending = { done: (l) => l === 'readyok', lines: [], resolve };
        this.#sf.postMessage(cmd);
        this.#sf.postMessage('isready');
      }
    });
  }

  /** Serialises engine use: one conversation at a time. */
  #exclusive(fn) {
    const run = this.#queue.then(fn, fn);
    this.#queue = run.catch(() => {});
    return run;
  }

  perft({ variant, fen, depth }) {
    if (!Number.isInteger(depth) || depth < 1) throw new Error(`bad perft depth ${depth}`);
    return this.#exclusive(async () => {
      if (variant !== this.#variant) {
        if (!this.variants.has(variant))
          throw new Error(`the wasm engine does not know the variant '${variant}'`);
        await this.#command(`setoption name UCI_Variant value ${variant}`);
        this.#variant = variant;
      }
      await this.#command(fen ? `position fen ${fen}` : 'position startpos');
      const t0 = performance.now();
      const out = await this.#command(`go perft ${depth}`, (l) => l.startsWith('Nodes searched:'));
      const ms = performance.now() - t0;
      const nodes = Number(out.at(-1).slice('Nodes searched:'.length));
      const divide = {};
      for (const l of out) {
        const m = /^(\S+): (\d+)$/.exec(l);
        if (m) divide[m[1]] = Number(m[2]);
      }
      return { nodes, ms, divide };
    });
  }

  close() {
    // no UCI 'quit': the engine would call exit(0), which overwrites process.exitCode
    this.#sf.terminate();
  }
}

let enginePromise;

/** The shared engine (started on first use, stand-ins loaded). */
export function getFsfEngine() {
  enginePromise ??= loadStandinDefs().then(({ STANDINS_INI }) => WasmUciEngine.start(STANDINS_INI));
  return enginePromise;
}

/**
 * Perft by the Fairy-Stockfish wasm UCI engine (`go perft N`, "Nodes searched").
 * `fen` in FSF notation; omitted = the variant's start position.
 * @returns {Promise<{nodes: number, ms: number, divide: Record<string, number>}>}
 */
export async function fsfPerft({ variant, fen, depth }) {
  const engine = await getFsfEngine();
  return engine.perft({ variant, fen, depth });
}

/** Stops the engine's threads (lets Node exit). */
export async function closeFsf() {
  if (!enginePromise) return;
  const engine = await enginePromise;
  enginePromise = undefined;
  engine.close();
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');

async function main(argv) {
  const args = [...argv];
  const divide = args[0] === '--divide' ? (args.shift(), true) : false;
  if (args[0] === '--bench') {
    const minMs = 1000 * Number(args[1] ?? 2);
    const { FSF_START_FENS } = await loadStandinDefs();
    const engine = await getFsfEngine();
    console.log(`engine: ${engine.id}`);
    for (const variant of ['husun10', 'tamerlane11', 'shatranj', 'chess']) {
      for (let depth = 1; ; depth++) {
        const r = await fsfPerft({ variant, fen: FSF_START_FENS[variant], depth });
        if (r.ms >= minMs || depth >= 8) {
          console.log(
            `${variant} start perft ${depth}: ${r.nodes} nodes in ${(r.ms / 1000).toFixed(2)} s = ${fmt((r.nodes / r.ms) * 1000)} nodes/s`,
          );
          break;
        }
      }
    }
    return;
  }
  if (args.length < 2) {
    console.error('usage: node scripts/fsf/fsf-wasm-perft.mjs [--divide] <variant> <depth> [fen]');
    console.error('       node scripts/fsf/fsf-wasm-perft.mjs --bench [minSeconds]');
    process.exitCode = 2;
    return;
  }
  const [variant, depthText, ...fenParts] = args;
  const fen = fenParts.length ? fenParts.join(' ') : undefined;
  const r = await fsfPerft({ variant, fen, depth: Number(depthText) });
  if (divide) for (const [move, n] of Object.entries(r.divide)) console.log(`${move}: ${n}`);
  console.log(`nodes ${r.nodes}`);
  console.log(`time ${(r.ms / 1000).toFixed(3)} s`);
  console.log(`nodes/s ${fmt((r.nodes / Math.max(r.ms, 0.001)) * 1000)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2))
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    })
    .finally(async () => {
      const code = process.exitCode;
      await closeFsf();
      process.exitCode = code;
    });
}
