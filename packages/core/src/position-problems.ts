/**
 * What makes a setup unplayable, as named problems: the checks every parsed FEN passes
 * (`playableProblem`, used by fen.ts) and the castling rights a board allows. Stricter checks of
 * what no game can reach (pawns behind their start, too many pieces) live in validate-setup.ts.
 */
import { isAttacked } from './attacks.ts';
import { FastPosition, type Setup } from './fast-position.ts';
import { royalSquare } from './royalty.ts';
import { EMPTY, KIND, OFF, codeKind, kindInfo, kindKey, pieceCode } from './piece-kinds.ts';
import { RIGHT_SWAP, type Ruleset } from './ruleset.ts';
import { colorName, colorTitle, type ColorIndex } from './types.ts';

/** Why a setup is refused, as a name tests and programs can match (`text` is for people). */
export type SetupReason =
  | 'hole'
  | 'cannot-stand'
  | 'royals'
  | 'unpromoted-pawn'
  | 'waiting-pawn'
  | 'pawn-back-rank'
  | 'too-many'
  | 'rights'
  | 'not-to-move-in-check';

export interface SetupProblem {
  readonly reason: SetupReason;
  /** One sentence for people, naming the cell or the side (e.g. `Black has no king`). */
  readonly text: string;
}

const problem = (reason: SetupReason, text: string): SetupProblem => ({ reason, text });
export const sideName = (color: number): string => colorTitle(colorName(color as ColorIndex));

/**
 * Why piece `code` may not stand on existing cell `s` (a citadel that bars it, the Persian centre
 * cell or the eye), or null when it may. The text starts with the piece's name.
 */
export function standProblem(rs: Ruleset, code: number, s: number): string | null {
  if (rs.stop[code * rs.size + s] === 1) return null;
  const geo = rs.geo;
  const rules = rs.def.rules;
  const kind = kindKey(codeKind(code));
  const name = kindInfo(codeKind(code)).name;
  const where = geo.name(s);
  let why = '';
  const owner = geo.citadelOwner[s]!;
  if (owner >= 0 && rules.citadels) {
    const may = rules.citadels.mayStand;
    if (may !== 'any' && !may.includes(kind))
      why = `only ${may.map((k) => kindInfo(KIND[k]).name).join(', ')} may stand on a citadel`;
    else why = `a ${name} may not enter its own citadel`;
  } else if (rules.allSeeingEye?.square === where) why = 'the All-Seeing Eye stands there';
  else if (rules.centre?.square === where)
    why = `only ${rules.centre.allowed.map((k) => kindInfo(KIND[k]).name).join(', ')} may stop there`;
  return `${name} cannot stand on ${where}${why ? ` (${why})` : ''}`;
}

/** Why `bit` cannot be a right on this board, or null. */
export function rightProblem(rs: Ruleset, board: Uint8Array, bit: number): string | null {
  for (const color of [0, 1] as const) {
    for (const side of rs.castling[color]!) {
      if (side.right !== bit) continue;
      if (board[side.kingFrom] !== rs.kingCode[color])
        return `castling right without the king on ${rs.geo.name(side.kingFrom)}`;
      if (board[side.rookFrom] !== pieceCode(KIND.rook, color))
        return `castling right without a rook on ${rs.geo.name(side.rookFrom)}`;
    }
  }
  return null;
}

/** The rights a board still allows: every right of the variant whose pieces stand on their home cells. */
export function impliedRights(rs: Ruleset, board: Uint8Array): number {
  let rights = 0;
  for (let i = 0; i < 8; i++) {
    const bit = 1 << i;
    if ((rs.allRights & bit) === 0) continue;
    if (rightProblem(rs, board, bit) === null) rights |= bit;
  }
  return rights;
}

