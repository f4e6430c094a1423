/**
 * Loads ffish (Fairy-Stockfish compiled to WebAssembly, npm `ffish@0.7.10`) once per process in
 * Node, and offers perft / divide over its Board API as an independent move-generation checker.
 *
 * Notes on this ffish build:
 * - `ffish.js` is a non-modularised Emscripten build: `require('ffish')` returns the module object
 *   itself (not the factory its `.d.ts` declares) and instantiates the wasm asynchronously;
 *   `onRuntimeInitialized` / `calledRun` tell when it is ready.
 * - In Node >= 18 the global `fetch` exists, so Emscripten tries to `fetch()` the wasm from a plain
 *   file path, which fails (invalid URL) and aborts. `fetch` is hidden while the module is required
 *   (the check happens synchronously inside `require`) and restored right after.
 * - It installs process-wide `uncaughtException` / `unhandledRejection` handlers (the latter aborts
 *   the wasm runtime on any unrelated rejection); they are removed again.
 * - `variants()` / `startingFen()` answer empty strings until the first Board is created; the
 *   loader creates and deletes one.
 * - Board objects live in the wasm heap and must be `delete()`d.
 */
import { createRequire } from 'node:module';
import type { Board, FairyStockfish } from 'ffish';
import { loadStandins } from './standins.ts';

/** What `require('ffish')` really returns: the Emscripten module object with the API on it. */
type FfishModuleObject = FairyStockfish & {
  calledRun?: boolean;
  onRuntimeInitialized?: () => void;
  onAbort?: (what: unknown) => void;
};

let loading: Promise<FairyStockfish> | undefined;
let loaded: FairyStockfish | undefined;

/**
 * Loads ffish once (later calls return the same promise) and loads the citadel stand-in variants
 * (`husun10`, `tamerlane11`) into it.
 */
export function loadFfish(): Promise<FairyStockfish> {
  loading ??= new Promise<FairyStockfish>((resolve, reject) => {
    const require = createRequire(import.meta.url);
    const g = globalThis as { fetch?: unknown };
    const savedFetch = g.fetch;
    const exceptionListeners = new Set(process.listeners('uncaughtException'));
    const rejectionListeners = new Set(process.listeners('unhandledRejection'));
    let mod: FfishModuleObject;
    try {
      g.fetch = undefined;
      mod = require('ffish') as FfishModuleObject;
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
      return;
    } finally {
      g.fetch = savedFetch;
      for (const l of process.listeners('uncaughtException'))
        if (!exceptionListeners.has(l)) process.off('uncaughtException', l);
      for (const l of process.listeners('unhandledRejection'))
        if (!rejectionListeners.has(l)) process.off('unhandledRejection', l);
    }
    const ready = (): void => {
      try {
        new mod.Board('chess').delete(); // initialises the variant table
        loadStandins(mod);
        loaded = mod;
        resolve(mod);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    mod.onAbort = (what) => reject(new Error(`ffish aborted: ${String(what)}`));
    if (mod.calledRun) ready();
    else mod.onRuntimeInitialized = ready;
  });
  return loading;
}

/** The loaded module; throws if {@link loadFfish} has not completed yet. */
export function getFfish(): FairyStockfish {
  if (!loaded) throw new Error('ffish is not loaded yet: await loadFfish() first');
  return loaded;
}

/** Runs `fn` on a fresh Board (`fen` omitted = the variant's start) and deletes the board. */
export function withBoard<T>(
  variantName: string,
  fen: string | undefined,
  fn: (board: Board) => T,
): T {
  const ff = getFfish();
  if (!ff.variants().split(' ').includes(variantName))
    throw new Error(`ffish does not know the variant '${variantName}'`);
  if (fen !== undefined && ff.validateFen(fen, variantName) !== 1)
    throw new Error(
      `ffish rejects the ${variantName} FEN '${fen}' (code ${ff.validateFen(fen, variantName)})`,
    );
  const board = fen === undefined ? new ff.Board(variantName) : new ff.Board(variantName, fen);
  try {
    return fn(board);
  } finally {
    board.delete();
  }
}

function push(board: Board, move: string): void {
  if (!board.push(move)) throw new Error(`ffish refused the move '${move}' in ${board.fen()}`);
}

function perftBoard(board: Board, depth: number): number {
  if (depth <= 0) return 1;
  if (depth === 1) return board.numberLegalMoves(); // bulk counting at the last ply
  const list = board.legalMoves();
  if (list === '') return 0;
  let nodes = 0;
  for (const move of list.split(' ')) {
    push(board, move);
    nodes += perftBoard(board, depth - 1);
    board.pop();
  }
  return nodes;
}

/**
 * Perft (number of legal move sequences of length `depth`) by ffish. FSF's legal move generator
 * returns no moves in a position decided by a variant rule (e.g. shatranj's bare king), so such a
 * position ends a line like mate and stalemate do; repetition and n-move rules never do.
 */
export function ffishPerft(variantName: string, fen: string, depth: number): number {
  return withBoard(variantName, fen, (board) => perftBoard(board, depth));
}

/** Divide: perft(depth - 1) after each legal move, keyed by FSF's UCI move text (`d9d10f`). */
export function ffishDivide(
  variantName: string,
  fen: string,
  depth: number,
): Record<string, number> {
  if (depth < 1) throw new Error('divide needs depth >= 1');
  return withBoard(variantName, fen, (board) => {
    const result: Record<string, number> = {};
    const list = board.legalMoves();
    if (list === '') return result;
    for (const move of list.split(' ')) {
      push(board, move);
      result[move] = perftBoard(board, depth - 1);
      board.pop();
    }
    return result;
  });
}

/** Plays `moves` (FSF UCI text) from `fen` (omitted = start) and returns the resulting FEN. */
export function ffishPlay(variantName: string, moves: readonly string[], fen?: string): string {
  return withBoard(variantName, fen, (board) => {
    for (const move of moves) push(board, move);
    return board.fen();
  });
}
