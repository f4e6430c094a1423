/**
 * Worked examples of the special rules for the rules page: small prepared positions, each with
 * one move to show (or one piece whose moves to mark), and a short text. Which examples a variant
 * gets is read from its rules data (`def.rules`), never from its name; the positions are written
 * per board (their squares depend on the geometry). The core plays every move: the browser and
 * unit tests check that each one is legal and has the kind and outcome stated here.
 * Rule sources: docs/rules.md §1 (husun), §2-§3 (Tamerlane), §4 (Persian), §5b (chess, shatranj).
 */
import type { MoveKind, OutcomeReason, VariantDef } from '@citadel/core';

export interface RuleExample {
  /** Stable id (used by tests and as the element id). */
  readonly id: string;
  readonly title: string;
  /** What the rule says and what the diagram shows. */
  readonly text: string;
  /** Pieces by square (`K`, `p`, `P[H]`); the rest of the board is empty. */
  readonly pieces: Readonly<Record<string, string>>;
  readonly turn?: 'w' | 'b';
  /** Rights field (default `-`). */
  readonly rights?: string;
  /** En-passant cell (the one a pawn just passed over). */
  readonly ep?: string;
  /** The move to show, as move text (`b8a9`), or none when `reach` is given. */
  readonly move?: string;
  /** Mark every destination of the piece on this cell instead of showing one move. */
  readonly reach?: string;
  /** What the core must report for `move`: its kind and, where the game ends, the reason. */
  readonly expect?: { readonly kind?: MoveKind; readonly outcome?: OutcomeReason };
}

type Board = 'husun' | 'tamerlane' | 'persian' | 'chess' | 'shatranj';

function boardOf(def: VariantDef): Board | null {
  if (def.family === 'husun' || def.family === 'tamerlane' || def.family === 'persian')
    return def.family;
  if (def.id === 'chess' || def.id === 'shatranj') return def.id;
  return null;
}

function citadelDraw(board: Board): RuleExample | null {
  const text = {
    husun:
      "A King that moves onto one of the opponent's citadels ends the game at once in a draw. White's King is alone against a Rook and a General, so it escapes from k11 into l12, a citadel on Black's side. Its own citadels (a1, l1) have no such effect.",
    tamerlane:
      "When a King or Prince enters the opponent's citadel the game is drawn at once. White's lone King, facing two Rooks, steps from b8 into a9, Black's citadel. A King or Prince may never enter its own citadel (m2 for White); only the Adventitious King may, to guard it.",
    persian:
      "A King that moves onto a citadel on the opponent's side (a11 or k11 for White) draws the game at once, whatever the material. White, a Queen down, steps from j10 into k11.",
  } as const;
  switch (board) {
    case 'husun':
      return {
        id: 'citadel-draw',
        title: 'Citadel draw',
        text: text.husun,
        pieces: { k11: 'K', e7: 'k', d3: 'r', h5: 'f' },
        move: 'k11l12',
        expect: { outcome: 'citadel' },
      };
    case 'tamerlane':
      return {
        id: 'citadel-draw',
        title: 'Citadel draw',
        text: text.tamerlane,
        pieces: { b8: 'K', g6: 'k', e2: 'r', f3: 'r' },
        move: 'b8a9',
        expect: { outcome: 'citadel' },
      };
    case 'persian':
      return {
        id: 'citadel-draw',
        title: 'Citadel draw',
        text: text.persian,
        pieces: { j10: 'K', d4: 'k', c6: 'q' },
        move: 'j10k11',
        expect: { outcome: 'citadel' },
      };
    default:
      return null;
  }
}

const KING_SWAP: RuleExample = {
  id: 'king-swap',
  title: 'King swap',
  text: 'Once per game, when the King is in check or its side has no other legal move, the King may exchange cells with any friendly piece on the main board, provided it is not attacked afterwards. Here the Rook on g5 checks the King on g1, so the King changes places with the Knight on b2.',
  pieces: { g1: 'K', b2: 'N', g5: 'r', g9: 'k' },
  rights: 'S',
  move: 'g1b2',
  expect: { kind: 'king swap' },
};

const ROYAL_POOL: RuleExample = {
  id: 'royal-pool',
  title: 'King and Prince',
  text: "While a player has both a King and a Prince (the promoted pawn of kings), neither is in check: either may be captured, and the one left becomes royal. So although Black's Rook attacks the King on f1, White may play another move, here the Prince from d4 to d5.",
  pieces: { f1: 'K', d4: 'H', f8: 'r', k9: 'k' },
  move: 'd4d5',
  expect: { kind: 'normal' },
};

const TAGGED_PROMOTION: RuleExample = {
  id: 'promotion',
  title: 'Promotion',
  text: 'Each pawn is named after the piece it becomes on the last rank, at once and without choice; the badge on a pawn shows which. The pawn of kings becomes the Prince, a second king.',
  pieces: { e9: 'P[H]', g1: 'K', k8: 'k' },
  move: 'e9e10',
  expect: { kind: 'promotion' },
};

