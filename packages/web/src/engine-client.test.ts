/**
 * The engine client without a browser (a stand-in Worker): a request whose page is left is dropped
 * at once and leaves nothing behind on the page's signal, and stop() ends a Worker still busy with
 * a search whose answer nobody awaits any more.
 */
import type { GameSpec } from '@citadel/engine';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { EngineClient } from './engine-client.ts';
import type { FromEngine, ToEngine } from './engine-messages.ts';

/** The Workers made, each with the messages it was sent; `answer` replies as the engine would. */
class StandInWorker {
  static made: StandInWorker[] = [];
  readonly sent: ToEngine[] = [];
  terminated = false;
  onmessage: ((e: MessageEvent<FromEngine>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;

  constructor() {
    StandInWorker.made.push(this);
  }

  postMessage(m: ToEngine): void {
    this.sent.push(m);
  }

  terminate(): void {
    this.terminated = true;
  }

  /** Answers the search `id` (its best move e2e4). */
  answer(id: number): void {
    const done: FromEngine = {
      type: 'done',
      id,
      bestMove: 'e2e4',
      depth: 1,
      nodes: 1,
      timeMs: 1,
      score: { type: 'cp', value: 0 },
      lines: [],
    };
    this.onmessage?.({ data: done } as MessageEvent<FromEngine>);
  }
}

const GAME: GameSpec = { variant: 'chess', moves: [] };
const searchIds = (w: StandInWorker): number[] =>
  w.sent.flatMap((m) => (m.type === 'go' ? [m.id] : []));

beforeEach(() => {
  StandInWorker.made = [];
  vi.stubGlobal('Worker', StandInWorker);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A page's signal that counts the listeners it holds. */
function countedSignal(): { page: AbortController; held: () => number } {
  const page = new AbortController();
  const listeners = new Set<unknown>();
  const add = page.signal.addEventListener.bind(page.signal);
  const remove = page.signal.removeEventListener.bind(page.signal);
  vi.spyOn(page.signal, 'addEventListener').mockImplementation((type, f, options) => {
    listeners.add(f);
    add(type, f, options);
  });
  vi.spyOn(page.signal, 'removeEventListener').mockImplementation((type, f, options) => {
    listeners.delete(f);
    remove(type, f, options);
  });
  return { page, held: () => listeners.size };
}

it('drops a request at once when its page is left, and keeps nothing of answered ones', async () => {
  const engine = new EngineClient();
  const { page, held } = countedSignal();
  // A long game against the engine: every answered search lets go of the page's signal.
  for (let n = 0; n < 50; n++) {
    const reply = engine.go(GAME, 3, undefined, page.signal);
    const worker = StandInWorker.made[0]!;
    worker.answer(searchIds(worker).at(-1)!);
    await expect(reply).resolves.toMatchObject({ bestMove: 'e2e4' });
  }
  expect(held()).toBe(0);
  const infos: unknown[] = [];
  const analysis = engine.analyse(GAME, {
    multiPv: 1,
    movetime: 6000,
    onInfo: (info) => infos.push(info),
    signal: page.signal,
  });
  expect(held()).toBe(1);
  page.abort();
  await expect(analysis).resolves.toBeNull();
  expect(held()).toBe(0);
  expect(engine.busy()).toBe(false);
  // A page already left asks nothing of the Worker.
  await expect(engine.go(GAME, 3, undefined, page.signal)).resolves.toBeNull();
  expect(searchIds(StandInWorker.made[0]!)).toHaveLength(51);
});

it('ends a Worker still searching for a dropped request on stop(), and only then', () => {
  const engine = new EngineClient();
  const page = new AbortController();
  void engine.go(GAME, 3, undefined, page.signal);
  const first = StandInWorker.made[0]!;
  first.answer(searchIds(first)[0]!);
  // Idle: stop() keeps the Worker (and its tables).
  engine.stop();
  expect(first.terminated).toBe(false);
  // The page is left mid-search: the answer is dropped, but the Worker still searches.
  void engine.analyse(GAME, { multiPv: 1, movetime: 6000, signal: page.signal });
  page.abort();
  expect(engine.busy()).toBe(false);
  engine.stop();
  expect(first.terminated).toBe(true);
  // The next request starts a fresh Worker; a late answer of the old one counts for nothing.
  const next = new AbortController();
  void engine.go(GAME, 3, undefined, next.signal);
  expect(StandInWorker.made).toHaveLength(2);
  first.answer(searchIds(first)[1]!);
  engine.stop();
  expect(StandInWorker.made[1]!.terminated).toBe(true);
});
