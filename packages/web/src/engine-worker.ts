/**
 * The engine's Web Worker: one Engine, searching when asked, so the page never freezes. Messages
 * are the typed map of engine-messages.ts; the engine itself never prints. With `info`, every
 * finished iteration (each MultiPV line at each depth) is posted as it comes.
 */
import { Engine } from '@citadel/engine';
import type { FromEngine, ToEngine } from './engine-messages.ts';

/** Kept back from the clock per move for the messages, the page's work and its timer. */
const MOVE_OVERHEAD_MS = 50;
const engine = new Engine({ hashMb: 16, moveOverhead: MOVE_OVERHEAD_MS });
const post = (m: FromEngine): void => postMessage(m);

onmessage = (e: MessageEvent<ToEngine>): void => {
  const m = e.data;
  if (m.type === 'newgame') {
    engine.newGame();
    return;
  }
  engine.options.level = m.level;
  engine.options.multiPv = m.multiPv ?? 1;
  const started = performance.now();
  try {
    const r = engine.go(
      m.game,
      {
        movetime: m.movetime,
        ...(m.clock ?? {}),
        ...(m.depth !== undefined ? { depth: m.depth } : {}),
      },
      {
        now: () => performance.now(),
        ...(m.info ? { onInfo: (info) => post({ type: 'info', id: m.id, info }) } : {}),
      },
    );
    if (r.ok)
      post({
        type: 'done',
        id: m.id,
        bestMove: r.value.bestMove,
        depth: r.value.depth,
        nodes: r.value.nodes,
        timeMs: Math.round(performance.now() - started),
        score: r.value.score,
        lines: r.value.lines,
      });
    else post({ type: 'error', id: m.id, error: r.error });
  } catch (error) {
    post({
      type: 'error',
      id: m.id,
      error: `search failed: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
};
