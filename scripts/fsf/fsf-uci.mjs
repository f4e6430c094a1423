#!/usr/bin/env node
// Fairy-Stockfish (WebAssembly, npm fairy-stockfish-nnue.wasm) as an ordinary stdin/stdout UCI
// engine process, so any UCI client (`citadel match`, a GUI, cutechess) can drive it:
//
//   node scripts/fsf/fsf-uci.mjs
//   uci / setoption name UCI_Variant value husun10 / setoption name Use NNUE value false / ...
//
// Every stdin line goes to the engine unchanged and every engine output line comes back on
// stdout. The stand-in variants of packages/core/test/ffish/standins.ts (husun10, tamerlane11)
// are loaded before the first command (VariantPath), so they appear in the UCI_Variant combo next
// to FSF's built-ins. `quit` (or the end of stdin) stops the engine's threads and exits with
// status 0. Options: --no-standins skips loading the stand-ins.
//
// Loading in Node 20 (see fsf-wasm-perft.mjs): global fetch is hidden while the Emscripten
// factory starts; commands go in with postMessage(), output lines come back through
// addMessageListener() (with a listener attached the module prints nothing itself).
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { loadStandinDefs, withoutFetch } from './lib.mjs';

const require = createRequire(import.meta.url);
const INI_PATH = '/citadel-standins.ini';

async function main(argv) {
  const standins = !argv.includes('--no-standins');
  // Commands that arrive while the wasm module starts are kept and sent in order afterwards.
  const early = [];
  let engine = null;
  let quitting = false;

  const quit = () => {
    if (quitting) return;
    quitting = true;
    // No UCI 'quit' to the module: it would exit() inside the runtime; terminate() stops the
    // pthread workers, then this process ends normally.
    if (engine) engine.terminate();
    process.exit(0);
  };

  const send = (line) => {
    const cmd = line.trim();
    if (cmd === '') return;
    if (cmd === 'quit') return quit();
    if (engine) engine.postMessage(cmd);
    else early.push(cmd);
  };

  const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
  input.on('line', send);
  input.on('close', () => {
    // End of input: let queued commands run only if the engine is up; then stop.
    if (engine) quit();
    else early.push('quit');
  });

  const Stockfish = require('fairy-stockfish-nnue.wasm/stockfish.js');
  // the wasm fetch decision is taken synchronously inside the factory call
  const sf = await withoutFetch(() => Stockfish());
  // While `warmedUp` is pending, the engine's output is its warm-up search's and is dropped.
  let warmedUp = null;
  sf.addMessageListener((line) => {
    if (!warmedUp) process.stdout.write(`${line}\n`);
    else if (line.startsWith('bestmove')) warmedUp();
  });
  if (standins) {
    const { STANDINS_INI } = await loadStandinDefs();
    sf.FS.writeFile(INI_PATH, STANDINS_INI);
    sf.postMessage(`setoption name VariantPath value ${INI_PATH}`);
  }
  // Warm-up: a fresh module's first search takes two to three times its movetime (its search
  // thread starts, the wasm code is compiled again at a higher tier), enough to lose a match's
  // first game on time. One short search first, then a new game so nothing of it is kept.
  await new Promise((resolve) => {
    warmedUp = resolve;
    sf.postMessage('go depth 8');
  });
  warmedUp = null;
  sf.postMessage('ucinewgame');
  engine = sf;
  for (const cmd of early.splice(0)) send(cmd);
}

main(process.argv.slice(2)).catch((e) => {
  process.stderr.write(`fsf-uci: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
