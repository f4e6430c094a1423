/**
 * `citadel uci` driven the way GUIs and match runners drive it: `go` then `stop` at once (the
 * "move now" button), a `go` during a search, `isready` during `go perft`, the end of input
 * mid-search, `setoption Hash` then a short clock, draws that are only claims. Every answer is
 * checked: each `go` gets exactly one `bestmove`, and it names a legal move while the game goes
 * on. CITADEL_DEEP=1 runs the larger samples.
 */
import { readFileSync } from 'node:fs';
import { DEEP } from '@citadel/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Position } from '@citadel/core';
import { CliProcess } from './helpers.ts';

const running: CliProcess[] = [];
function uci(): CliProcess {
  const p = new CliProcess(['uci']);
  running.push(p);
  return p;
}
afterEach(() => {
  for (const p of running.splice(0)) p.kill();
});

/** The legal moves (move text) after `moves` from the start position or a FEN. */
function legalAfter(variant: string, moves: readonly string[], fen?: string): string[] {
  const p = fen ? Position.fromFen(variant, fen) : Position.start(variant);
  if (!p.ok) throw new Error(p.error);
  for (const m of moves) {
    const r = p.value.play(m);
    if (!r.ok) throw new Error(r.error);
  }
  return p.value.legalMoves().map((m) => m.text);
}

/** A game of `plies` moves, each the first legal move whose text sorts last (varied, legal). */
function line(variant: string, plies: number): string[] {
  const p = Position.start(variant);
  if (!p.ok) throw new Error(p.error);
  const out: string[] = [];
  for (let i = 0; i < plies && !p.value.outcome(); i++) {
    const legal = p.value.legalMoves().map((m) => m.text);
    const pick = legal.sort()[(i * 7) % legal.length]!;
    p.value.play(pick);
    out.push(pick);
  }
  return out;
}

const bestMoves = (lines: readonly string[]): string[] =>
  lines.filter((l) => l.startsWith('bestmove ')).map((l) => l.split(' ')[1]!);

const elapsed = (t0: number): number => performance.now() - t0;

