/**
 * The model behind the rules page's move diagrams: one White piece of a variant on an otherwise
 * empty board, the blockers the user adds, and the kings the rules need, placed out of the way.
 * Every arrangement is a real position handed to the core as FEN; the piece's destinations are
 * the core's legal moves from its cell, so nothing about movement is re-implemented here. No DOM.
 */
import {
  KIND,
  Position,
  compileRuleset,
  isAttacked,
  pieceCode,
  err,
  ok,
  type Color,
  type KindKey,
  type MoveInfo,
  type Result,
} from '@citadel/core';
import { diagramFen } from './diagram-fen.ts';

/** A piece the user put in the explored piece's way. */
export interface Blocker {
  readonly color: Color;
  readonly kind: KindKey;
}

export interface ExplorerSetup {
  readonly variant: string;
  /** The explored piece (always White, moving up the board). */
  readonly kind: KindKey;
  readonly square: string;
  readonly blockers: ReadonlyMap<string, Blocker>;
  /**
   * Pieces added for the rules' sake, out of the way: the kings (White's only when the explored
   * piece is not royal itself) and, where bare kings lose (shatranj), a companion for each.
   */
  readonly helpers: ReadonlyMap<string, Blocker>;
}

export interface ExplorerView {
  readonly setup: ExplorerSetup;
  readonly position: Position;
  /** The core's legal moves of the explored piece. */
  readonly moves: readonly MoveInfo[];
  /** Distinct destination cells, and those among them where the piece captures. */
  readonly destinations: readonly string[];
  readonly captures: readonly string[];
}

/** Kinds tried for a blocker, the first the variant has and that may stand on the cell wins. */
const BLOCKER_KINDS: readonly KindKey[] = ['pawn', 'pawnOfGenerals', 'general', 'bishop'];

const HELPER_CELL = 'the kings (and their helpers) stand out of the way: choose another cell';

/** How many candidate cells per king are tried before giving up (keeps the search small). */
const ROYAL_CANDIDATES = 14;

/** True when the explored kind is itself royal, so White needs no extra King. */
function isRoyal(variant: string, kind: KindKey): boolean {
  const rs = compileRuleset(variant);
  return kind === 'king' || (rs.ok && rs.value.royalPool && kind === 'prince');
}

/** The core's text for a piece of this variant (`K`, `p`, `P[F]`). */
function textOf(variant: string, kind: KindKey, color: Color): string {
  const rs = compileRuleset(variant);
  if (!rs.ok) return '?';
  const letter = rs.value.kindLetter[KIND[kind]] ?? '?';
  const tag = rs.value.pawnTag[KIND[kind]] ?? '';
  const text = tag ? `${letter}[${tag}]` : letter;
  return color === 'white' ? text : text.toLowerCase();
}

/** Main-board cells (no citadels), ordered by distance from `from`, nearest first. */
function mainCells(variant: string, from: { file: number; rank: number }): string[] {
  const rs = compileRuleset(variant);
  if (!rs.ok) return [];
  const geo = rs.value.geo;
  return (geo.regions.get('main') ?? [])
    .map((s) => ({
      name: geo.name(s),
      d: Math.hypot(geo.fileOf(s) - from.file, geo.rankOf(s) - from.rank),
    }))
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .map((c) => c.name);
}

const fileRank = (square: string): { file: number; rank: number } => ({
  file: square.charCodeAt(0) - 97,
  rank: Number(square.slice(1)) - 1,
});

/** A core error made readable in the diagram's status line (`rank 2: ` prefixes dropped). */
const readable = (message: string): string => message.replace(/^rank \d+: /, '');

/** Tries one placement of the kings; the position when it is valid and White is not in check. */
function tryArrangement(setup: ExplorerSetup): Result<Position> {
  const pieces = new Map<string, string>();
  pieces.set(setup.square, textOf(setup.variant, setup.kind, 'white'));
  for (const [sq, b] of setup.blockers) pieces.set(sq, textOf(setup.variant, b.kind, b.color));
  for (const [sq, b] of setup.helpers) {
    if (pieces.has(sq)) return err(`${sq} is taken`);
    pieces.set(sq, textOf(setup.variant, b.kind, b.color));
  }
  const fen = diagramFen(setup.variant, pieces);
  if (!fen.ok) return fen;
  const position = Position.fromFen(setup.variant, fen.value);
  if (!position.ok) return err(readable(position.error.replace(/^bad position: /, '')));
  if (position.value.isCheck()) return err('the White King would be in check there');
  if (position.value.outcome()?.reason === 'bare-king') return err('a king would be bare');
  return position;
}

