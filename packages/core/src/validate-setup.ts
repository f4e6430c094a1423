/**
 * Hand-made positions (the web app's position editor): pieces placed on cells become a `Setup`,
 * and `validateSetup` refuses what the rules cannot play from (every check a FEN parse makes,
 * position-problems.ts) and what no game can reach: a pawn on its own back rank, more pieces, more
 * pawns or more tagged pawns of one kind than the start array has (no move adds a piece, a pawn
 * never changes its tag).
 */
import type { Setup } from './fast-position.ts';
import { pieceFromText, startSetup } from './fen.ts';
import { EMPTY, KIND, OFF, codeKind, kindInfo } from './piece-kinds.ts';
import {
  impliedRights,
  pawnsMayBeAnywhere,
  playableProblem,
  sideName,
  type SetupProblem,
} from './position-problems.ts';
import type { Ruleset } from './ruleset.ts';
import { colorIndex, err, ok, type Color, type Result } from './types.ts';
import { excerpt } from './excerpt.ts';

/** One piece of a hand-made position: a square name and the piece's FEN text (`R`, `p[n]`). */
export interface PlacedPiece {
  readonly square: string;
  readonly text: string;
}

/**
 * The setup of pieces on squares with `side` to move, every right its pieces allow (castling
 * where king and rook stand at home, each king swap and rendezvous still unused), no en passant,
 * counters at their start. Refuses only what cannot be written down at all: an unknown piece,
 * a square outside the board's box, two pieces on one square. Pass the result to validateSetup.
 */
export function setupFromPieces(
  rs: Ruleset,
  pieces: Iterable<PlacedPiece>,
  side: Color,
): Result<Setup> {
  const geo = rs.geo;
  const board = new Uint8Array(rs.size).fill(OFF);
  for (const s of geo.cells) board[s] = EMPTY;
  for (const p of pieces) {
    const s = geo.parseSquare(p.square);
    if (s < 0) return err(`${excerpt(p.square)} is not a square of the ${rs.def.id} board`);
    const code = pieceFromText(rs, p.text);
    if (code < 0) return err(`unknown piece '${excerpt(p.text)}' in ${rs.def.id}`);
    if (board[s] !== EMPTY && board[s] !== OFF) return err(`two pieces on ${p.square}`);
    board[s] = code;
  }
  return ok({
    board,
    side: colorIndex(side),
    rights: impliedRights(rs, board),
    ep: -1,
    halfmove: 0,
    fullmove: 1,
  });
}

/** The first reason this setup cannot be played or reached, or null when it is fine. */
export function validateSetup(rs: Ruleset, setup: Setup): SetupProblem | null {
  return playableProblem(rs, setup) ?? backRankProblem(rs, setup) ?? countProblem(rs, setup);
}

/** 0-based rank of each side's back rank: the first rank of the main board seen from that side. */
function backRanks(rs: Ruleset): readonly [number, number] {
  const ranks = rs.geo.regions.get('main')!.map((s) => rs.geo.rankOf(s));
  return [Math.min(...ranks), Math.max(...ranks)];
}

/**
 * Pawns only step forward and none starts on its own back rank, so none can stand on or behind it
 * (unless a Tamerlane king swap put it there).
 */
function backRankProblem(rs: Ruleset, setup: Setup): SetupProblem | null {
  const geo = rs.geo;
  const back = backRanks(rs);
  for (const s of geo.cells) {
    const c = setup.board[s]!;
    if (c === EMPTY || !rs.isPawn[c]) continue;
    const color = c & 1;
    if (pawnsMayBeAnywhere(rs, setup, color)) continue;
    const r = geo.rankOf(s);
    if (color === 0 ? r <= back[0] : r >= back[1])
      return {
        reason: 'pawn-back-rank',
        text: `${sideName(color)} ${kindInfo(codeKind(c)).name.toLowerCase()} on ${geo.name(s)}: a pawn never stands on its own back rank (rank ${back[color]! + 1}) or behind it`,
      };
  }
  return null;
}

/** The stages of the pawn of pawns, and what it finally becomes, count as one piece. */
const PAWN_OF_PAWNS_FAMILY = new Set<number>([
  KIND.pawnOfPawns,
  KIND.pawnOfPawnsWaiting,
  KIND.pawnOfPawns2,
  KIND.pawnOfPawns3,
  KIND.adventitiousKing,
]);

interface Counts {
  pieces: number;
  pawns: number;
  /** Per tagged pawn kind (the pawn of pawns' family under KIND.pawnOfPawns). */
  tagged: Map<number, number>;
}

function countsOf(rs: Ruleset, board: Uint8Array, color: number): Counts {
  const counts: Counts = { pieces: 0, pawns: 0, tagged: new Map() };
  for (const s of rs.geo.cells) {
    const c = board[s]!;
    if (c === EMPTY || (c & 1) !== color) continue;
    const kind = codeKind(c);
    counts.pieces++;
    if (rs.isPawn[c] || kind === KIND.pawnOfPawnsWaiting) counts.pawns++;
    const family = PAWN_OF_PAWNS_FAMILY.has(kind) ? KIND.pawnOfPawns : kind;
    if (rs.pawnTag[kind] || family === KIND.pawnOfPawns)
      counts.tagged.set(family, (counts.tagged.get(family) ?? 0) + 1);
  }
  return counts;
}

/** No side has more pieces, pawns, or tagged pawns of a kind than the start array gives it. */
function countProblem(rs: Ruleset, setup: Setup): SetupProblem | null {
  const start = startSetup(rs).board;
  for (const color of [0, 1] as const) {
    const who = sideName(color);
    const have = countsOf(rs, setup.board, color);
    const most = countsOf(rs, start, color);
    if (have.pieces > most.pieces)
      return {
        reason: 'too-many',
        text: `${who} has ${have.pieces} pieces; the start position has ${most.pieces} and no move adds one`,
      };
    if (have.pawns > most.pawns)
      return {
        reason: 'too-many',
        text: `${who} has ${have.pawns} pawns; the start position has ${most.pawns}`,
      };
    for (const [kind, n] of have.tagged) {
      const limit = most.tagged.get(kind) ?? 0;
      if (n <= limit) continue;
      const name =
        kind === KIND.pawnOfPawns
          ? 'pawn of pawns (counting its later stages and the Adventitious King)'
          : kindInfo(kind).name.toLowerCase();
      return {
        reason: 'too-many',
        text: `${who} has ${n} × ${name}; the start position has ${limit} and a pawn never changes its tag`,
      };
    }
  }
  return null;
}
