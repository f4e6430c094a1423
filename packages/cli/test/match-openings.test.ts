import { describe, expect, it } from 'vitest';
import { Position } from '@citadel/core';
import {
  openingPosition,
  parseOpeningLine,
  parseOpenings,
  randomOpening,
} from '../src/match/openings.ts';
import { Clock, goCommand, parseTimeControl, timeControlTag } from '../src/match/time-control.ts';

const husun10 = { variant: 'husun10', options: {} };
const chess = { variant: 'chess', options: {} };

describe('opening lines', () => {
  it('reads a move list (move text or SAN, move numbers dropped) as move text', () => {
    const r = parseOpeningLine(chess, '1. e4 e5 2.Nf3 g8f6', 'x:1');
    expect(r?.ok && r.value).toEqual({ moves: ['e2e4', 'e7e5', 'g1f3', 'g8f6'], source: 'x:1' });
  });

  it('reads a FEN, a FEN with moves, fen/startpos forms, and skips blanks and comments', () => {
    const fen = 'rnedkfdenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEDKFDENR b - - 0 1';
    const a = parseOpeningLine(husun10, fen, 'f:1');
    expect(a?.ok && a.value).toEqual({ fen, moves: [], source: 'f:1' });
    const b = parseOpeningLine(husun10, `${fen} moves a9a8 a2a3`, 'f:2');
    expect(b?.ok && b.value.moves).toEqual(['a9a8', 'a2a3']);
    expect(b?.ok && b.value.fen).toBe(fen);
    const c = parseOpeningLine(husun10, `position fen ${fen} moves a9a8`, 'f:3');
    expect(c?.ok && c.value.fen).toBe(fen);
    const d = parseOpeningLine(husun10, 'startpos moves a2a3 a9a8', 'f:4');
    expect(d?.ok && d.value).toEqual({ moves: ['a2a3', 'a9a8'], source: 'f:4' });
    expect(parseOpeningLine(husun10, '   ', 'f:5')).toBeNull();
    expect(parseOpeningLine(husun10, '# a comment', 'f:6')).toBeNull();
  });

  it('rejects illegal moves and bad FENs with the line number', () => {
    const r = parseOpenings(husun10, 'a2a3\na2a3 a2a4\n', 'book.txt');
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/^book\.txt:2: illegal move a2a4/);
    const f = parseOpenings(husun10, 'rnedkfdenr/ppp w - - 0 1', 'book.txt');
    expect(f.error).toMatch(/^book\.txt:1: /);
    expect(parseOpenings(husun10, '\n# nothing\n', 'empty.txt').error).toMatch(/no openings/);
  });

  it('rejects an opening that already ends the game', () => {
    const r = parseOpeningLine(chess, 'f2f3 e7e5 g2g4 d8h4', 'mate:1');
    expect(r?.ok).toBe(false);
    expect(r?.error).toMatch(/already over \(checkmate/);
  });

  it('builds the position of an opening with the moves in its history', () => {
    const r = parseOpenings(husun10, 'a2a3 a9a8 b1c3\n', 'b');
    expect(r.ok).toBe(true);
    const pos = openingPosition(husun10, r.value![0]!);
    expect(pos.ok && pos.value.history().map((m) => m.text)).toEqual(['a2a3', 'a9a8', 'b1c3']);
    expect(pos.ok && pos.value.startedFromArray()).toBe(true);
  });
});

describe('random openings', () => {
  it('are legal, the asked length, reproducible by seed and index, and differ between seeds', () => {
    const a = randomOpening(husun10, 6, 42, 0);
    const again = randomOpening(husun10, 6, 42, 0);
    expect(a.ok && a.value.moves.length).toBe(6);
    expect(again.value).toEqual(a.value);
    const other = [1, 2, 3].map((i) => randomOpening(husun10, 6, 42, i).value!.moves.join(' '));
    const seeds = [1, 2, 3].map((s) => randomOpening(husun10, 6, s, 0).value!.moves.join(' '));
    expect(new Set([a.value!.moves.join(' '), ...other]).size).toBeGreaterThan(1);
    expect(new Set([a.value!.moves.join(' '), ...seeds]).size).toBeGreaterThan(1);
    const pos = Position.start('husun10');
    for (const mv of a.value!.moves) expect(pos.value!.play(mv).ok).toBe(true);
  });
});

describe('time controls', () => {
  it('parses seconds+increment and moves/seconds', () => {
    expect(parseTimeControl('10+0.1')).toEqual({
      kind: 'clock',
      baseMs: 10000,
      incMs: 100,
      moves: 0,
    });
    expect(parseTimeControl('40/60')).toEqual({
      kind: 'clock',
      baseMs: 60000,
      incMs: 0,
      moves: 40,
    });
    expect(typeof parseTimeControl('10m')).toBe('string');
    expect(typeof parseTimeControl('0+1')).toBe('string');
    expect(timeControlTag({ kind: 'clock', baseMs: 10000, incMs: 100, moves: 0 })).toBe('10+0.1');
    expect(timeControlTag({ kind: 'clock', baseMs: 60000, incMs: 0, moves: 40 })).toBe('40/60');
  });

  it('keeps a clock: time used, increment, loss beyond the margin', () => {
    const c = new Clock({ kind: 'clock', baseMs: 1000, incMs: 100, moves: 0 });
    expect(c.charge(300, 50)).toBe(true);
    expect(c.remainingMs).toBe(800);
    expect(c.deadlineMs(50, 0)).toBe(850);
    expect(c.charge(840, 50)).toBe(true); // 40 ms over, within the margin
    expect(c.remainingMs).toBe(100);
    expect(c.charge(200, 50)).toBe(false);
    const m = new Clock({ kind: 'movetime', ms: 100 });
    expect(m.charge(140, 50)).toBe(true);
    expect(m.charge(160, 50)).toBe(false);
  });

  it('writes go commands with both clocks (time odds) and movestogo', () => {
    const w = new Clock({ kind: 'clock', baseMs: 10000, incMs: 100, moves: 0 });
    const b = new Clock({ kind: 'clock', baseMs: 5000, incMs: 50, moves: 0 });
    expect(goCommand(w, b, 'white')).toBe('go wtime 10000 btime 5000 winc 100 binc 50');
    const p = new Clock({ kind: 'clock', baseMs: 60000, incMs: 0, moves: 40 });
    expect(goCommand(p, p, 'black')).toBe('go wtime 60000 btime 60000 movestogo 40');
    const mt = new Clock({ kind: 'movetime', ms: 50 });
    expect(goCommand(mt, mt, 'white')).toBe('go movetime 50');
  });
});