/**
 * The helper pieces for kings on `white` (null: the explored piece is White's royal) and
 * `black`; in a variant with the bare-king rule (shatranj) each king gets a General beside it, on
 * the first neighbouring cell where it fits (far from an explored King), so that no side starts
 * bare.
 */
function helpersFor(
  setup: ExplorerSetup,
  white: string | null,
  black: string,
): Array<Map<string, Blocker>> {
  const kings = new Map<string, Blocker>([[black, { color: 'black', kind: 'king' }]]);
  if (white !== null) kings.set(white, { color: 'white', kind: 'king' });
  const rs = compileRuleset(setup.variant);
  if (!rs.ok || !rs.value.def.rules.bareKing) return [kings];
  const geo = rs.value.geo;
  const taken = (sq: string): boolean =>
    sq === setup.square || setup.blockers.has(sq) || kings.has(sq);
  const around = (sq: string): string[] => {
    const { file, rank } = fileRank(sq);
    const out: string[] = [];
    for (const [df, dr] of [
      [0, 1],
      [0, -1],
      [1, 0],
      [-1, 0],
      [1, 1],
      [-1, 1],
      [1, -1],
      [-1, -1],
    ] as const) {
      const s = geo.inBox(file + df, rank + dr) ? geo.sq(file + df, rank + dr) : -1;
      if (s >= 0 && geo.isMainBoard(s) && !taken(geo.name(s))) out.push(geo.name(s));
    }
    return out;
  };
  const out: Array<Map<string, Blocker>> = [];
  // With the explored King alone, White's companion goes far from it, not in its way.
  const whiteFar =
    white === null
      ? mainCells(setup.variant, fileRank(setup.square))
          .reverse()
          .filter((sq) => !taken(sq))
          .slice(0, 6)
      : [null];
  for (const b of around(black))
    for (const w of whiteFar) {
      if (w === b) continue;
      const m = new Map(kings);
      m.set(b, { color: 'black', kind: 'general' });
      if (w !== null) m.set(w, { color: 'white', kind: 'general' });
      out.push(m);
    }
  return out;
}

/**
 * True when no helper stands where the explored piece could go or that it guards: a helper the
 * piece attacks would cut its moves or be one of them (the core's attack test, run as White).
 */
function outOfTheWay(setup: ExplorerSetup, position: Position): boolean {
  const geo = position.rs.geo;
  const fast = position.fastPosition();
  for (const sq of setup.helpers.keys())
    if (isAttacked(fast, geo.parseSquare(sq), 0) && !setup.blockers.has(sq)) return false;
  return true;
}

/**
 * Places the kings (keeping their cells while they stay valid and out of the piece's way, else
 * corners first, then the cells farthest from the explored piece) and returns the view, or why
 * no arrangement works. When every valid arrangement is in the way, the first valid one is used.
 */
export function arrange(setup: ExplorerSetup): Result<ExplorerView> {
  const first = tryArrangement(setup);
  if (first.ok && outOfTheWay(setup, first.value)) return ok(viewOf(setup, first.value));
  // A bad cell for the piece or a blocker is not the kings' fault: say so at once.
  if (!first.ok && !/check|is taken|has no king|bare/.test(first.error)) return first;
  let fallback: ExplorerView | null = first.ok ? viewOf(setup, first.value) : null;
  const far = mainCells(setup.variant, fileRank(setup.square))
    .reverse()
    .filter((sq) => sq !== setup.square && !setup.blockers.has(sq));
  const corner = (color: Color): string | undefined =>
    [...far].sort((a, b) => {
      const pa = fileRank(a);
      const pb = fileRank(b);
      return color === 'white'
        ? pa.rank - pb.rank || pa.file - pb.file
        : pb.rank - pa.rank || pb.file - pa.file;
    })[0];
  const keptKing = (color: Color): string[] =>
    [...setup.helpers]
      .filter(([sq, b]) => b.kind === 'king' && b.color === color && far.includes(sq))
      .map(([sq]) => sq);
  const candidates = (color: Color): string[] =>
    [...new Set([...keptKing(color), corner(color) ?? '', ...far])]
      .filter((sq) => sq !== '')
      .slice(0, ROYAL_CANDIDATES);
  const whites = isRoyal(setup.variant, setup.kind) ? [null] : candidates('white');
  for (const white of whites)
    for (const black of candidates('black')) {
      if (black === white) continue;
      for (const helpers of helpersFor(setup, white, black)) {
        const next: ExplorerSetup = { ...setup, helpers };
        const p = tryArrangement(next);
        if (!p.ok) continue;
        if (outOfTheWay(next, p.value)) return ok(viewOf(next, p.value));
        fallback ??= viewOf(next, p.value);
      }
    }
  return fallback ? ok(fallback) : err(first.ok ? 'no arrangement' : first.error);
}