const PAWN_OF_PAWNS: readonly RuleExample[] = [
  {
    id: 'pawn-of-pawns-1',
    title: 'Pawn of pawns, first arrival',
    text: 'Reaching the last rank the first time, the pawn of pawns stays there: it cannot move or be captured. On a later turn its owner may lift it, as a whole move, to any empty cell from which it attacks two enemy pieces at once (or one that then has no legal move). Here it goes from b10 to e5, forking the Rook and the Knight.',
    pieces: { b10: 'P[P=]', d6: 'r', f6: 'n', g1: 'K', k9: 'k' },
    move: 'b10e5',
    expect: { kind: 'relocation' },
  },
  {
    id: 'pawn-of-pawns-2',
    title: 'Pawn of pawns, second arrival',
    text: 'After the lift it plays as a pawn again. When it reaches the last rank a second time it is placed at once on the starting cell of the pawn of kings (g3 for White in the masculine array).',
    pieces: { d9: 'P[P2]', g1: 'K', k8: 'k' },
    move: 'd9d10',
    expect: { kind: 'pawn of pawns return' },
  },
  {
    id: 'pawn-of-pawns-3',
    title: 'Pawn of pawns, third arrival',
    text: 'On its third arrival it becomes the Adventitious King: it moves like a King but is not royal (it may be captured), and it may stand on its own citadel to keep the enemy King out.',
    pieces: { c9: 'P[P3]', g1: 'K', k8: 'k' },
    move: 'c9c10',
    expect: { kind: 'promotion' },
  },
];

function promotion(def: VariantDef, board: Board): RuleExample | null {
  const choices = def.rules.pawn.promotion;
  if (choices === 'tag') return TAGGED_PROMOTION;
  if (choices.length > 1) {
    const sq = board === 'persian' ? { from: 'c9', to: 'c10' } : { from: 'b7', to: 'b8' };
    const kings = board === 'persian' ? { f2: 'K', h7: 'k' } : { e1: 'K', h5: 'k' };
    const last = board === 'persian' ? 'rank 10 for White' : 'the last rank';
    return {
      id: 'promotion',
      title: 'Promotion',
      text: `A pawn reaching ${last} becomes a Queen, Rook, Bishop or Knight, as its player chooses. Here it becomes a Queen.`,
      pieces: { [sq.from]: 'P', ...kings },
      move: `${sq.from}${sq.to}q`,
      expect: { kind: 'promotion' },
    };
  }
  if (board === 'husun')
    return {
      id: 'promotion',
      title: 'Promotion',
      text: 'A pawn reaching the last rank of the 10x10 board (rank 11 for White) becomes a General at once.',
      pieces: { e10: 'P', b2: 'K', i6: 'k' },
      move: 'e10e11',
      expect: { kind: 'promotion' },
    };
  if (board === 'shatranj')
    return {
      id: 'promotion',
      title: 'Promotion',
      text: 'A pawn reaching the last rank becomes a General (the fers, written Q) at once.',
      pieces: { b7: 'P', d1: 'K', h5: 'k', h4: 'p' },
      move: 'b7b8',
      expect: { kind: 'promotion' },
    };
  return null;
}

function castling(board: Board): RuleExample | null {
  if (board === 'persian')
    return {
      id: 'castling',
      title: 'Castling',
      text: 'Castling follows the FIDE conditions. On the princess side the King goes three cells, f2 to i2, and the Rook from j2 to h2; on the queen side the King goes two cells, f2 to d2, and the Rook from b2 to e2.',
      pieces: { b2: 'R', f2: 'K', j2: 'R', f10: 'k', c8: 'p', h8: 'p' },
      rights: 'KQ',
      move: 'f2i2',
      expect: { kind: 'castling' },
    };
  if (board === 'chess')
    return {
      id: 'castling',
      title: 'Castling',
      text: 'The King moves two cells towards a Rook that has not moved and the Rook jumps to the cell the King passed; neither may have moved, the cells between must be empty and the King may not be in check, pass through or land on an attacked cell.',
      pieces: { a1: 'R', e1: 'K', h1: 'R', e8: 'k' },
      rights: 'KQ',
      move: 'e1g1',
      expect: { kind: 'castling' },
    };
  return null;
}

function enPassant(board: Board): RuleExample | null {
  if (board === 'persian')
    return {
      id: 'en-passant',
      title: 'En passant',
      text: "Pawns may step two cells from their starting rank (3 for White, 9 for Black). Black's pawn has just gone from d9 to d7, passing the White pawn on e7, which may capture it as if it had stepped only to d8.",
      pieces: { e7: 'P', d7: 'p', f2: 'K', h10: 'k' },
      ep: 'd8',
      move: 'e7d8',
      expect: { kind: 'en passant' },
    };
  if (board === 'chess')
    return {
      id: 'en-passant',
      title: 'En passant',
      text: "Black's pawn has just gone from d7 to d5, passing the White pawn on e5, which may capture it as if it had stepped only to d6.",
      pieces: { e5: 'P', d5: 'p', e1: 'K', e8: 'k' },
      ep: 'd6',
      move: 'e5d6',
      expect: { kind: 'en passant' },
    };
  return null;
}

