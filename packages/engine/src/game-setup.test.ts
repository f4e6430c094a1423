import { describe, expect, it } from 'vitest';
import { Engine } from './engine.ts';
import { GameCache, setUpGame, type GameSpec } from './game-setup.ts';

/** A short tamerlane game in move text, played by the engine itself (so every move is legal). */
function playedGame(plies: number): string[] {
  const engine = new Engine({ hashMb: 1 });
  const moves: string[] = [];
  for (let i = 0; i < plies; i++) {
    const r = engine.go({ variant: 'tamerlane', moves }, { depth: 1 }, { now: () => 0 });
    if (!r.ok || !r.value.bestMove) break;
    moves.push(r.value.bestMove);
  }
  return moves;
}

function fenOf(cache: GameCache, game: GameSpec): string {
  const r = cache.get(game);
  if (!r.ok) throw new Error(r.error);
  return r.value.fen();
}

describe('GameCache', () => {
  const moves = playedGame(12);

  it('sets up the same position as a full replay, growing, shrinking and changing games', () => {
    const cache = new GameCache();
    const requests: GameSpec[] = [
      { variant: 'tamerlane', moves: moves.slice(0, 4) },
      { variant: 'tamerlane', moves: moves.slice(0, 6) },
      { variant: 'tamerlane', moves: moves.slice(0, 6) },
      { variant: 'tamerlane', moves: moves.slice(0, 12) },
      { variant: 'tamerlane', moves: moves.slice(0, 3) },
      { variant: 'tamerlane', array: 'feminine', moves: [] },
      { variant: 'husun', moves: [] },
      { variant: 'tamerlane', moves: moves.slice(0, 8) },
    ];
    for (const game of requests) {
      const fresh = setUpGame(game);
      if (!fresh.ok) throw new Error(fresh.error);
      expect(fenOf(cache, game)).toBe(fresh.value.fen());
      const again = cache.get(game);
      expect(again.ok && again.value.fen()).toBe(fresh.value.fen());
    }
  });

  it('plays only the added moves on the position it returned before', () => {
    const cache = new GameCache();
    const first = cache.get({ variant: 'tamerlane', moves: moves.slice(0, 4) });
    const later = cache.get({ variant: 'tamerlane', moves: moves.slice(0, 10) });
    expect(first.ok && later.ok && first.value === later.value).toBe(true);
    const other = cache.get({ variant: 'tamerlane', moves: moves.slice(0, 2) });
    expect(other.ok && later.ok && other.value !== later.value).toBe(true);
  });

  it('rejects an illegal added move with the full replay error, then sets up games as before', () => {
    const cache = new GameCache();
    cache.get({ variant: 'tamerlane', moves: moves.slice(0, 4) });
    const bad = { variant: 'tamerlane', moves: [...moves.slice(0, 4), 'a1a9'] };
    const r = cache.get(bad);
    const replay = setUpGame(bad);
    expect(r.ok).toBe(false);
    expect(replay.ok).toBe(false);
    if (!r.ok && !replay.ok) expect(r.error).toBe(replay.error);
    const game = { variant: 'tamerlane', moves: moves.slice(0, 6) };
    const fresh = setUpGame(game);
    expect(fresh.ok && fenOf(cache, game) === fresh.value.fen()).toBe(true);
  });
});