function viewOf(setup: ExplorerSetup, position: Position): ExplorerView {
  const moves = position.legalMoves().filter((m) => m.from === setup.square);
  const destinations = [...new Set(moves.map((m) => m.to))];
  const captures = [...new Set(moves.filter((m) => m.capture).map((m) => m.to))];
  return { setup, position, moves, destinations, captures };
}

/**
 * The explored piece alone on the board: on the cell nearest the centre where it may stand (a
 * pawn on its side's double-step rank when the variant has one, so that step shows).
 */
export function startExplorer(variant: string, kind: KindKey): Result<ExplorerView> {
  const rs = compileRuleset(variant);
  if (!rs.ok) return rs;
  const geo = rs.value.geo;
  const pawnRank = rs.value.def.rules.pawn.doubleStepRank;
  const isPawnKind = rs.value.isPawn[pieceCode(KIND[kind], 0)] === 1;
  const centre = {
    file: (geo.files - 1) / 2,
    rank: isPawnKind && pawnRank !== null ? pawnRank : (geo.ranks - 1) / 2,
  };
  let last: Result<ExplorerView> = err(`no cell for the ${kind}`);
  for (const square of mainCells(variant, centre).slice(0, 12)) {
    last = arrange({
      variant,
      kind,
      square,
      blockers: new Map(),
      helpers: new Map(),
    });
    if (last.ok) return last;
  }
  return last;
}

/** The explored piece put on `square` (an empty cell), blockers kept. */
export function movePiece(view: ExplorerView, square: string): Result<ExplorerView> {
  const { setup } = view;
  if (square === setup.square) return ok(view);
  if (setup.blockers.has(square)) return err(`${square} is taken by a blocker`);
  if (setup.helpers.has(square)) return err(HELPER_CELL);
  return arrange({ ...setup, square });
}

/**
 * Adds a blocker of `color` on an empty `square`, or removes the blocker standing there. The
 * blocker is the variant's pawn, or a small piece where a pawn may not stand.
 */
export function toggleBlocker(
  view: ExplorerView,
  square: string,
  color: Color,
): Result<ExplorerView> {
  const { setup } = view;
  if (setup.blockers.has(square)) {
    const blockers = new Map(setup.blockers);
    blockers.delete(square);
    return arrange({ ...setup, blockers });
  }
  if (square === setup.square) return err('that is the piece being shown');
  if (setup.helpers.has(square)) return err(HELPER_CELL);
  const rs = compileRuleset(setup.variant);
  if (!rs.ok) return rs;
  const letters = rs.value.def.letters;
  let last: Result<ExplorerView> = err('no blocker fits there');
  for (const kind of BLOCKER_KINDS) {
    if (!letters[kind]) continue;
    const blockers = new Map(setup.blockers);
    blockers.set(square, { color, kind });
    last = arrange({ ...setup, blockers });
    if (last.ok) return last;
  }
  return last;
}

/**
 * Another kind on its own starting cell (see `startExplorer`), keeping the blockers and kings
 * where they still fit; without them when they do not.
 */
export function changeKind(view: ExplorerView, kind: KindKey): Result<ExplorerView> {
  const fresh = startExplorer(view.setup.variant, kind);
  if (!fresh.ok) return fresh;
  const square = fresh.value.setup.square;
  const blockers = new Map(view.setup.blockers);
  blockers.delete(square);
  const royal = isRoyal(view.setup.variant, kind);
  const helpers = new Map(
    [...view.setup.helpers].filter(
      ([sq, b]) => sq !== square && !(royal && b.color === 'white' && b.kind === 'king'),
    ),
  );
  const kept = arrange({ ...view.setup, kind, square, blockers, helpers });
  return kept.ok ? kept : fresh;
}
