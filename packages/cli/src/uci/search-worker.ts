/**
 * Entry of a search worker thread (bundled as dist/search-worker.mjs). It owns one Engine over the
 * transposition table shared by all workers, searches when told, polls the shared stop flag, and
 * posts `info` and `done` messages; it never prints.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Engine } from '@citadel/engine';
import {
  STOP_SLOT,
  absoluteNow,
  type FromWorker,
  type ToWorker,
  type WorkerData,
} from './messages.ts';

const data = workerData as WorkerData;
const control = new Int32Array(data.control);
const nodes = new Float64Array(data.nodes);
const port = parentPort!;
let engine: Engine | null = null;

const post = (m: FromWorker): void => port.postMessage(m);

port.on('message', (m: ToWorker) => {
  switch (m.type) {
    case 'table':
      engine = new Engine({ hashMb: m.hashMb }, m.table);
      // Warm the JIT with a short search so the first real move is not slowed by compilation.
      engine.go({ variant: 'chess' }, { depth: 5 }, { now: () => performance.now() });
      engine.newGame();
      break;
    case 'newgame':
      engine?.newGame();
      break;
    case 'prepare':
      if (engine) {
        engine.go(
          { ...m.game, fen: undefined, moves: [] },
          { depth: 4 },
          { now: () => performance.now() },
        );
        engine.newGame();
      }
      break;
    case 'ping':
      post({ type: 'pong', id: m.id, index: data.index });
      break;
    case 'go': {
      const generation = m.generation;
      if (!engine || Atomics.load(control, STOP_SLOT) !== generation) {
        post({ type: 'done', generation, index: data.index, result: null, error: null });
        break;
      }
      Object.assign(engine.options, m.options);
      nodes[data.index] = 0;
      let result;
      try {
        result = engine.go(m.game, m.limits, {
          now: absoluteNow,
          startedAt: m.goAt,
          shouldStop: () => Atomics.load(control, STOP_SLOT) !== generation,
          onInfo: (info) => {
            nodes[data.index] = info.nodes;
            if (m.report) post({ type: 'info', generation, info });
          },
        });
      } catch (e) {
        post({
          type: 'done',
          generation,
          index: data.index,
          result: null,
          error: `search failed: ${e instanceof Error ? e.message : String(e)}`,
        });
        break;
      }
      if (result.ok) nodes[data.index] = result.value.nodes;
      post({
        type: 'done',
        generation,
        index: data.index,
        result: result.ok ? result.value : null,
        error: result.ok ? null : result.error,
      });
      break;
    }
  }
});
