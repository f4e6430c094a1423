/** The search understands every special rule: mates, stalemate wins, citadel draws, king swap. */
import { describe, expect, it } from 'vitest';
import { Engine, type EngineOptions, type GameSpec } from './engine.ts';
import { fenFrom } from '@citadel/core/testing';

const io = { now: () => performance.now() };

function best(
  game: GameSpec,
  depth: number,
  options: Partial<EngineOptions> = {},
): { move: string | null; score: string } {
  const engine = new Engine({ hashMb: 8, ...options });
  const r = engine.go(game, { depth }, io);
  if (!r.ok) throw new Error(r.error);
  return { move: r.value.bestMove, score: `${r.value.score.type} ${r.value.score.value}` };
}

describe('search', () => {
  it('finds mate in one in chess (scholar) and reports it as mate 1', () => {
    const r = best({ variant: 'chess', moves: ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6'] }, 3);
    expect(r).toEqual({ move: 'h5f7', score: 'mate 1' });
  });

  it('finds a back-rank mate in husun and the move really mates', () => {
    // Black king g11 boxed in by its own pawns; the rooks on b3 and c4 mate on the 11th rank.
    const fen = fenFrom(
      'husun',
      { f2: 'K', b3: 'R', c4: 'R', g11: 'k', f10: 'p', g10: 'p', h10: 'p' },
      'w',
    );
    const r = best({ variant: 'husun', fen }, 5);
    expect(r.score).toBe('mate 1');
    const pos = Engine.setUp({ variant: 'husun', fen, moves: [r.move!] }).value!;
    expect(pos.outcome()).toMatchObject({ winner: 'white', reason: 'checkmate' });
  });

  it('husun10: sees a mate that starts with a checking sacrifice (checks are not pruned as futile)', () => {
    // From a match game (packages/engine/bench/mates-husun10.txt, line 52), White a rook down: the knight
    // checks from d8, the king takes it, and the rook mates on g10. Before checks were exempt
    // from futility pruning the search scored this -4 at depth 6.
    const fen = '4k5/R3p2p2/4p2fpp/1p5n2/2p1N1RP2/4r4D/p9/5K4/10/8r1 w - - 2 85';
    const r = best({ variant: 'husun10', fen }, 6);
    expect(r).toEqual({ move: 'e6d8', score: 'mate 2' });
  });

  it('husun: stalemating the opponent wins, so the engine goes for it', () => {
    // Black king alone by the k11 corner: it can step into its own citadel l12, after which
    // White takes k11 from it without check — stalemate, which White wins.
    const fen = fenFrom('husun', { k11: 'k', i10: 'K', j9: 'F' }, 'w');
    const engine = new Engine({ hashMb: 8 });
    const r = engine.go({ variant: 'husun', fen }, { depth: 4 }, io).value!;
    expect(r.score).toEqual({ type: 'mate', value: 2 });
    const pos = Engine.setUp({ variant: 'husun', fen, moves: r.pv.slice(0, 3) }).value!;
    expect(pos.outcome()).toMatchObject({ winner: 'white', reason: 'stalemate' });
  });

  // White has only the King next to Black's citadel a9; Black has a rook and more.
  const kingBehind = fenFrom(
    'tamerlane',
    { b9: 'K', l10: 'k', f5: 'r', g5: 'r', h5: 'n' },
    'w',
    '-',
  );

  it('tamerlane: a king that is behind runs into the enemy citadel for the draw', () => {
    const r = best({ variant: 'tamerlane', fen: kingBehind }, 3);
    expect(r.move).toBe('b9a9');
    expect(r.score).toBe('cp 0');
  });

  it('contempt: a draw scores −contempt for the side searching, and decides whether it takes one', () => {
    // As above, the lone King behind runs into the citadel: the draw is worth −contempt to it.
    const withContempt = (contempt: number, fen: string) =>
      best({ variant: 'tamerlane', fen }, 3, { contempt });
    expect(withContempt(30, kingBehind)).toEqual({ move: 'b9a9', score: 'cp -30' });
    // Even material (a rook each): the citadel draw is taken when a draw is worth more than an
    // even position (negative contempt) and refused when it is worth less.
    const even = fenFrom('tamerlane', { b9: 'K', c2: 'R', l10: 'k', f5: 'r' }, 'w', '-');
    expect(withContempt(-200, even).move).toBe('b9a9');
    expect(withContempt(200, even).move).not.toBe('b9a9');
  });

  it('tamerlane: uses the king swap to escape a mate', () => {
    // The King g1 is in check from the rook on g9 with every flight covered; the swap with the
    // knight on b2 saves it.
    const fen = fenFrom(
      'tamerlane',
      { g1: 'K', b2: 'N', f5: 'r', h5: 'r', g9: 'r', l10: 'k' },
      'w',
      'S',
    );
    const r = best({ variant: 'tamerlane', fen }, 2);
    expect(r.move).toBe('g1b2');
  });

  it('persian-eye: searches the start position to depth 5 with a legal move', () => {
    const r = best({ variant: 'persian-eye' }, 5);
    expect(r.move).toMatch(/^[a-k]\d+[a-k]\d+$/);
  });

  it('is deterministic for a fixed depth: same best move and node count twice', () => {
    const a = new Engine({ hashMb: 4 }).go({ variant: 'tamerlane' }, { depth: 5 }, io);
    const b = new Engine({ hashMb: 4 }).go({ variant: 'tamerlane' }, { depth: 5 }, io);
    expect(a.ok && b.ok).toBe(true);
    expect(a.value!.nodes).toBe(b.value!.nodes);
    expect(a.value!.bestMove).toBe(b.value!.bestMove);
  });

  it('a new game forgets what the last one learnt (table, histories, correction history)', () => {
    // The second search of the same game would reuse the table, the move-ordering statistics and
    // the evaluation corrections learnt by the first; after newGame it repeats the first exactly.
    const engine = new Engine({ hashMb: 4 });
    const game: GameSpec = { variant: 'tamerlane', moves: ['c3c4', 'h8h7'] };
    const first = engine.go(game, { depth: 7 }, io).value!;
    const again = engine.go(game, { depth: 7 }, io).value!;
    engine.newGame();
    const fresh = engine.go(game, { depth: 7 }, io).value!;
    expect(again.nodes).not.toBe(first.nodes);
    expect(fresh.nodes).toBe(first.nodes);
    expect(fresh.bestMove).toBe(first.bestMove);
  });

  it('another rule set starts from an empty table: same board, same hash, other rules', () => {
    // The same Tamerlane start under another rule switch has the same hashes; what the table
    // learnt (scores, moves) under one rule set must not carry over to the other.
    const engine = new Engine({ hashMb: 4 });
    const other: GameSpec = { variant: 'tamerlane', rules: { 'citadel-claim-or-swap': 'on' } };
    engine.go({ variant: 'tamerlane' }, { depth: 6 }, io);
    const after = engine.go(other, { depth: 6 }, io).value!;
    const fresh = new Engine({ hashMb: 4 }).go(other, { depth: 6 }, io).value!;
    expect(after.nodes).toBe(fresh.nodes);
    expect(after.bestMove).toBe(fresh.bestMove);
  });

  it('stops at a node limit and honours shouldStop at once', () => {
    const engine = new Engine({ hashMb: 4 });
    const r = engine.go({ variant: 'husun' }, { nodes: 5000 }, io);
    expect(r.value!.nodes).toBeLessThan(5000 + 4096);
    let polls = 0;
    const stopped = engine.go(
      { variant: 'husun' },
      { infinite: true },
      { ...io, shouldStop: () => ++polls > 2 },
    );
    expect(stopped.value!.bestMove).not.toBeNull();
    // The stop flag is polled every 256 nodes, so the third poll comes within 768 nodes.
    expect(stopped.value!.nodes).toBeLessThanOrEqual(768);
  });

  it('counts a movetime from when the request arrived (startedAt), not from the search start', () => {
    // A clock that stands still: with the request 99 ms old, a 100 ms move (2 ms kept for the
    // reply) is already spent, so the search stops at its first time check; without startedAt
    // the same clock never runs out and the depth limit ends the search.
    const clock = { now: () => 1000 };
    const late = new Engine({ hashMb: 4 }).go(
      { variant: 'husun' },
      { movetime: 100, depth: 6 },
      { ...clock, startedAt: 901 },
    );
    const onTime = new Engine({ hashMb: 4 }).go(
      { variant: 'husun' },
      { movetime: 100, depth: 6 },
      clock,
    );
    expect(late.value!.bestMove).not.toBeNull();
    expect(late.value!.nodes).toBeLessThan(100);
    expect(onTime.value!.depth).toBe(6);
  });

  it('MultiPV reports several distinct root moves, best first', () => {
    const engine = new Engine({ hashMb: 4, multiPv: 3 });
    const r = engine.go({ variant: 'chess' }, { depth: 4 }, io);
    const moves = r.value!.lines.map((l) => l.move);
    expect(new Set(moves).size).toBe(3);
  });

  it('searchmoves restricts the root; a game that is over has no best move', () => {
    const engine = new Engine({ hashMb: 4 });
    expect(
      engine.go({ variant: 'chess' }, { depth: 3, searchMoves: ['a2a3'] }, io).value!.bestMove,
    ).toBe('a2a3');
    const over = engine.go(
      { variant: 'chess', moves: ['f3', 'e5', 'g4', 'Qh4'] },
      { depth: 3 },
      io,
    );
    expect(over.value!.bestMove).toBeNull();
  });

  it('rejects a bad game with a clear error', () => {
    const r = new Engine().go({ variant: 'chess', moves: ['e2e5'] }, { depth: 1 }, io);
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/illegal move e2e5/);
  });
});

describe('repetitions', () => {
  // White (a knight against a queen) can put the knight back on g1, recreating the position
  // after Black's first move; nothing else saves it.
  const fen = '3k4/8/8/q7/8/8/8/6NK b - - 0 1';
  const cycle = ['a5a4', 'g1f3', 'a4a5'];

  it('a position seen once before the root is no draw: the opponent need not repeat it', () => {
    const r = best({ variant: 'chess', fen, moves: cycle }, 6);
    expect(Number(r.score.split(' ')[1])).toBeLessThan(-500);
  });

  it('a position seen twice before the root is a draw, and the side behind takes it', () => {
    const r = best({ variant: 'chess', fen, moves: [...cycle, 'f3g1', ...cycle] }, 6);
    expect(r).toEqual({ move: 'f3g1', score: 'cp 0' });
  });

  it('a side well ahead that comes back to a position seen once before the root scores a draw', () => {
    // After the cycle and f3g1, Black (the queen) is to move in the starting position; a5a4
    // recreates the position after its first move. It would shuffle instead of making progress.
    const game = { variant: 'chess', fen, moves: [...cycle, 'f3g1'] } as const;
    const back = new Engine({ hashMb: 8 }).go(game, { depth: 4, searchMoves: ['a5a4'] }, io);
    const { type, value } = back.value!.score;
    expect(`${type} ${value}`).toBe('cp 0');
    const free = best(game, 4);
    expect(free.move).not.toBe('a5a4');
    expect(Number(free.score.split(' ')[1])).toBeGreaterThan(500);
  });
});
