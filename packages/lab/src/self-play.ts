/**
 * In-process games between two engines (no protocol, no processes): the rules core adjudicates.
 * Used to measure levels against each other, to compare search changes, and to produce the
 * positions that tune the evaluation (scripts/texel.ts). Deterministic for node or depth limits.
 */
import type { Outcome, Position } from '@citadel/core';
import { Engine, type GameSpec, type GoLimits } from '@citadel/engine';

export interface SelfPlayGame {
  /** 1 White won, 0 Black won, 0.5 draw. */
  readonly result: 1 | 0 | 0.5;
  readonly reason: string;
  readonly moves: readonly string[];
  /** FEN before each move, with the side to move's static view not included (tuning computes it). */
  readonly fens: readonly string[];
}

export interface SelfPlayOptions {
  readonly game: GameSpec;
  readonly white: Engine;
  readonly black: Engine;
  readonly limits: GoLimits;
  /** Black's limits where they differ from White's `limits` (levels at their own think times). */
  readonly blackLimits?: GoLimits;
  /** Game ends as a draw after this many plies (no natural end). */
  readonly maxPlies?: number;
  /**
   * Resign adjudication: when both engines' scores agree that one side is ahead by at least
   * `resignScore` centipawns for `resignPlies` plies in a row, that side wins (0 = never).
   */
  readonly resignScore?: number;
  readonly resignPlies?: number;
  readonly now?: () => number;
}

const scoreOf = (o: Outcome): 1 | 0 | 0.5 =>
  o.winner === null ? 0.5 : o.winner === 'white' ? 1 : 0;

export function playGame(options: SelfPlayOptions): SelfPlayGame {
  const { game, white, black, limits } = options;
  const now = options.now ?? (() => Date.now());
  const start = Engine.setUp(game);
  if (!start.ok) throw new Error(start.error);
  const position: Position = start.value;
  const moves = [...(game.moves ?? [])];
  const fens: string[] = [];
  const maxPlies = options.maxPlies ?? 300;
  white.newGame();
  if (black !== white) black.newGame();
  const resignScore = options.resignScore ?? 0;
  const resignPlies = options.resignPlies ?? 8;
  let streak = 0;
  let streakSign = 0;
  for (let ply = 0; ; ply++) {
    const outcome = position.outcome();
    if (outcome) return { result: scoreOf(outcome), reason: outcome.text, moves, fens };
    if (ply >= maxPlies)
      return { result: 0.5, reason: `adjudicated draw after ${maxPlies} plies`, moves, fens };
    const whiteToMove = position.turn() === 'white';
    const engine = whiteToMove ? white : black;
    fens.push(position.fen());
    const moverLimits = whiteToMove ? limits : (options.blackLimits ?? limits);
    const r = engine.go({ ...game, moves }, moverLimits, { now });
    if (!r.ok || !r.value.bestMove) throw new Error(`engine failed: ${r.ok ? 'no move' : r.error}`);
    const whiteView = whiteToMove ? 1 : -1;
    const played = position.play(r.value.bestMove);
    if (!played.ok)
      throw new Error(`engine played an illegal move ${r.value.bestMove}: ${played.error}`);
    moves.push(played.value.text);
    if (resignScore > 0) {
      const s = r.value.score;
      const cp = s.type === 'mate' ? Math.sign(s.value) * 100000 : s.value;
      const sign = Math.abs(cp) >= resignScore ? Math.sign(cp) * whiteView : 0;
      streak = sign !== 0 && sign === streakSign ? streak + 1 : sign !== 0 ? 1 : 0;
      streakSign = sign;
      if (streak >= resignPlies) {
        const winner = sign > 0 ? 'White' : 'Black';
        return { result: sign > 0 ? 1 : 0, reason: `adjudicated: ${winner} ahead`, moves, fens };
      }
    }
  }
}

/** Plays `openings.length * 2` games, each opening with both colours; returns A's score. */
export function playPairs(
  a: Engine,
  b: Engine,
  openings: readonly GameSpec[],
  limits: GoLimits,
  maxPlies?: number,
  resignScore = 0,
): { wins: number; losses: number; draws: number; games: SelfPlayGame[] } {
  let wins = 0;
  let losses = 0;
  let draws = 0;
  const games: SelfPlayGame[] = [];
  for (const opening of openings) {
    for (const aIsWhite of [true, false]) {
      const g = playGame({
        game: opening,
        white: aIsWhite ? a : b,
        black: aIsWhite ? b : a,
        limits,
        resignScore,
        ...(maxPlies !== undefined ? { maxPlies } : {}),
      });
      games.push(g);
      const aScore = aIsWhite ? g.result : 1 - g.result;
      if (aScore === 1) wins++;
      else if (aScore === 0) losses++;
      else draws++;
    }
  }
  return { wins, losses, draws, games };
}

/** `plies` random legal moves from the start (seeded), as an opening that is not already over. */
export function randomOpening(game: GameSpec, plies: number, random: () => number): GameSpec {
  for (;;) {
    const p = Engine.setUp(game);
    if (!p.ok) throw new Error(p.error);
    const moves: string[] = [...(game.moves ?? [])];
    let ok = true;
    for (let i = 0; i < plies; i++) {
      const legal = p.value.legalMoves();
      if (legal.length === 0 || p.value.outcome()) {
        ok = false;
        break;
      }
      const m = legal[Math.floor(random() * legal.length)]!;
      p.value.play(m.text);
      moves.push(m.text);
    }
    if (ok && !p.value.outcome()) return { ...game, moves };
  }
}
