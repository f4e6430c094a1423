/**
 * The bot's pure parts: the `go` command from the server's clocks, `--clock`, the answer to a draw
 * offer (the stream's lines are read by @citadel/protocol's client, tested there).
 */
import { describe, expect, it } from 'vitest';
import { goCommand } from '../src/bot/bot-engine.ts';
import { drawAnswer } from '../src/bot/bot-offers.ts';
import { parseClock } from '../src/commands/bot.ts';

describe('goCommand', () => {
  const live = { clock: { initial: 300, increment: 3 } };
  it('passes both clocks and increments, the running one less the time since the reading', () => {
    const clocks = { white: 200_000, black: 150_000, running: 'black' as const };
    const { go, budgetMs } = goCommand(live, clocks, 1200, 1000);
    expect(go).toBe('go wtime 200000 btime 148800 winc 3000 binc 3000');
    expect(budgetMs).toBe(148_800 + 3000);
  });
  it('never passes a negative time', () => {
    const clocks = { white: 500, black: 9000, running: 'white' as const };
    expect(goCommand(live, clocks, 2000, 1000).go).toBe(
      'go wtime 0 btime 9000 winc 3000 binc 3000',
    );
  });
  it('uses the fixed move time without a live clock', () => {
    expect(goCommand({ clock: { daysPerMove: 3 } }, undefined, 0, 700)).toEqual({
      go: 'go movetime 700',
      budgetMs: 700,
    });
    expect(goCommand({ clock: null }, undefined, 0, 50).go).toBe('go movetime 50');
  });
});

describe('parseClock', () => {
  it('reads minutes+increment, days and none', () => {
    expect(parseClock('5+3')).toEqual({ initial: 300, increment: 3 });
    expect(parseClock('0.5+0')).toEqual({ initial: 30, increment: 0 });
    expect(parseClock('3d')).toEqual({ daysPerMove: 3 });
    expect(parseClock('none')).toBeUndefined();
  });
  it('refuses anything else with the expected forms', () => {
    expect(() => parseClock('5 minutes')).toThrow(/minutes\+increment/);
  });
});

describe('drawAnswer', () => {
  it('accepts while the engine says the bot is not better, declines otherwise', () => {
    expect(drawAnswer({ kind: 'cp', value: -30 })).toBe('accept');
    expect(drawAnswer({ kind: 'cp', value: 0 })).toBe('accept');
    expect(drawAnswer({ kind: 'cp', value: 1 })).toBe('decline');
    expect(drawAnswer({ kind: 'mate', value: -3 })).toBe('accept');
    expect(drawAnswer({ kind: 'mate', value: 2 })).toBe('decline');
  });
  it('declines without an evaluation', () => {
    expect(drawAnswer(undefined)).toBe('decline');
  });
});
