/**
 * The one place where the rules core meets the board view (docs/design.md principle 10, after
 * chessops' `compat.ts`): it turns a core `Position` into the board's cells, pieces, highlights and
 * legal destinations, and the board's `(from, to)` back into the core's moves. The rest of the app
 * imports the board only through this file.
 */
import {
  KIND_INFO,
  Position,
  VARIANTS,
  colorName,
  kindInfo,
  kindKey,
  pieceCode,
  pieceText,
  type Color,
  type KindKey,
  type MoveInfo,
  type Ruleset,
} from '@citadel/core';
import {
  badgeText,
  createBoard,
  pieceSvg,
  type Board,
  type BoardCell,
  type BoardOptions,
  type BoardPiece,
  type BoardState,
  type Side,
} from '@citadel/board';

export type { Board, Side };
export { badgeText, createBoard, pieceSvg };

/** Every cell of the bounding box: holes absent, citadels with their owner, special cells marked. */
export function boardCells(rs: Ruleset): BoardCell[] {
  const geo = rs.geo;
  const rules = rs.def.rules;
  const marks = new Map<string, string>();
  if (rules.allSeeingEye) marks.set(rules.allSeeingEye.square, 'eye');
  if (rules.centre) marks.set(rules.centre.square, 'centre');
  const cells: BoardCell[] = [];
  for (let r = 0; r < geo.ranks; r++)
    for (let f = 0; f < geo.files; f++) {
      const sq = geo.sq(f, r);
      const owner = geo.citadelOwner[sq]!;
      const square = geo.name(sq);
      cells.push({
        square,
        exists: geo.exists[sq] === 1,
        citadelOwner: owner >= 0 ? colorName(owner as 0 | 1) : undefined,
        label: marks.get(square),
      });
    }
  return cells;
}

/** The name people read for a kind (`pawn of kings`). */
export function kindName(kind: string): string {
  return (KIND_INFO as Record<string, { name: string }>)[kind]?.name ?? kind;
}

export function boardPieces(position: Position): BoardPiece[] {
  return position.pieces().map((p) => ({
    square: p.square,
    color: p.color,
    kind: p.kind,
    text: p.text,
    name: p.name.toLowerCase(),
  }));
}

/** Legal destinations by from-square (a king swap or rendezvous lands on a friendly piece). */
export function targetsBySquare(moves: readonly MoveInfo[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of moves) {
    const list = out.get(m.from) ?? [];
    if (!list.includes(m.to)) list.push(m.to);
    out.set(m.from, list);
  }
  return out;
}

/** Squares of the side to move's royal pieces when it is in check. */
export function checkSquares(position: Position): string[] {
  if (!position.isCheck()) return [];
  const turn = position.turn();
  return position
    .pieces()
    .filter((p) => p.color === turn && (p.kind === 'king' || p.kind === 'prince'))
    .map((p) => p.square);
}

export interface ViewOptions {
  readonly orientation: Side;
  /** Whether the user may move now (their turn, live position, game not over). */
  readonly interactive: boolean;
  /** The move that led to this position, if any. */
  readonly lastMove?: MoveInfo | undefined;
  /** A suggested move to mark on the board. */
  readonly hint?: { readonly from: string; readonly to: string } | undefined;
  /** Where the user's pieces may be premoved while the opponent is to move. */
  readonly premoveTargets?: ((from: string) => readonly string[]) | undefined;
}

/** The board state for a position. */
export function boardState(position: Position, view: ViewOptions): BoardState {
  const targets =
    view.interactive && !position.outcome() ? targetsBySquare(position.legalMoves()) : new Map();
  const last = view.lastMove;
  return {
    files: position.rs.geo.files,
    ranks: position.rs.geo.ranks,
    cells: boardCells(position.rs),
    pieces: boardPieces(position),
    orientation: view.orientation,
    lastMove: last ? { from: last.from, to: last.to } : undefined,
    hint: view.hint ? { from: view.hint.from, to: view.hint.to } : undefined,
    check: checkSquares(position),
    legalTargets: (from) => targets.get(from) ?? [],
    premoveTargets: view.premoveTargets,
  };
}

/**
 * Where the pieces of the side not to move could go if it were their turn (for premoves): the
 * legal moves of the position with the turn handed over. Nothing when that position is refused
 * (the side to move would be left in check): a premove is checked again when it is played.
 */
export function premoveTargets(position: Position): (from: string) => readonly string[] {
  const fields = position.fen().split(' ');
  fields[1] = fields[1] === 'w' ? 'b' : 'w';
  const swapped = Position.fromFen(position.rs.def.id, fields.join(' '), {
    array: position.rs.array.id,
    rules: position.rs.switches,
  });
  const targets = swapped.ok ? targetsBySquare(swapped.value.legalMoves()) : new Map();
  return (from) => targets.get(from) ?? [];
}

/** Marks on a still diagram (rules page): reachable cells, a move to show, or the move just shown. */
export interface DiagramMarks {
  readonly marked?: readonly string[] | undefined;
  readonly hint?: { readonly from: string; readonly to: string } | undefined;
  readonly lastMove?: { readonly from: string; readonly to: string } | undefined;
}

