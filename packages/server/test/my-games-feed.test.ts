/**
 * The work of "my games" pushed stays bounded whatever the bus carries: a burst of changes is one
 * read per watch, a change during a read one more read after it, a list is sent only when it
 * differs, only the watches a message concerns are read, a process runs a bounded number of reads
 * at once, and a closed watch is read no more. Driven with a fake clock and a list whose reads the
 * test answers.
 */
import type { GameSummary } from '@citadel/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalBus } from '../src/pubsub/bus.ts';
import {
  MAX_READS,
  MyGamesFeed,
  SETTLE_MS,
  type MyGamesList,
  type MyGamesWatch,
} from '../src/service/my-games-feed.ts';

interface Read {
  readonly tokens: readonly string[];
  readonly accountId: number | null;
  answer(games: MyGamesList): void;
  fail(e: unknown): void;
}

/** The lists as storage would read them, each read waiting for the test's answer. */
class Lists {
  readonly reads: Read[] = [];
  myGames(tokens: readonly string[], accountId: number | null): Promise<MyGamesList> {
    return new Promise((answer, fail) => this.reads.push({ tokens, accountId, answer, fail }));
  }
  /** The reads not answered yet. */
  pending(): Read[] {
    return this.reads.filter((r) => !answered.has(r));
  }
}
const answered = new WeakSet<Read>();
const answer = (r: Read, games: MyGamesList): void => {
  answered.add(r);
  r.answer(games);
};

const row = (id: string, plies = 0): MyGamesList[number] => ({
  game: {
    id,
    variant: 'chess',
    array: 'standard',
    clock: null,
    rated: false,
    status: 'started',
    players: { white: null, black: null },
    turn: plies % 2 ? 'black' : 'white',
    plies,
    createdAt: 0,
  } satisfies GameSummary,
  color: 'white',
  myTurn: plies % 2 === 0,
});

/** Lets the promises answered so far run their course, the clock standing still. */
const flush = async (): Promise<void> => void (await vi.advanceTimersByTimeAsync(0));
const settle = async (): Promise<void> => void (await vi.advanceTimersByTimeAsync(SETTLE_MS));

let bus: LocalBus;
let lists: Lists;
let feed: MyGamesFeed;
beforeEach(() => {
  vi.useFakeTimers();
  bus = new LocalBus();
  lists = new Lists();
  feed = new MyGamesFeed(lists, 'here', bus);
});
afterEach(() => {
  feed.close();
  vi.useRealTimers();
});

const gameChanged = (id: string): Promise<void> =>
  bus.publish({ kind: 'game', id, version: 1, tell: [] });

/** A watch of `tokens`, with the lists it was sent. */
function watching(
  tokens: string[],
  accountId: number | null = null,
): { watch: MyGamesWatch; sent: MyGamesList[]; failed: unknown[] } {
  const sent: MyGamesList[] = [];
  const failed: unknown[] = [];
  const watch = feed.watch({ list: (g) => sent.push(g), failed: (e) => failed.push(e) });
  watch.set(tokens, accountId);
  return { watch, sent, failed };
}

describe('my games pushed', () => {
  it('reads at once on a watch, then once per burst of changes, and once more for a change during a read', async () => {
    const { sent } = watching(['t1']);
    expect(lists.reads).toHaveLength(1);
    answer(lists.reads[0]!, [row('g1')]);
    await flush();
    expect(sent).toEqual([[row('g1')]]);

    for (let i = 0; i < 20; i++) await gameChanged('g1');
    expect(lists.reads).toHaveLength(1);
    await settle();
    expect(lists.reads).toHaveLength(2);
    // Changes while that read runs: one read after it (never beside it), whatever their number.
    for (let i = 0; i < 5; i++) await gameChanged('g1');
    await settle();
    expect(lists.reads).toHaveLength(2);
    answer(lists.reads[1]!, [row('g1', 1)]);
    await flush();
    expect(sent).toEqual([[row('g1')], [row('g1', 1)]]);
    await settle();
    expect(lists.reads).toHaveLength(3);
    // The same list again is not sent.
    answer(lists.reads[2]!, [row('g1', 1)]);
    await settle();
    expect(lists.reads).toHaveLength(3);
    expect(sent).toHaveLength(2);
  });

  it('reads only the watches a message concerns', async () => {
    const one = watching(['t1'], 7);
    const two = watching(['t2'], 8);
    answer(lists.reads[0]!, [row('g1')]);
    answer(lists.reads[1]!, [row('g2')]);
    await flush();
    await gameChanged('other');
    await settle();
    expect(lists.reads).toHaveLength(2);
    await gameChanged('g2');
    await settle();
    expect(lists.pending().map((r) => r.tokens)).toEqual([['t2']]);
    answer(lists.pending()[0]!, [row('g2')]);
    await bus.publish({ kind: 'account-games', account: 7, process: 'there' });
    await settle();
    expect(lists.pending().map((r) => [r.tokens, r.accountId])).toEqual([[['t1'], 7]]);
    answer(lists.pending()[0]!, [row('g1')]);
    await bus.publish({ kind: 'resync' });
    await settle();
    expect(lists.pending()).toHaveLength(2);
    for (const r of lists.pending()) answer(r, []);
    await flush();
    expect([one.sent.length, two.sent.length]).toEqual([2, 2]);
  });

  it('reads again a game that changed while the list that first shows it was read', async () => {
    const { sent } = watching(['t1']);
    // The join of a challenge, told while its list is being read: the read may predate it.
    await gameChanged('g1');
    answer(lists.reads[0]!, [row('g1')]);
    await settle();
    expect(lists.reads).toHaveLength(2);
    answer(lists.reads[1]!, [row('g1', 1)]);
    await flush();
    expect(sent).toEqual([[row('g1')], [row('g1', 1)]]);
  });

  it('runs at most MAX_READS reads at once, the others in turn', async () => {
    const watches = Array.from({ length: MAX_READS + 3 }, (_, i) => watching([`t${i}`]));
    expect(lists.pending()).toHaveLength(MAX_READS);
    answer(lists.pending()[0]!, []);
    await flush();
    expect(lists.pending()).toHaveLength(MAX_READS);
    while (lists.pending().length) {
      for (const r of lists.pending()) answer(r, []);
      await flush();
    }
    expect(lists.reads).toHaveLength(watches.length);
    expect(watches.every((w) => w.sent.length === 1)).toBe(true);
  });

  it('answers a new watch even with the same list, sends nothing of an older one, and stops once closed', async () => {
    const { watch, sent, failed } = watching(['t1']);
    watch.set(['t1', 't2'], null);
    // The first read, of the older watch, answers after the second watch: it is not sent.
    answer(lists.reads[0]!, [row('g1')]);
    await flush();
    expect(sent).toEqual([]);
    expect(lists.pending().map((r) => r.tokens)).toEqual([['t1', 't2']]);
    answer(lists.pending()[0]!, [row('g1')]);
    await flush();
    watch.set(['t1', 't2'], null);
    answer(lists.pending()[0]!, [row('g1')]);
    await flush();
    expect(sent).toEqual([[row('g1')], [row('g1')]]);
    // A read that fails is told; the watch stays.
    await gameChanged('g1');
    await settle();
    const failing = lists.pending()[0]!;
    answered.add(failing);
    failing.fail(new Error('storage away'));
    await flush();
    expect(failed).toHaveLength(1);
    watch.close();
    await gameChanged('g1');
    await settle();
    expect(lists.pending()).toEqual([]);
  });
});
