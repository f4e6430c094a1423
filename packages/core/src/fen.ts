/**
 * Our position text (docs/formats.md), as a parse/make pair: `parseFen` never throws and says
 * what is wrong and where; `makeFen(parseFen(x))` writes every reachable position back exactly.
 */
import type { Setup } from './fast-position.ts';
import { STRIDE } from './geometry.ts';
import { EMPTY, OFF, codeKind, pieceCode } from './piece-kinds.ts';
import { impliedRights, playableProblem, standProblem } from './position-problems.ts';
import { RIGHTS_LETTERS, type Ruleset } from './ruleset.ts';
import { err, ok, type Result } from './types.ts';
import { excerpt } from './excerpt.ts';

/** The text of one piece code in this ruleset: letter (case by colour) plus a pawn tag in brackets. */
export function pieceText(rs: Ruleset, code: number): string {
  const kind = codeKind(code);
  const white = (code & 1) === 0;
  const letter = rs.kindLetter[kind]!;
  const tag = rs.pawnTag[kind]!;
  const text = tag ? `${letter}[${tag}]` : letter;
  return white ? text : text.toLowerCase();
}

/** Piece code for a token such as `R`, `p`, `P[H]`, `p[p=]`; -1 when the ruleset has no such piece. */
export function pieceFromText(rs: Ruleset, token: string): number {
  const white = token[0] === token[0]!.toUpperCase();
  const upper = token.toUpperCase();
  for (const kind of rs.kinds) {
    if (pieceText(rs, pieceCode(kind, 0)) === upper) return pieceCode(kind, white ? 0 : 1);
  }
  return -1;
}

/** Board field of a setup. */
export function makeBoardText(rs: Ruleset, board: Uint8Array, emptyAsOnes = false): string {
  const geo = rs.geo;
  const rows: string[] = [];
  for (let r = geo.ranks - 1; r >= 0; r--) {
    let row = '';
    let run = 0;
    for (let f = 0; f < geo.files; f++) {
      const s = geo.sq(f, r);
      const code = board[s]!;
      if (!emptyAsOnes && code === EMPTY && geo.exists[s]) {
        run++;
        continue;
      }
      if (run) row += String(run);
      run = 0;
      if (emptyAsOnes && (code === EMPTY || !geo.exists[s])) row += '1';
      else row += geo.exists[s] ? pieceText(rs, code) : '*';
    }
    if (run) row += String(run);
    rows.push(row);
  }
  return rows.join('/');
}

export function makeRightsText(rights: number): string {
  let out = '';
  for (let i = 0; i < RIGHTS_LETTERS.length; i++) if (rights & (1 << i)) out += RIGHTS_LETTERS[i];
  return out || '-';
}

/** Writes the six fields of our FEN. */
export function makeFen(rs: Ruleset, setup: Setup): string {
  return [
    makeBoardText(rs, setup.board),
    setup.side === 0 ? 'w' : 'b',
    makeRightsText(setup.rights),
    setup.ep >= 0 ? rs.geo.name(setup.ep) : '-',
    String(setup.halfmove),
    String(setup.fullmove),
  ].join(' ');
}

/**
 * Reads the board field. With `onesForCells` (the Persian designer's format) every cell is
 * written, `1` standing for an empty cell or a hole.
 */
export function parseBoardText(
  rs: Ruleset,
  text: string,
  onesForCells = false,
): Result<Uint8Array> {
  const geo = rs.geo;
  const board = new Uint8Array(rs.size).fill(OFF);
  const rows = text.split('/');
  if (rows.length !== geo.ranks)
    return err(`board has ${rows.length} ranks, ${rs.def.id} has ${geo.ranks}`);
  for (let i = 0; i < rows.length; i++) {
    const r = geo.ranks - 1 - i;
    const row = rows[i]!;
    const where = `rank ${r + 1}`;
    let f = 0;
    let p = 0;
    const place = (code: number, token: string): string | null => {
      if (f >= geo.files) return `${where} has more than ${geo.files} cells`;
      const s = geo.sq(f, r);
      if (code === OFF) {
        if (geo.exists[s]) return `${where}: '*' on ${geo.name(s)}, which is a cell of the board`;
      } else if (!geo.exists[s]) {
        if (!(onesForCells && code === EMPTY))
          return `${where}: ${code === EMPTY ? 'empty cell' : `'${excerpt(token)}'`} on ${geo.name(s)}, which does not exist (write '${onesForCells ? '1' : '*'}')`;
      } else {
        const why = code === EMPTY ? null : standProblem(rs, code, s);
        if (why) return `${where}: ${why}`;
        board[s] = code;
      }
      f++;
      return null;
    };
    while (p < row.length) {
      const ch = row[p]!;
      let problem: string | null;
      if (/[0-9]/.test(ch) && !onesForCells) {
        let q = p;
        while (q < row.length && /[0-9]/.test(row[q]!)) q++;
        const n = Number(row.slice(p, q));
        if (n === 0 || row[p] === '0')
          return err(`${where}: bad empty-cell count '${excerpt(row.slice(p, q))}'`);
        p = q;
        problem = null;
        for (let k = 0; k < n && !problem; k++) problem = place(EMPTY, '');
      } else if (ch === '1' && onesForCells) {
        p++;
        problem = place(EMPTY, '1');
      } else if (ch === '*' && !onesForCells) {
        p++;
        problem = place(OFF, '*');
      } else if (/[A-Za-z]/.test(ch)) {
        let token = ch;
        p++;
        if (row[p] === '[') {
          const close = row.indexOf(']', p);
          if (close < 0) return err(`${where}: '[' without ']'`);
          token += row.slice(p, close + 1);
          p = close + 1;
        }
        const code = pieceFromText(rs, token);
        if (code < 0) return err(`${where}: unknown piece '${excerpt(token)}' in ${rs.def.id}`);
        problem = place(code, token);
      } else return err(`${where}: unexpected character '${ch}'`);
      if (problem) return err(problem);
    }
    if (f !== geo.files) return err(`${where} has ${f} cells, the board is ${geo.files} wide`);
  }
  return ok(board);
}