/** The board state of a diagram: White at the bottom, nothing the user may move. */
export function diagramState(position: Position, marks: DiagramMarks = {}): BoardState {
  return {
    files: position.rs.geo.files,
    ranks: position.rs.geo.ranks,
    cells: boardCells(position.rs),
    pieces: boardPieces(position),
    orientation: 'white',
    lastMove: marks.lastMove,
    hint: marks.hint,
    check: checkSquares(position),
    marked: marks.marked,
    legalTargets: () => [],
  };
}

/** The legal moves a board move `(from, to)` stands for: one, or several to choose from (promotion, claim or swap). */
export function movesFor(position: Position, from: string, to: string): MoveInfo[] {
  const order = position.rs.def.rules.pawn.promotion;
  const rank = (m: MoveInfo): number =>
    m.promotion && order !== 'tag' ? order.indexOf(m.promotion) : -1;
  return position
    .legalMoves()
    .filter((m) => m.from === from && m.to === to)
    .sort((a, b) => rank(a) - rank(b));
}

/**
 * A label for one of several moves between the same squares, played from `position`: the piece a
 * pawn becomes; for a royal entering the enemy citadel "Claim the draw" or "Swap the King with
 * the Prince" (which pieces trade places); else the move's SAN. `san` is set when the label is
 * words, to show beside them.
 */
export function choiceLabel(
  move: MoveInfo,
  position: Position,
): { kind: string | null; label: string; san?: string } {
  if (move.promotion) return { kind: move.promotion, label: kindName(move.promotion) };
  const after = position.clone();
  if (!after.play(move.text).ok) return { kind: null, label: move.san };
  const nameOn = (p: Position, square: string): string =>
    p.pieces().find((x) => x.square === square)?.name ?? 'piece';
  if (move.kind === 'citadel swap')
    return {
      kind: null,
      label: `Swap the ${nameOn(position, move.from)} with the ${nameOn(after, move.to)}`,
      san: move.san,
    };
  if (after.outcome()?.reason === 'citadel')
    return { kind: null, label: 'Claim the draw', san: move.san };
  return { kind: null, label: move.san };
}

/** One entry of the piece legend. */
export interface LegendEntry {
  readonly kind: KindKey;
  readonly name: string;
  readonly letter: string;
  /** For a tagged pawn: the name of what it becomes. */
  readonly becomes?: string | undefined;
}

/**
 * The kinds a game can show: those on the board at the start, what pawns may promote to, and what
 * those become in turn (pawn of pawns -> adventitious king); main pieces first, then the tagged
 * pawns (their later stages are left out: the board's hover names them).
 */
export function legend(start: Position): { pieces: LegendEntry[]; pawns: LegendEntry[] } {
  const def = start.rs.def;
  const seen = new Set<string>(start.pieces().map((p) => p.kind));
  const promotion = def.rules.pawn.promotion;
  if (promotion !== 'tag') for (const k of promotion) seen.add(k);
  for (let grew = true; grew;) {
    grew = false;
    for (const k of [...seen]) {
      const next = (KIND_INFO as Record<string, { promotesTo?: string }>)[k]?.promotesTo;
      if (next && !seen.has(next)) {
        seen.add(next);
        grew = true;
      }
    }
  }
  const pieces: LegendEntry[] = [];
  const pawns: LegendEntry[] = [];
  for (const [kind, letter] of Object.entries(def.letters) as Array<[KindKey, string]>) {
    if (!seen.has(kind)) continue;
    const info = KIND_INFO[kind] as { name: string; promotesTo?: string };
    const entry: LegendEntry = {
      kind,
      name: info.name,
      letter,
      becomes: info.promotesTo ? kindName(info.promotesTo) : undefined,
    };
    if (kind.startsWith('pawnOf')) {
      if (!/^pawnOfPawns(Waiting|2|3)$/.test(kind)) pawns.push(entry);
    } else pieces.push(entry);
  }
  return { pieces, pawns };
}

/** A piece a position editor can place: its FEN text, picture and name. */
export interface PaletteEntry {
  readonly text: string;
  readonly color: Color;
  readonly kind: KindKey;
  /** `Rook`, `Pawn of rooks`. */
  readonly name: string;
  readonly pawn: boolean;
}

/** Every piece of the variant in both colours, in the variant's kind order (pawns flagged). */
export function palette(rs: Ruleset): PaletteEntry[] {
  const out: PaletteEntry[] = [];
  for (const color of [0, 1] as const)
    for (const kind of rs.kinds) {
      const key = kindKey(kind);
      out.push({
        text: pieceText(rs, pieceCode(kind, color)),
        color: colorName(color),
        kind: key,
        name: kindInfo(kind).name,
        pawn: key.startsWith('pawn'),
      });
    }
  return out;
}

/** Board pieces of a placement (square -> FEN text) drawn from the palette's entries. */
export function placedPieces(
  entries: readonly PaletteEntry[],
  placement: ReadonlyMap<string, string>,
): BoardPiece[] {
  const byText = new Map(entries.map((e) => [e.text, e]));
  const out: BoardPiece[] = [];
  for (const [square, text] of placement) {
    const e = byText.get(text);
    if (e) out.push({ square, color: e.color, kind: e.kind, text, name: e.name.toLowerCase() });
  }
  return out;
}

/** True when the board has citadels (the legend explains them). */
export const hasCitadels = (position: Position): boolean => position.rs.geo.citadels.length > 0;

export type { BoardOptions };
export { VARIANTS };
