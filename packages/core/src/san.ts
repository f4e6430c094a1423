/**
 * Human move notation (SAN-like, docs/rules.md §0) for move lists and PGN:
 *   `Nc4`, `Gxe5`, `exd5`, `e10=Q`, `O-O` / `O-O-O` (castling), `+` check, `#` mate;
 *   `K<>e2` the king swap and `S<>h2` the rendezvous (the piece exchanges with the one on the cell);
 *   `P@e5` the pawn of pawns' relocation; `b10@g3` its second arrival (placed on g3);
 *   `c10=H` a Tamerlane promotion (the tag's piece), `Ka9<>H` the citadel swap option.
 * Disambiguation as in chess: file, else rank, else both.
 */
import type { FastPosition } from './fast-position.ts';
import {
  CASTLE,
  CITADEL_SWAP,
  EN_PASSANT,
  KING_SWAP,
  PAWN_OF_PAWNS_RETURN,
  PROMOTE,
  RELOCATE,
  RENDEZVOUS,
  moveExtra,
  moveFlag,
  moveFrom,
  moveTo,
} from './move.ts';
import { generateLegal, inCheck } from './movegen.ts';
import { EMPTY, KIND, codeKind } from './piece-kinds.ts';
import { err, ok, type Result } from './types.ts';
import { excerpt } from './excerpt.ts';

/** SAN without the check suffix. */
function sanBody(pos: FastPosition, move: number, legal: readonly number[]): string {
  const rs = pos.rs;
  const geo = rs.geo;
  const from = moveFrom(move);
  const to = moveTo(move);
  const flag = moveFlag(move);
  const code = pos.board[from]!;
  const letter = rs.kindLetter[codeKind(code)]!;
  const dest = geo.name(to);
  switch (flag) {
    case CASTLE:
      return moveExtra(move) === 1 ? 'O-O' : 'O-O-O';
    case KING_SWAP:
    case RENDEZVOUS:
      return `${letter}<>${dest}`;
    case RELOCATE:
      return `${letter}@${dest}`;
  }
  const capture = pos.board[to] !== EMPTY || flag === EN_PASSANT;
  let body: string;
  if (rs.isPawn[code]) {
    body = capture ? geo.name(from)[0]! + 'x' + dest : dest;
  } else {
    const rivals = legal.filter(
      (m) =>
        m !== move && moveTo(m) === to && pos.board[moveFrom(m)] === code && moveFlag(m) === flag,
    );
    let dis = '';
    if (rivals.length > 0) {
      const file = geo.fileOf(from);
      const rank = geo.rankOf(from);
      if (rivals.every((m) => geo.fileOf(moveFrom(m)) !== file)) dis = geo.name(from).slice(0, 1);
      else if (rivals.every((m) => geo.rankOf(moveFrom(m)) !== rank)) dis = geo.name(from).slice(1);
      else dis = geo.name(from);
    }
    body = letter + dis + (capture ? 'x' : '') + dest;
  }
  if (flag === PROMOTE) {
    const kind = moveExtra(move);
    // The pawn of pawns' first arrival keeps it a pawn: nothing to announce.
    if (kind !== KIND.pawnOfPawnsWaiting) body += '=' + rs.kindLetter[kind]!;
  } else if (flag === PAWN_OF_PAWNS_RETURN) {
    const color = code & 1;
    const earlier = thirdLifeCells(pos, color);
    pos.make(move);
    // The landing cell is the third-life pawn that was not there before; none new means it replaced
    // its own third-life pawn on the pawn of kings' start cell.
    const land =
      thirdLifeCells(pos, color).find((s) => !earlier.includes(s)) ?? rs.kingsPawnStart[color]!;
    pos.unmake(move);
    if (land >= 0) body += '@' + geo.name(land);
  } else if (flag === CITADEL_SWAP) {
    body += '<>' + rs.kindLetter[moveExtra(move)]!;
  }
  return body;
}

/** Cells of the colour's third-life pawns of pawns (several may be on the board). */
function thirdLifeCells(pos: FastPosition, color: number): number[] {
  const code = (KIND.pawnOfPawns3 << 1) | color;
  const out: number[] = [];
  for (let i = 0; i < pos.pieceCount[color]!; i++) {
    const s = pos.pieceAt(color, i);
    if (pos.board[s] === code) out.push(s);
  }
  return out;
}

/** Full SAN with `+` or `#`. `legal` must be the legal moves of `pos` (for disambiguation). */
export function makeSan(pos: FastPosition, move: number, legal: readonly number[]): string {
  const body = sanBody(pos, move, legal);
  pos.make(move);
  let suffix = '';
  if (inCheck(pos)) {
    const scratch = 1 << 17;
    suffix = generateLegal(pos, scratch) === scratch ? '#' : '+';
  }
  pos.unmake(move);
  return body + suffix;
}

const strip = (s: string): string =>
  s.replace(/[+#!?]+$/, '').replace(/^0-0(-0)?$/, (m) => m.replace(/0/g, 'O'));
const loose = (s: string): string => strip(s).replace(/[x=]/g, '');

/** Finds the legal move a SAN string names (tolerant of missing or extra `x`, `=`, `+`, `#`). */
export function parseSan(
  pos: FastPosition,
  text: string,
  legal: readonly number[],
): Result<number> {
  const want = text.trim();
  if (!/^[A-Za-z0-9@<>=+#!?x-]+$/.test(want)) return err(`'${text}' is not a move in SAN`);
  const sans = legal.map((m) => sanBody(pos, m, legal));
  for (const normal of [strip, loose]) {
    const hits = legal.filter((_, i) => normal(sans[i]!) === normal(want));
    if (hits.length === 1) return ok(hits[0]!);
  }
  // Any disambiguation (Ngf3, N1f3, Ng1f3, N-f3, e2-e4): match piece, origin hints, target, promotion.
  const m = /^([A-Z]?)([a-z]?)(\d{0,2})[-x]?([a-z]\d{1,2})(?:=?([A-Z]))?$/.exec(strip(want));
  if (m) {
    const [, letter, file, rank, dest, promo] = m;
    const geo = pos.rs.geo;
    const hits = legal.filter((mv, i) => {
      const from = geo.name(moveFrom(mv));
      const san = sans[i]!;
      const pieceLetter = pos.rs.isPawn[pos.board[moveFrom(mv)]!] ? '' : san[0]!;
      if ((letter ?? '') !== pieceLetter) return false;
      if (geo.name(moveTo(mv)) !== dest) return false;
      if (file && from[0] !== file) return false;
      if (rank && from.slice(1) !== rank) return false;
      const promoted = /=([A-Z])/.exec(san)?.[1];
      return (promo ?? '') === (promoted ?? '') || (promo === undefined && promoted === undefined);
    });
    if (hits.length === 1) return ok(hits[0]!);
    if (hits.length > 1) return err(`'${excerpt(text)}' is ambiguous here`);
  }
  return err(`'${excerpt(text)}' is not a legal move here`);
}