export function parseRightsText(rs: Ruleset, text: string): Result<number> {
  if (text === '-') return ok(0);
  let rights = 0;
  for (const ch of text) {
    const i = RIGHTS_LETTERS.indexOf(ch);
    if (i < 0 || (rs.allRights & (1 << i)) === 0)
      return err(`rights field: '${ch}' is not a right of ${rs.def.id}`);
    if (rights & (1 << i)) return err(`rights field: '${ch}' twice`);
    rights |= 1 << i;
  }
  return ok(rights);
}

/** Parses our FEN for a ruleset; fields after the side to move may be missing (docs/formats.md). */
export function parseFen(rs: Ruleset, text: string): Result<Setup> {
  const fields = text.trim().split(/\s+/);
  if (fields.length < 2 || fields.length > 6 || fields[0] === '')
    return err(
      `a position needs 2 to 6 fields (board, side, rights, en passant, halfmove, fullmove), got ${fields[0] === '' ? 0 : fields.length}`,
    );
  const board = parseBoardText(rs, fields[0]!);
  if (!board.ok) return board;
  return parseFields(rs, board.value, fields.slice(1));
}

/** Parses side, rights, en passant and counters after a board and checks the whole position. */
export function parseFields(
  rs: Ruleset,
  board: Uint8Array,
  fields: readonly string[],
): Result<Setup> {
  const [sideText, rightsText, epText = '-', halfText = '0', fullText = '1'] = fields;
  if (sideText !== 'w' && sideText !== 'b')
    return err(`side to move must be 'w' or 'b', not '${excerpt(sideText ?? '')}'`);
  const side = sideText === 'w' ? 0 : 1;
  let rights: number;
  if (rightsText === undefined) rights = impliedRights(rs, board);
  else {
    const r = parseRightsText(rs, rightsText);
    if (!r.ok) return r;
    rights = r.value;
  }
  let ep = -1;
  if (epText !== '-') {
    ep = rs.geo.parseSquare(epText);
    if (ep < 0 || !rs.geo.exists[ep])
      return err(`en-passant field: '${excerpt(epText)}' is not a cell of the board`);
    if (!rs.enPassant) return err(`en-passant field: ${rs.def.id} has no en passant`);
    const pawnSq = ep + (side === 0 ? -STRIDE : STRIDE);
    const pawn = board[pawnSq]!;
    if (
      board[ep] !== EMPTY ||
      pawn === EMPTY ||
      pawn === OFF ||
      (pawn & 1) === side ||
      !rs.isPawn[pawn]
    )
      return err(
        `en-passant field: no ${side === 0 ? 'Black' : 'White'} pawn just passed over ${epText}`,
      );
  }
  if (!/^\d{1,4}$/.test(halfText))
    return err(`halfmove clock must be a number, not '${excerpt(halfText)}'`);
  if (!/^\d{1,5}$/.test(fullText) || Number(fullText) < 1)
    return err(`fullmove number must be a number >= 1, not '${excerpt(fullText)}'`);
  const setup: Setup = {
    board,
    side,
    rights,
    ep,
    halfmove: Number(halfText),
    fullmove: Number(fullText),
  };
  const problem = playableProblem(rs, setup);
  return problem ? err(problem.text) : ok(setup);
}

/** The start position of the ruleset's array, side White, all rights. */
export function startSetup(rs: Ruleset): Setup {
  const board = parseBoardText(rs, rs.array.board);
  if (!board.ok) throw new Error(`bad start array of ${rs.def.id}: ${board.error}`);
  return { board: board.value, side: 0, rights: rs.allRights, ep: -1, halfmove: 0, fullmove: 1 };
}