describe('citadel uci under GUI timing', () => {
  const variants = DEEP
    ? ['chess', 'tamerlane', 'husun', 'persian-omega', 'shatranj', 'tamerlane-full']
    : ['chess', 'tamerlane'];

  it.each(variants)(
    'answers back-to-back go/stop pairs in %s with legal moves (50 in chess)',
    async (v) => {
      const pairs = v === 'chess' || DEEP ? 50 : 15;
      const game = line(v, pairs);
      const e = uci();
      const commands = [`setoption name UCI_Variant value ${v}`];
      const expected: string[][] = [];
      for (let i = 0; i < pairs; i++) {
        const moves = game.slice(0, i % (game.length + 1));
        commands.push(
          `position startpos${moves.length ? ` moves ${moves.join(' ')}` : ''}`,
          i % 2 ? 'go infinite' : 'go movetime 5000',
          'stop',
        );
        expected.push(legalAfter(v, moves));
      }
      e.send(...commands, 'isready');
      await e.waitFor(() => bestMoves(e.lines).length === pairs && e.lines.includes('readyok'));
      const answers = bestMoves(e.lines);
      expect(answers).toHaveLength(pairs);
      answers.forEach((m, i) => expect(expected[i], `pair ${i + 1}`).toContain(m));
      expect(await e.quit()).toBe(0);
    },
  );

  it('answers every go sent during a search, in order, and stop ends the running one', async () => {
    const e = uci();
    e.send('setoption name UCI_Variant value tamerlane', 'position startpos', 'go infinite');
    await e.waitFor(/^info depth 1 /);
    // The second go waits for the first search, which the stop then ends.
    e.send('go depth 2', 'position startpos moves f3f4', 'go depth 1', 'stop');
    await e.waitFor(() => bestMoves(e.lines).length === 3);
    const [first, second, third] = bestMoves(e.lines);
    expect(legalAfter('tamerlane', [])).toContain(first);
    expect(legalAfter('tamerlane', [])).toContain(second);
    expect(legalAfter('tamerlane', ['f3f4'])).toContain(third);
    // Two bounded searches sent back to back both finish.
    e.send('position startpos', 'go depth 3', 'go depth 2', 'isready');
    const more = await e.waitFor(() => bestMoves(e.lines).length === 5);
    expect(
      bestMoves(more)
        .slice(-2)
        .every((m) => legalAfter('tamerlane', []).includes(m)),
    ).toBe(true);
    expect(await e.quit()).toBe(0);
  });

  it('runs go perft off the protocol thread: isready at once, stop and quit end it', async () => {
    const e = uci();
    e.send('setoption name UCI_Variant value tamerlane', 'position startpos', 'go perft 7');
    const t0 = performance.now();
    e.send('isready');
    await e.waitFor(/^readyok$/);
    expect(elapsed(t0)).toBeLessThan(3000);
    e.send('stop');
    await e.waitFor(/^info string go perft stopped/);
    // The session is usable at once; a small count still completes.
    e.send('go perft 2');
    const counted = await e.waitFor(/^Nodes searched: /);
    expect(counted.at(-1)).toBe('Nodes searched: 576');
    e.send('go perft 8');
    const t1 = performance.now();
    expect(await e.quit()).toBe(0);
    expect(elapsed(t1)).toBeLessThan(3000);
    expect(e.lines.filter((l) => l.startsWith('Nodes searched: '))).toHaveLength(1);
  });

  it.each(['go depth 1000', 'go nodes 999999999999', ...(DEEP ? ['go infinite'] : [])])(
    'quits at the end of input during "%s", answering the search first',
    async (go) => {
      const e = uci();
      e.send('setoption name UCI_Variant value husun', 'position startpos moves e3e4', go);
      await e.waitFor(/^info depth 2 /);
      const t0 = performance.now();
      e.child.stdin.end();
      expect(await e.exited).toBe(0);
      expect(elapsed(t0)).toBeLessThan(3000);
      const answers = bestMoves(e.lines);
      expect(answers).toHaveLength(1);
      expect(legalAfter('husun', ['e3e4'])).toContain(answers[0]);
    },
  );

  it('answers the go commands still waiting when the input ends', async () => {
    const e = uci();
    e.send('position startpos', 'go depth 1000', 'position startpos moves e2e4', 'go depth 1000');
    await e.waitFor(/^info depth 1 /);
    e.child.stdin.end();
    expect(await e.exited).toBe(0);
    const answers = bestMoves(e.lines);
    expect(answers).toHaveLength(2);
    expect(legalAfter('chess', [])).toContain(answers[0]);
    expect(legalAfter('chess', ['e2e4'])).toContain(answers[1]);
  });

  it('starts a go at once after setoption Hash, and keeps a short clock', async () => {
    const e = uci();
    e.send(
      'setoption name UCI_Variant value tamerlane',
      'setoption name Hash value 256',
      'isready',
    );
    await e.waitFor(/^readyok$/);
    // The tables are built before readyok: the go starts at once.
    let t0 = performance.now();
    e.send('position startpos', 'go movetime 50');
    let lines = await e.waitFor(/^bestmove /);
    expect(elapsed(t0)).toBeLessThan(1000);
    expect(legalAfter('tamerlane', [])).toContain(bestMoves(lines)[0]);
    e.send('setoption name Hash value 64');
    t0 = performance.now();
    e.send('position startpos moves f3f4', 'go wtime 1000 btime 1000');
    lines = await e.waitFor(/^bestmove /);
    expect(elapsed(t0)).toBeLessThan(1000);
    expect(legalAfter('tamerlane', ['f3f4'])).toContain(bestMoves(lines)[0]);
    expect(await e.quit()).toBe(0);
  });

  it('gives back the memory of a large table when Hash is set small again', async () => {
    const rss = (pid: number): number => {
      const status = readStatus(pid);
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
    };
    const e = uci();
    // ucinewgame clears the table, so every page of it is in memory.
    e.send('setoption name Hash value 256', 'isready', 'ucinewgame', 'isready');
    await e.waitFor(/^readyok$/);
    await e.waitFor(/^readyok$/);
    e.send('go depth 1');
    await e.waitFor(/^bestmove /);
    expect(rss(e.child.pid!)).toBeGreaterThan(300);
    e.send('setoption name Hash value 1', 'isready');
    await e.waitFor(/^readyok$/);
    const deadline = Date.now() + 5000;
    while (rss(e.child.pid!) > 200 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(rss(e.child.pid!)).toBeLessThan(200);
    expect(await e.quit()).toBe(0);
  });

  it('offers Array values without the keyword default, and still accepts that spelling', async () => {
    const e = uci();
    e.send('uci');
    const lines = await e.waitFor(/^uciok$/);
    expect(lines).toContain(
      'option name Array type combo default standard var standard var masculine var feminine',
    );
    expect(lines.find((l) => l.startsWith('option name UCI_Variant '))).not.toMatch(/-rect/);
    e.send(
      'setoption name Array value default',
      'setoption name UCI_Variant value tamerlane-rect',
      'isready',
    );
    const answers = await e.waitFor(/^readyok$/);
    expect(answers.filter((l) => l.startsWith('info string'))).toEqual([
      expect.stringMatching(/option UCI_Variant takes one of .*not 'tamerlane-rect'/),
    ]);
    expect(await e.quit()).toBe(0);
  });

  const REPEAT = ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1', 'f6g8'];
  it.each([
    ['chess', 'threefold repetition', [...REPEAT], undefined],
    ['chess', 'a move played past an unclaimed repetition', [...REPEAT, 'e2e4'], undefined],
    ['chess', 'the 50-move rule', [], '8/8/8/4k3/8/8/4K3/4R3 w - - 100 80'],
    ['persian-celtic', 'the 50-move rule', [], undefined],
    ['shatranj', 'threefold repetition', [...REPEAT], undefined],
  ] as const)('names a move in %s after %s (a draw only claimed)', async (v, _, moves, fen) => {
    const e = uci();
    const start = fen ?? (v === 'persian-celtic' ? fiftyMovePersian() : undefined);
    e.send(
      `setoption name UCI_Variant value ${v}`,
      `position ${start ? `fen ${start}` : 'startpos'}${moves.length ? ` moves ${moves.join(' ')}` : ''}`,
      'go depth 3',
    );
    const lines = await e.waitFor(/^bestmove /);
    expect(lines.filter((l) => l.startsWith('info string'))).toEqual([]);
    expect(legalAfter(v, moves, start)).toContain(bestMoves(lines)[0]);
    expect(await e.quit()).toBe(0);
  });

  it.each([
    ['chess', 'a bare-kings draw', '8/8/8/4k3/8/8/4K3/8 w - - 0 1', []],
    ['tamerlane', 'a repetition under the house rule', undefined, shuffle('tamerlane')],
  ] as const)(
    'answers bestmove (none) in %s after %s (the game is over)',
    async (v, _, fen, moves) => {
      const e = uci();
      const twice = [...moves, ...moves];
      e.send(
        `setoption name UCI_Variant value ${v}`,
        'setoption name repetition value true',
        `position ${fen ? `fen ${fen}` : 'startpos'}${twice.length ? ` moves ${twice.join(' ')}` : ''}`,
        'go depth 3',
      );
      const lines = await e.waitFor(/^bestmove /);
      expect(lines.at(-1)).toBe('bestmove (none)');
      expect(lines.some((l) => /^info string game over: /.test(l))).toBe(true);
      expect(await e.quit()).toBe(0);
    },
  );
});

/** A Persian Chess position with 100 half-moves since the last capture or pawn move. */
function fiftyMovePersian(): string {
  const p = Position.start('persian-celtic');
  if (!p.ok) throw new Error(p.error);
  const fields = p.value.fen().split(' ');
  fields[fields.length - 2] = '100';
  return fields.join(' ');
}

/** The process's memory status (Linux). */
function readStatus(pid: number): string {
  return readFileSync(`/proc/${pid}/status`, 'utf8');
}

/** Four plies that bring the start position back: a White move and back, a Black one and back. */
function shuffle(variant: string): string[] {
  const p = Position.start(variant);
  if (!p.ok) throw new Error(p.error);
  const pos = p.value;
  const back = (m: { from: string; to: string }): string => `${m.to}${m.from}`;
  for (const w of pos.legalMoves()) {
    pos.play(w.text);
    for (const b of pos.legalMoves()) {
      pos.play(b.text);
      const ok1 = pos.play(back(w)).ok;
      const ok2 = ok1 && pos.play(back(b)).ok;
      if (ok2) {
        for (let i = 0; i < 4; i++) pos.undo();
        return [w.text, b.text, back(w), back(b)];
      }
      if (ok1) pos.undo();
      pos.undo();
    }
    pos.undo();
  }
  throw new Error(`no shuffle in ${variant}`);
}
