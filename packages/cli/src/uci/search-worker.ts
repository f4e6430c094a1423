/**
 * Entry of a search worker thread (bundled as dist/search-worker.mjs). It owns one Engine over the
 * transposition table shared by all workers, searches when told, polls the shared stop flag, and
 * posts `info` and `done` messages; it never prints. A worker started for `go perft` only counts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { divide, makeMoveText, type Result } from '@citadel/core';
import { Engine, type EngineResult, type GoLimits } from '@citadel/engine';
import {
  STOP_SLOT,
  absoluteNow,
  type FromWorker,
  type ToWorker,
  type WorkerData,
} from './messages.ts';
import { releaseMemory } from './release-memory.ts';

const data = workerData as WorkerData;
const control = new Int32Array(data.control);
const nodes = new Float64Array(data.nodes);
const port = parentPort!;
let engine: Engine | null = null;

const post = (m: FromWorker): void => port.postMessage(m);
const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

port.on('message', (m: ToWorker) => {
  switch (m.type) {
    case 'table':
      if (engine) {
        // A new table: the old one (up to 1 GiB) goes back to the system now.
        engine = null;
        releaseMemory();
      }
      engine = new Engine({ hashMb: m.hashMb }, m.table);
      break;
    case 'newgame':
      engine?.newGame();
      break;
    case 'prepare':
      try {
        engine?.evaluate({ ...m.game, fen: undefined, moves: [] });
      } catch {
        // Nothing is lost: the search builds the tables itself and reports its own errors.
      }
      break;
    case 'ping':
      post({ type: 'pong', id: m.id, index: data.index });
      break;
    case 'perft':
      try {
        const p = Engine.setUp(m.game);
        if (!p.ok) post({ type: 'perft', rows: null, error: p.error });
        else {
          const fast = p.value.fastPosition();
          const rows = divide(fast, m.depth).map((r) => ({
            move: makeMoveText(fast.rs, r.move),
            nodes: r.nodes,
          }));
          post({ type: 'perft', rows, error: null });
        }
      } catch (e) {
        post({ type: 'perft', rows: null, error: `perft failed: ${message(e)}` });
      }
      break;
    case 'go':
      search(m);
      break;
  }
});

function search(m: Extract<ToWorker, { type: 'go' }>): void {
  const generation = m.generation;
  const done = (result: EngineResult | null, error: string | null): void =>
    post({ type: 'done', generation, index: data.index, result, error });
  if (!engine) return done(null, 'no table yet');
  // Stopped before it began: the main worker still answers, with the quick choice of a one-ply
  // search (there is always a move to name while the game goes on); helpers have nothing to add.
  const stoppedEarly = Atomics.load(control, STOP_SLOT) !== generation;
  if (stoppedEarly && data.index !== 0) return done(null, null);
  const limits: GoLimits = stoppedEarly
    ? { depth: 1, ...(m.limits.searchMoves ? { searchMoves: m.limits.searchMoves } : {}) }
    : m.limits;
  Object.assign(engine.options, m.options);
  nodes[data.index] = 0;
  let result: Result<EngineResult>;
  try {
    result = engine.go(m.game, limits, {
      now: absoluteNow,
      startedAt: m.goAt,
      shouldStop: stoppedEarly
        ? () => false
        : () => Atomics.load(control, STOP_SLOT) !== generation,
      onInfo: (info) => {
        nodes[data.index] = info.nodes;
        if (m.report) post({ type: 'info', generation, info });
      },
    });
  } catch (e) {
    return done(null, `search failed: ${message(e)}`);
  }
  if (result.ok) nodes[data.index] = result.value.nodes;
  done(result.ok ? result.value : null, result.ok ? null : result.error);
}