/** Pieces only on existing cells where they may stand; nothing on a hole. */
export function cellProblem(rs: Ruleset, setup: Setup): SetupProblem | null {
  const geo = rs.geo;
  for (let s = 0; s < rs.size; s++) {
    const code = setup.board[s]!;
    if (code === EMPTY || code === OFF) continue;
    const who = `${sideName(code & 1)} ${kindInfo(codeKind(code)).name}`;
    if (!geo.exists[s])
      return problem(
        'hole',
        geo.fileOf(s) < geo.files && geo.rankOf(s) >= 0 && geo.rankOf(s) < geo.ranks
          ? `${who} on ${geo.name(s)}: there is no such cell on this board`
          : `${who} off the board`,
      );
    const why = standProblem(rs, code, s);
    if (why) return problem('cannot-stand', `${sideName(code & 1)} ${why}`);
  }
  return null;
}

/** One King (or Tamerlane Prince) at least, never two of either, per side. */
export function royalsProblem(rs: Ruleset, setup: Setup): SetupProblem | null {
  for (const color of [0, 1] as const) {
    const who = sideName(color);
    let kings = 0;
    let princes = 0;
    for (const s of rs.geo.cells) {
      const c = setup.board[s]!;
      if (c === rs.kingCode[color]) kings++;
      if (c === rs.princeCode[color]) princes++;
    }
    if (kings > 1) return problem('royals', `${who} has ${kings} kings`);
    if (princes > 1) return problem('royals', `${who} has ${princes} princes`);
    if (kings + princes === 0) return problem('royals', `${who} has no king`);
  }
  return null;
}

/**
 * True when a pawn of `color` may stand anywhere on the main board: Tamerlane's king swap
 * (docs/rules.md §2) moves a pawn to the King's cell without promoting it, so once that side's swap
 * is used (its right gone) neither the promotion rank nor the back rank tells anything.
 */
export function pawnsMayBeAnywhere(rs: Ruleset, setup: Setup, color: number): boolean {
  return rs.kingSwap && (setup.rights & RIGHT_SWAP[color as 0 | 1]) === 0;
}

/** No pawn on a cell where it would have promoted; a waiting pawn of pawns only on its last rank. */
export function pawnZoneProblem(rs: Ruleset, setup: Setup): SetupProblem | null {
  const geo = rs.geo;
  for (const s of geo.cells) {
    const c = setup.board[s]!;
    if (c === EMPTY) continue;
    const color = c & 1;
    const zone = rs.promotionZone[color]![s] === 1;
    if (rs.isPawn[c] && zone && !pawnsMayBeAnywhere(rs, setup, color))
      return problem(
        'unpromoted-pawn',
        `${sideName(color)} ${kindInfo(codeKind(c)).name.toLowerCase()} on ${geo.name(s)} should have promoted`,
      );
    if (codeKind(c) === KIND.pawnOfPawnsWaiting && !zone)
      return problem(
        'waiting-pawn',
        `${sideName(color)}'s waiting pawn of pawns on ${geo.name(s)} must stand on its last rank`,
      );
  }
  return null;
}

/** Every right has its king and rook at home. */
export function rightsProblem(rs: Ruleset, setup: Setup): SetupProblem | null {
  for (let i = 0; i < 8; i++) {
    const bit = 1 << i;
    if ((setup.rights & bit) === 0) continue;
    const why = rightProblem(rs, setup.board, bit);
    if (why) return problem('rights', why);
  }
  return null;
}

/** The side that just moved may not have left its royal piece attacked. Needs sound royals. */
export function checkProblem(rs: Ruleset, setup: Setup): SetupProblem | null {
  const fast = new FastPosition(rs);
  fast.load(setup);
  const them = setup.side ^ 1;
  const theirRoyal = royalSquare(fast, them);
  if (theirRoyal >= 0 && isAttacked(fast, theirRoyal, setup.side))
    return problem('not-to-move-in-check', `the side not to move (${sideName(them)}) is in check`);
  return null;
}

/** The first reason the rules cannot play from this setup, or null (what every FEN parse checks). */
export function playableProblem(rs: Ruleset, setup: Setup): SetupProblem | null {
  return (
    cellProblem(rs, setup) ??
    rightsProblem(rs, setup) ??
    royalsProblem(rs, setup) ??
    pawnZoneProblem(rs, setup) ??
    checkProblem(rs, setup)
  );
}
