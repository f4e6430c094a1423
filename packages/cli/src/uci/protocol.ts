/**
 * Text of the UCI protocol: parsing `go` and `position` arguments, writing `info` lines. Pure
 * functions, so the session and the tests share them.
 */
import type { EngineInfo, GoLimits } from '@citadel/engine';
import { type Result, err, ok } from '@citadel/core';

export type GoCommand =
  | { readonly kind: 'search'; readonly limits: GoLimits }
  | { readonly kind: 'perft'; readonly depth: number };

const NUMERIC = ['depth', 'nodes', 'movetime', 'wtime', 'btime', 'winc', 'binc', 'movestogo'];
const FLAGS = ['infinite', 'ponder'];
const KEYWORDS = new Set([...NUMERIC, ...FLAGS, 'searchmoves', 'perft', 'mate']);

/** Parses the arguments of `go` (the words after it). */
export function parseGo(words: readonly string[]): Result<GoCommand> {
  const limits: Record<string, number | boolean | string[]> = {};
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === 'perft') {
      const d = words[i + 1];
      if (d === undefined || !/^\d+$/.test(d) || Number(d) < 1 || Number(d) > 20)
        return err(`go perft takes a depth from 1 to 20, not '${d ?? ''}'`);
      if (words.length > i + 2) return err(`go perft takes only a depth`);
      return ok({ kind: 'perft', depth: Number(d) });
    }
    if (NUMERIC.includes(w) || w === 'mate') {
      const v = words[++i];
      // wtime/btime may be negative when a GUI's clock ran over; they are clamped to 0.
      if (v === undefined || !/^[+-]?\d+$/.test(v))
        return err(`go ${w} takes a number, not '${v ?? ''}'`);
      let n = Number(v);
      if (w === 'wtime' || w === 'btime') n = Math.max(0, n);
      else if (n < 0) return err(`go ${w} takes a number that is not negative, not ${n}`);
      if ((w === 'depth' || w === 'movestogo' || w === 'mate') && n < 1)
        return err(`go ${w} must be at least 1`);
      // `go mate N`: search to the depth that finds a mate in N moves.
      if (w === 'mate') limits['depth'] = Math.max((limits['depth'] as number) ?? 0, 2 * n);
      else limits[w] = Math.min(n, Number.MAX_SAFE_INTEGER);
      continue;
    }
    if (w === 'infinite' || w === 'ponder') {
      limits['infinite'] = true;
      continue;
    }
    if (w === 'searchmoves') {
      const moves: string[] = [];
      while (i + 1 < words.length && !KEYWORDS.has(words[i + 1]!)) moves.push(words[++i]!);
      if (moves.length === 0) return err('go searchmoves needs at least one move');
      limits['searchMoves'] = moves;
      continue;
    }
    return err(`unknown go parameter '${w}'`);
  }
  const l = limits as Record<string, unknown>;
  const out: GoLimits = {
    ...(l['depth'] !== undefined ? { depth: Math.min(l['depth'] as number, 90) } : {}),
    ...(l['nodes'] !== undefined ? { nodes: l['nodes'] as number } : {}),
    ...(l['movetime'] !== undefined ? { movetime: l['movetime'] as number } : {}),
    ...(l['wtime'] !== undefined ? { wtime: l['wtime'] as number } : {}),
    ...(l['btime'] !== undefined ? { btime: l['btime'] as number } : {}),
    ...(l['winc'] !== undefined ? { winc: l['winc'] as number } : {}),
    ...(l['binc'] !== undefined ? { binc: l['binc'] as number } : {}),
    ...(l['movestogo'] !== undefined ? { movestogo: l['movestogo'] as number } : {}),
    ...(l['infinite'] ? { infinite: true } : {}),
    ...(l['searchMoves'] ? { searchMoves: l['searchMoves'] as string[] } : {}),
  };
  return ok({ kind: 'search', limits: out });
}

export interface PositionCommand {
  /** Undefined: the start position. */
  readonly fen: string | undefined;
  readonly moves: readonly string[];
}

/** Parses the arguments of `position`: `startpos | fen <FEN>` then optionally `moves m1 m2 ...`. */
export function parsePosition(words: readonly string[]): Result<PositionCommand> {
  const movesAt = words.indexOf('moves');
  const head = movesAt >= 0 ? words.slice(0, movesAt) : words;
  const moves = movesAt >= 0 ? words.slice(movesAt + 1) : [];
  if (head[0] === 'startpos') {
    if (head.length > 1) return err(`unexpected '${head[1]}' after startpos`);
    return ok({ fen: undefined, moves });
  }
  if (head[0] === 'fen') {
    if (head.length < 2) return err('position fen needs a FEN');
    if (head.length > 7) return err(`a FEN has at most six fields, got ${head.length - 1}`);
    return ok({ fen: head.slice(1).join(' '), moves });
  }
  return err(`position takes startpos or fen <FEN>, not '${head[0] ?? ''}'`);
}

/** One `info depth ...` line. `nodes` and `nps` may be replaced by totals over all threads. */
export function infoLine(info: EngineInfo, nodes = info.nodes): string {
  const nps = Math.round((nodes * 1000) / Math.max(1, info.timeMs));
  const score = `${info.score.type} ${info.score.value}`;
  return (
    `info depth ${info.depth} seldepth ${info.selDepth} multipv ${info.multiPv} score ${score}` +
    ` nodes ${nodes} nps ${nps} hashfull ${info.hashfull} time ${info.timeMs}` +
    (info.pv.length ? ` pv ${info.pv.join(' ')}` : '')
  );
}

/** `bestmove M [ponder P]`, or `bestmove (none)`. */
export function bestMoveLine(best: string | null, ponder: string | null): string {
  if (!best) return 'bestmove (none)';
  return `bestmove ${best}${ponder ? ` ponder ${ponder}` : ''}`;
}