function rendezvous(def: VariantDef): RuleExample | null {
  const r = def.rules.rendezvous;
  if (!r) return null;
  const name = r.piece === 'champion' ? 'Champion' : 'Princess';
  const letter = r.piece === 'champion' ? 'C' : 'S';
  return {
    id: 'rendezvous',
    title: 'Rendezvous',
    text: `Once per game, the ${name} on its home cell g2 may "move" onto h2 when a friendly Bishop stands there: the two change places, so the Bishop now runs on the other colour. It is a quiet move and may not leave the King in check.`,
    pieces: { f2: 'K', g2: letter, h2: 'B', f10: 'k' },
    rights: 'V',
    move: 'g2h2',
    expect: { kind: 'rendezvous' },
  };
}

const CENTRE: RuleExample = {
  id: 'centre',
  title: 'The centre cell',
  text: 'Only pawns and the Princess may stop on f6. Other pieces may pass over it: the Rook on f3 reaches f10 but not f6 (marked cells are where it may go).',
  pieces: { f3: 'R', c2: 'K', j9: 'k' },
  reach: 'f3',
};

const EYE: readonly RuleExample[] = [
  {
    id: 'eye-diagonals',
    title: 'The All-Seeing Eye',
    text: 'A neutral Eye sits on f6 and never moves. Every cell of its two long diagonals counts as attacked for both sides, whatever stands between, so no King may stand there: the King on e4 may not step to d4 or e5. The four citadels lie on these diagonals too, so in this sub-variant no King can ever reach one.',
    pieces: { e4: 'K', h10: 'k', h3: 'P', c8: 'p' },
    reach: 'e4',
  },
  {
    id: 'eye-cell',
    title: 'Passing the Eye',
    text: 'No piece may stop on f6, but sliders pass over it: the Bishop on c3 reaches g7 and beyond. Pieces other than Kings may stand on the diagonals.',
    pieces: { c3: 'B', h2: 'K', h10: 'k', g3: 'P', e9: 'p' },
    reach: 'c3',
  },
];

function stalemateWins(board: Board): RuleExample | null {
  const text =
    'Stalemate is not a draw here: the side left without a legal move, though not in check, loses.';
  switch (board) {
    case 'husun':
      return {
        id: 'stalemate',
        title: 'Stalemate wins',
        text: `${text} The Elephant leaps from g7 to i9; Black's King on f11 then has no move, and White wins.`,
        pieces: { f11: 'k', f9: 'K', c9: 'E', g7: 'E' },
        move: 'g7i9',
        expect: { outcome: 'stalemate' },
      };
    case 'tamerlane':
      return {
        id: 'stalemate',
        title: 'Stalemate wins',
        text: `${text} The General steps from e8 to d9; Black's King on b10 then has no move (its own citadel a9 is closed to it), and White wins.`,
        pieces: { b10: 'k', b8: 'K', e8: 'F' },
        move: 'e8d9',
        expect: { outcome: 'stalemate' },
      };
    case 'shatranj':
      return {
        id: 'stalemate',
        title: 'Stalemate wins',
        text: `${text} The Knight goes from e5 to c6; Black's King on a8 and its blocked pawn then have no move, and White wins.`,
        pieces: { a8: 'k', c7: 'K', e5: 'N', h5: 'p', h4: 'P' },
        move: 'e5c6',
        expect: { outcome: 'stalemate' },
      };
    default:
      return null;
  }
}

const BARE_KING: RuleExample = {
  id: 'bare-king',
  title: 'Bare king',
  text: 'A King left alone (bare) loses. Only when the opponent has a single piece besides the King does the bare King get one move to capture it too and save the game. Here the Rook takes the Knight on a8 and White keeps two pieces, so Black has lost at once.',
  pieces: { e1: 'K', a5: 'R', b1: 'N', e8: 'k', a8: 'n' },
  move: 'a5a8',
  expect: { outcome: 'bare-king' },
};

/** The worked examples that apply to a variant, in reading order. */
export function ruleExamples(def: VariantDef): RuleExample[] {
  const board = boardOf(def);
  if (!board) return [];
  const rules = def.rules;
  const out: Array<RuleExample | null> = [];
  if (rules.citadels && rules.citadels.drawBy.length > 0 && !rules.allSeeingEye)
    out.push(citadelDraw(board));
  if (rules.kingSwap) out.push(KING_SWAP);
  if (rules.royalty === 'pool') out.push(ROYAL_POOL);
  out.push(promotion(def, board));
  if (rules.pawnOfPawns) out.push(...PAWN_OF_PAWNS);
  if (rules.castling) out.push(castling(board));
  if (rules.pawn.enPassant) out.push(enPassant(board));
  out.push(rendezvous(def));
  if (rules.centre) out.push(CENTRE);
  if (rules.allSeeingEye) out.push(...EYE);
  if (rules.stalemate === 'loss') out.push(stalemateWins(board));
  if (rules.bareKing) out.push(BARE_KING);
  return out.filter((e): e is RuleExample => e !== null);
}
