/**
 * Live connections are bounded whatever a client does: a reader that stops reading is dropped
 * once its unsent events pass a bound (instead of growing the heap), and one address holds at
 * most its cap of sockets and streams together (the next is refused with 429, and a place comes
 * back when one closes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { CreateGameResponse } from '@citadel/protocol';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LiveConnections, writeUnlessStalled } from '../src/http/live-limits.ts';
import { startServer } from '../src/index.ts';
import { SocketClient, api } from './support/client.ts';

describe('writeUnlessStalled', () => {
  it('drops a reader that never reads once a megabyte waits, and never holds more', () => {
    // A reader that takes the first chunk and never asks for more, as a stalled client.
    const out = new Writable({ write: () => undefined });
    const event = `${JSON.stringify({ type: 'move', san: 'e4', pad: 'x'.repeat(200) })}\n`;
    let written = 0;
    while (writeUnlessStalled(out, event)) written++;
    expect(out.destroyed).toBe(true);
    expect(written * event.length).toBeGreaterThan(1 << 20);
    expect(out.writableLength).toBeLessThanOrEqual((1 << 20) + event.length);
    expect(writeUnlessStalled(out, event)).toBe(false);
  });

  it('keeps a reader that keeps up', () => {
    const out = new Writable({ write: (_chunk, _enc, done) => done() });
    for (let i = 0; i < 10_000; i++) expect(writeUnlessStalled(out, 'x'.repeat(500))).toBe(true);
    expect(out.destroyed).toBe(false);
  });
});

it('counts places per address against the cap', () => {
  const live = new LiveConnections(2);
  expect([live.open('a'), live.open('a'), live.open('a'), live.open('b')]).toEqual([
    true,
    true,
    false,
    true,
  ]);
  live.close('a');
  expect(live.open('a')).toBe(true);
  expect(live.held('a')).toBe(2);
});

describe('on a real server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'citadel-live-limits-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a fourth live connection from one address with a cap of three', async () => {
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: dir,
      webRoot: null,
      livePerAddress: 3,
    });
    const stops: AbortController[] = [];
    try {
      const game = (
        await api(server.url).post<CreateGameResponse>('/api/games', { variant: 'chess' })
      ).body;
      const streamUrl = `${server.url}api/games/${game.id}/stream`;
      const openStream = async (): Promise<number> => {
        const stop = new AbortController();
        stops.push(stop);
        return (await fetch(streamUrl, { signal: stop.signal })).status;
      };
      expect([await openStream(), await openStream()]).toEqual([200, 200]);
      const socket = new SocketClient(
        `${server.url.replace(/^http/, 'ws')}api/games/${game.id}/socket`,
      );
      await socket.next('state');
      expect(await openStream()).toBe(429);
      const refused = new SocketClient(
        `${server.url.replace(/^http/, 'ws')}api/games/${game.id}/socket`,
      );
      expect(await refused.next('error')).toMatchObject({ status: 429 });
      // A place comes back when a stream closes.
      stops[0]!.abort();
      await vi.waitFor(async () => expect(await openStream()).toBe(200), { timeout: 5_000 });
      socket.ws.close();
    } finally {
      for (const stop of stops) stop.abort();
      await server.close();
    }
  });
});
