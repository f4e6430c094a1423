/** `citadel uci` spoken to as a GUI would: handshake, positions, searches, stop, perft, bad input. */
import { afterEach, describe, expect, it } from 'vitest';
import { Position, VARIANT_IDS } from '@citadel/core';
import { CliProcess } from './helpers.ts';
import { fenFrom } from '@citadel/core/testing';

const running: CliProcess[] = [];
function uci(): CliProcess {
  const p = new CliProcess(['uci']);
  running.push(p);
  return p;
}
afterEach(() => {
  for (const p of running.splice(0)) p.kill();
});

/** The legal moves (move text) of a variant's start position after `moves`. */
function legalAfter(variant: string, moves: readonly string[]): string[] {
  const p = Position.start(variant);
  if (!p.ok) throw new Error(p.error);
  for (const m of moves) {
    const r = p.value.play(m);
    if (!r.ok) throw new Error(r.error);
  }
  return p.value.legalMoves().map((m) => m.text);
}

const bestMoveOf = (line: string): string => line.split(' ')[1]!;

describe('citadel uci', () => {
  it('answers the handshake with every variant and the options', async () => {
    const e = uci();
    e.send('uci');
    const lines = await e.waitFor(/^uciok$/);
    expect(lines).toContain('id name Citadel 0.1');
    expect(lines).toContain('id author Citadel developers');
    const variant = lines.find((l) => l.startsWith('option name UCI_Variant '))!;
    expect(variant).toMatch(/type combo default chess/);
    for (const id of VARIANT_IDS) expect(variant.split(' ')).toContain(id);
    for (const name of [
      'Array',
      'repetition',
      'pawn-of-pawns-occupied',
      'citadel-claim-or-swap',
      'omega-rendezvous',
      'Hash',
      'Threads',
      'MultiPV',
      'Skill Level',
      'Move Overhead',
      'Contempt',
    ])
      expect(lines.some((l) => l.startsWith(`option name ${name} type `))).toBe(true);
    expect(lines).toContain('option name Threads type spin default 1 min 1 max 16');
    e.send('isready');
    await e.waitFor(/^readyok$/);
    expect(await e.quit()).toBe(0);
  });

  it.each([
    ['tamerlane', ['f4', 'f7']],
    ['husun', ['e4']],
    ['persian-princess', []],
  ] as const)('finds a legal bestmove at depth 4 in %s', async (variant, moves) => {
    const e = uci();
    e.send(
      'uci',
      `setoption name UCI_Variant value ${variant}`,
      'ucinewgame',
      `position startpos${moves.length ? ` moves ${moves.join(' ')}` : ''}`,
      'go depth 4',
    );
    const lines = await e.waitFor(/^bestmove /);
    const info = lines.filter((l) => l.startsWith('info depth '));
    expect(info.length).toBeGreaterThan(0);
    expect(info.at(-1)).toMatch(
      /^info depth 4 seldepth \d+ multipv 1 score (cp|mate) -?\d+ nodes \d+ nps \d+ hashfull \d+ time \d+ pv \S+/,
    );
    const best = lines.at(-1)!;
    expect(best).toMatch(/^bestmove \S+( ponder \S+)?$/);
    expect(legalAfter(variant, moves)).toContain(bestMoveOf(best));
    expect(await e.quit()).toBe(0);
  });

  it('answers isready during a search and stops go infinite at once', async () => {
    const e = uci();
    e.send('setoption name UCI_Variant value tamerlane', 'position startpos', 'go infinite');
    await e.waitFor(/^info depth 2 /);
    e.send('isready');
    const before = await e.waitFor(/^(readyok|bestmove .*)$/);
    expect(before.at(-1)).toBe('readyok');
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    e.send('stop');
    const lines = await e.waitFor(/^bestmove /, 5000);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(legalAfter('tamerlane', [])).toContain(bestMoveOf(lines.at(-1)!));
    // A go sent right after stop is served once the stopped search has answered.
    e.send('go infinite');
    e.send('stop', 'position startpos moves f4', 'go depth 2');
    await e.waitFor(/^bestmove /);
    const second = await e.waitFor(/^bestmove /);
    expect(legalAfter('tamerlane', ['f4'])).toContain(bestMoveOf(second.at(-1)!));
    expect(await e.quit()).toBe(0);
  });

  it('prints go perft divide lines and the tamerlane perft 3 count', async () => {
    const e = uci();
    e.send('setoption name UCI_Variant value tamerlane', 'position startpos', 'go perft 3');
    const lines = await e.waitFor(/^Nodes searched: /);
    expect(lines.at(-1)).toBe('Nodes searched: 14518');
    expect(lines.filter((l) => /^[a-m]\d+[a-m]\d+: \d+$/.test(l))).toHaveLength(24);
    expect(await e.quit()).toBe(0);
  });

  it('answers bad input with info string and keeps working', async () => {
    const e = uci();
    e.send(
      'foo bar',
      'setoption name Hash value lots',
      'setoption name UCI_Variant value go',
      'setoption name Nonsense value 3',
      'setoption name Threads value 99',
      'go depth x',
      'go sideways',
      'position fen this is not a fen',
      'position somewhere',
      'position startpos moves e2e4',
      'position startpos moves e7e5 e2e4',
      'go searchmoves a1a8',
      'isready',
    );
    const lines = await e.waitFor(/^readyok$/);
    const infos = lines.filter((l) => l.startsWith('info string '));
    expect(infos).toHaveLength(11);
    expect(infos[0]).toMatch(/unknown command 'foo bar'/);
    expect(infos[9]).toMatch(/illegal move e7e5: the piece on e7 is black.s; position unchanged/);
    // The illegal move list left the position after e2e4.
    e.send('d');
    const d = await e.waitFor(/^Side to move: /);
    expect(
      d.some((l) => l.startsWith('Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b')),
    ).toBe(true);
    e.send('eval');
    await e.waitFor(/^Final evaluation: [+-]\d+\.\d\d \(white side\)/);
    e.send('go depth 3');
    const best = await e.waitFor(/^bestmove /);
    expect(legalAfter('chess', ['e2e4'])).toContain(bestMoveOf(best.at(-1)!));
    expect(await e.quit()).toBe(0);
  });

  it('answers bestmove (none) when the game is over', async () => {
    const e = uci();
    e.send('position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1', 'go depth 3');
    const lines = await e.waitFor(/^bestmove /);
    expect(lines.at(-1)).toBe('bestmove (none)');
    expect(await e.quit()).toBe(0);
  });

  it('searches with two threads (Lazy SMP) and with MultiPV', async () => {
    const e = uci();
    e.send(
      'setoption name Threads value 2',
      'setoption name Hash value 8',
      'setoption name UCI_Variant value persian-omega',
      'position startpos moves e4',
      'go depth 5',
    );
    const lines = await e.waitFor(/^bestmove /);
    expect(lines.some((l) => l.startsWith('info depth 5 '))).toBe(true);
    expect(legalAfter('persian-omega', ['e4'])).toContain(bestMoveOf(lines.at(-1)!));
    e.send('setoption name MultiPV value 3', 'go movetime 300');
    const multi = await e.waitFor(/^bestmove /);
    expect(multi.some((l) => / multipv 3 /.test(l))).toBe(true);
    expect(legalAfter('persian-omega', ['e4'])).toContain(bestMoveOf(multi.at(-1)!));
    expect(await e.quit()).toBe(0);
  });

  it('scores a draw at minus Contempt for the engine, in every thread', async () => {
    // Tamerlane: the lone White King, behind, runs into Black's citadel a9 for the draw.
    const fen = fenFrom('tamerlane', { b9: 'K', l10: 'k', f5: 'r', g5: 'r', h5: 'n' }, 'w', '-');
    const e = uci();
    e.send(
      'setoption name UCI_Variant value tamerlane',
      'setoption name Threads value 2',
      'setoption name Contempt value 30',
      `position fen ${fen}`,
      'go depth 3',
    );
    const lines = await e.waitFor(/^bestmove /);
    expect(lines.filter((l) => l.startsWith('info depth 3 ')).at(-1)).toMatch(/ score cp -30 /);
    expect(bestMoveOf(lines.at(-1)!)).toBe('b9a9');
    e.send('setoption name Contempt value 0', 'go depth 3');
    const even = await e.waitFor(/^bestmove /);
    expect(even.filter((l) => l.startsWith('info depth 3 ')).at(-1)).toMatch(/ score cp 0 /);
    expect(await e.quit()).toBe(0);
  });

  it('plays with a clock and answers its search when the input ends', async () => {
    const e = uci();
    e.send(
      'setoption name UCI_Variant value shatranj',
      'position startpos',
      'go wtime 2000 btime 2000 winc 10 binc 10',
    );
    e.child.stdin.end();
    const lines = await e.waitFor(/^bestmove /);
    expect(legalAfter('shatranj', [])).toContain(bestMoveOf(lines.at(-1)!));
    expect(await e.exited).toBe(0);
  });
});
