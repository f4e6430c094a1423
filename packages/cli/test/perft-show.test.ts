/** `citadel perft` and `citadel show` as a user runs them: counts, divide, errors with exit code 2. */
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.ts';

describe('citadel perft', () => {
  it('ends with "Nodes searched: N" and reports time and speed on stderr', () => {
    const r = runCli(['perft', 'tamerlane', '3']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('Nodes searched: 14518');
    expect(r.stderr).toMatch(/nodes\/s/);
  });

  it('divides per root move, with the array and rule options and played moves', () => {
    const r = runCli(['perft', 'tamerlane', '2', '--array', 'feminine', '--divide']);
    const lines = r.stdout.trim().split('\n');
    expect(lines.filter((l) => /^[a-m]\d+[a-m]\d+: \d+$/.test(l))).toHaveLength(24);
    expect(lines.at(-1)).toBe('Nodes searched: 576');
    const omega = runCli(['perft', 'persian-omega', '3', '--rule', 'omega-rendezvous=off']);
    expect(omega.stdout).toContain('Nodes searched: 17396');
    const moved = runCli(['perft', 'chess', '1', '--moves', 'e2e4,e7e5']);
    expect(moved.stdout).toContain('Nodes searched: 29');
  });

  it('starts from a FEN', () => {
    const fen = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
    expect(runCli(['perft', 'chess', '2', '--fen', fen]).stdout).toContain('Nodes searched: 2039');
  });

  it('rejects an unknown variant, a bad FEN, an illegal move and a bad switch with exit code 2', () => {
    for (const [args, message] of [
      [['perft', 'tamerlan', '2'], /unknown variant 'tamerlan'/],
      [['perft', 'chess', '2', '--fen', '8/8 w'], /board has 2 ranks/],
      [['perft', 'chess', '2', '--moves', 'e2e5'], /illegal move e2e5/],
      [['perft', 'husun', '2', '--rule', 'omega-rendezvous=off'], /unknown rule switch/],
      [['perft', 'husun', 'x'], /depth must be a whole number/],
    ] as const) {
      const r = runCli([...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});

describe('citadel show', () => {
  it('draws holes and citadels, lists the special rights and the legal moves in SAN', () => {
    const r = runCli(['show', 'tamerlane']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('citadels: m2 (White), a9 (Black)');
    expect(r.stdout).toMatch(/ 9 \[\.\]/);
    expect(r.stdout).toContain('king swap available: White yes, Black yes');
    expect(r.stdout).toMatch(/Legal moves \(24\):/);
  });

  it('says when the game is over and why', () => {
    const r = runCli(['show', 'chess', '--moves', 'f3,e5,g4,Qh4']);
    expect(r.stdout).toContain('Game over: checkmate: Black wins');
  });
});
