/**
 * MultiPV reports as GUIs read them: the lines of each reported depth have distinct first moves
 * and come best first, and line 1 of the last depth reported is the move played.
 */
import { sampleSize } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import type { Position } from '@citadel/core';
import { forEachRandomPosition } from '../test/random-positions.ts';
import { Engine, type EngineInfo, type GoLimits, type GameSpec } from './engine.ts';
import type { UciScore } from './score.ts';

const VARIANTS = [
  'chess',
  'husun',
  'tamerlane',
  'tamerlane-full',
  'persian-celtic',
  'persian-princess',
  'husun10',
  'tamerlane11',
];

/** A score as a number that sorts: mates beyond every centipawn score, sooner mates further out. */
function rank(s: UciScore): number {
  if (s.type === 'cp') return s.value;
  return s.value > 0 ? 1_000_000 - s.value : -1_000_000 - s.value;
}

/** Searches with MultiPV 3 and checks every reported depth and the answer; returns the depths seen. */
function checkMultiPv(game: GameSpec, limits: GoLimits): number {
  const infos: EngineInfo[] = [];
  const engine = new Engine({ hashMb: 8, multiPv: 3 });
  const r = engine.go(game, limits, {
    now: () => performance.now(),
    onInfo: (info) => infos.push(info),
  });
  if (!r.ok) throw new Error(r.error);
  const result = r.value;
  const byDepth = new Map<number, EngineInfo[]>();
  for (const info of infos) byDepth.set(info.depth, [...(byDepth.get(info.depth) ?? []), info]);
  for (const [depth, lines] of byDepth) {
    const where = `${game.variant} ${game.fen ?? 'start'} depth ${depth}`;
    expect(
      lines.map((l) => l.multiPv),
      where,
    ).toEqual(lines.map((_, i) => i + 1));
    const firsts = lines.map((l) => l.pv[0]);
    expect(new Set(firsts).size, where).toBe(lines.length);
    const ranks = lines.map((l) => rank(l.score));
    expect(ranks, where).toEqual([...ranks].sort((a, b) => b - a));
  }
  const last = infos.filter((i) => i.depth === infos[infos.length - 1]!.depth);
  expect(last.length).toBeGreaterThan(0);
  expect(result.bestMove).toBe(last[0]!.pv[0]);
  expect(result.lines[0]!.move).toBe(result.bestMove);
  expect(new Set(result.lines.map((l) => l.move)).size).toBe(result.lines.length);
  return byDepth.size;
}

/** Positions from seeded random games of `variant` with at least three legal moves. */
function positions(variant: string, count: number): GameSpec[] {
  const found: GameSpec[] = [];
  forEachRandomPosition(variant, { seed: 7, games: 2, plies: 24 }, (pos: Position) => {
    if (pos.outcome() === null && pos.legalCodes().length >= 3 && pos.history().length % 6 === 0)
      found.push({ variant, fen: pos.fen() });
  });
  return found.slice(0, count);
}

describe('MultiPV', () => {
  it('chess after 1.e4 e5 2.Nf3 Nc6: depth 7 lines are sorted and line 1 is the best move', () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
    expect(checkMultiPv({ variant: 'chess', fen }, { depth: 7 })).toBe(7);
  });

  it.each(VARIANTS)('%s: depth- and node-limited searches of random positions', (variant) => {
    const count = sampleSize(2, 4);
    const games = positions(variant, count);
    expect(games.length).toBe(count);
    games.forEach((game, i) => {
      // Node limits stop the search inside an iteration (every 2,048 nodes are checked).
      checkMultiPv(game, i % 2 === 0 ? { depth: 4 } : { nodes: 4_000 + 2_000 * i });
    });
  });
});
