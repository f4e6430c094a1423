/**
 * Material values derived from mobility, so that fairy pieces get values without hand tuning:
 * for every kind of a variant we measure, on its own board,
 *   - `crowded`: the average number of moves from every cell it may stand on, among random
 *     blockers on a quarter of the cells (half of them capturable);
 *   - `reach`: the share of the board it can ever reach from a cell (colour-bound pieces reach half,
 *     the elephant an eighth).
 * value = SCALE * crowded * (REACH_BASE + (1 - REACH_BASE) * reach), times COMPOUND for a piece
 * that joins a rider with another move (queen, princess, fortress), calibrated so the FIDE
 * knight, bishop, rook and queen come out near 300 / 330 / 500 / 950 (the FIDE values of the classical engines).
 * Pawns are 100. Royal pieces get no material value (the King) or a fixed one (Prince, see eval).
 */
import {
  FastPosition,
  OFF,
  EMPTY,
  generatePseudo,
  moveFrom,
  moveTo,
  pieceCode,
  type Ruleset,
  kindKey,
  kindInfo,
} from '@citadel/core';

const SCALE = 65;
const REACH_BASE = 0.88;
const COMPOUND = 1.1;
const BLOCKER_SHARE = 0.25;

export interface MobilityStats {
  readonly empty: number;
  readonly crowded: number;
  readonly reach: number;
}

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Mobility statistics of `kind` (White) on the ruleset's board. */
export function mobilityStats(rs: Ruleset, kind: number): MobilityStats {
  const geo = rs.geo;
  const code = pieceCode(kind, 0);
  const cells = geo.cells.filter((s) => rs.stop[code * rs.size + s] === 1);
  const pos = new FastPosition(rs);
  const blocker = pieceCode(rs.kinds.find((k) => k !== kind) ?? kind, 1);
  const friend = pieceCode(rs.kinds.find((k) => k !== kind) ?? kind, 0);
  const board = new Uint8Array(rs.size).fill(OFF);
  const targets = (from: number, crowd: () => number): number[] => {
    board.fill(OFF);
    for (const s of geo.cells) board[s] = EMPTY;
    for (const s of geo.cells) {
      if (s === from) continue;
      const r = crowd();
      if (r < BLOCKER_SHARE / 2) board[s] = blocker;
      else if (r < BLOCKER_SHARE) board[s] = friend;
    }
    board[from] = code;
    pos.load({ board, side: 0, rights: 0, ep: -1, halfmove: 0, fullmove: 1 });
    const end = generatePseudo(pos, 0);
    const out: number[] = [];
    for (let i = 0; i < end; i++)
      if (moveFrom(pos.moves[i]!) === from) out.push(moveTo(pos.moves[i]!));
    return out;
  };
  const none = (): number => 1;
  let empty = 0;
  let crowded = 0;
  const random = lcg(kind * 7919);
  const SAMPLES = 6;
  for (const s of cells) {
    empty += targets(s, none).length;
    for (let k = 0; k < SAMPLES; k++) crowded += targets(s, random).length / SAMPLES;
  }
  // Reach: cells visited by repeated moves on the empty board, averaged over a few starts.
  let reach = 0;
  const starts = cells.filter((_, i) => i % Math.max(1, Math.floor(cells.length / 8)) === 0);
  for (const start of starts) {
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length) {
      for (const t of targets(queue.pop()!, none)) {
        if (seen.has(t)) continue;
        seen.add(t);
        queue.push(t);
      }
    }
    reach += seen.size / cells.length;
  }
  return {
    empty: empty / cells.length,
    crowded: crowded / cells.length,
    reach: reach / starts.length,
  };
}

const DERIVED = new WeakMap<Ruleset, Map<number, number>>();

/** Value in centipawns of every kind the ruleset uses (pawns 100, the King 0); computed once per ruleset. */
export function deriveValues(rs: Ruleset): Map<number, number> {
  const cached = DERIVED.get(rs);
  if (cached) return cached;
  const values = new Map<number, number>();
  DERIVED.set(rs, values);
  for (const kind of rs.kinds) {
    const key = kindKey(kind);
    if (key === 'king') values.set(kind, 0);
    else if (rs.isPawn[pieceCode(kind, 0)] || key === 'pawnOfPawnsWaiting') values.set(kind, 100);
    else {
      const m = mobilityStats(rs, kind);
      const betza = kindInfo(kind).movement.betza;
      const compound = betza === 'Q' || (/[RBQ]/.test(betza) && betza.length > 1);
      const base = SCALE * m.crowded * (REACH_BASE + (1 - REACH_BASE) * m.reach);
      values.set(kind, Math.round(base * (compound ? COMPOUND : 1)));
    }
  }
  return values;
}
