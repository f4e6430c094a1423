/**
 * A move in words for people who listen to the page ("Black: knight from g8 to f6, check"), said
 * by the live regions of the play page (the engine's move) and the online game page (the
 * opponent's). Pieces are named by the core (`KIND_INFO`, so Tamerlane's giraffe, camel and
 * picket have their own names), and what a special move did is read off the positions before and
 * after it, never re-derived from the rules.
 */
import {
  KIND_INFO,
  colorTitle,
  type KindKey,
  type MoveInfo,
  type PieceOnBoard,
  type Position,
} from '@citadel/core';

type Board = ReadonlyMap<string, PieceOnBoard>;

const boardOf = (p: Position): Board => new Map(p.pieces().map((piece) => [piece.square, piece]));
const kindName = (kind: KindKey): string => KIND_INFO[kind].name.toLowerCase();
const named = (piece: PieceOnBoard | undefined): string => piece?.name.toLowerCase() ?? 'piece';
/** "a queen", "an adventitious king". */
const withArticle = (name: string): string => `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`;
const same = (a: PieceOnBoard | undefined, b: PieceOnBoard | undefined): boolean =>
  a !== undefined && b !== undefined && a.color === b.color && a.kind === b.kind;

/** Squares where `before` had a piece of `color` that `after` no longer has there. */
function left(before: Board, after: Board, color: string): string[] {
  const out: string[] = [];
  for (const [sq, p] of before) if (p.color === color && !same(p, after.get(sq))) out.push(sq);
  return out;
}

/** Squares where `after` has a piece of `color` that `before` did not have there. */
function arrived(before: Board, after: Board, color: string): string[] {
  return left(after, before, color);
}

/**
 * `move` (one of `before`'s legal moves) in words, `after` being `before` with it played: who
 * moved, what, from where to where, what it took, what it became, and check, mate or the end the
 * move brought.
 */
export function moveWords(before: Position, move: MoveInfo, after: Position): string {
  const was = boardOf(before);
  const now = boardOf(after);
  const us = before.turn();
  const them = us === 'white' ? 'black' : 'white';
  const piece = named(was.get(move.from));
  const taken = left(was, now, them);
  const takes = (sq: string): string => `takes the ${named(was.get(sq))} on ${sq}`;
  let what: string;
  switch (move.kind) {
    case 'castling': {
      const rookFrom = left(was, now, us).find((sq) => sq !== move.from);
      const rookTo = arrived(was, now, us).find((sq) => sq !== move.to);
      const rook =
        rookFrom && rookTo ? `, ${named(was.get(rookFrom))} from ${rookFrom} to ${rookTo}` : '';
      what = `castles, ${piece} from ${move.from} to ${move.to}${rook}`;
      break;
    }
    case 'king swap':
    case 'rendezvous':
      what = `${piece} from ${move.from} swaps places with the ${named(was.get(move.to))} on ${move.to}`;
      break;
    case 'relocation':
      what = `${kindName('pawnOfPawns')} relocated from ${move.from} to ${move.to}`;
      if (taken.length > 0) what += `, removing the ${named(was.get(taken[0]!))}`;
      break;
    case 'citadel swap': {
      // The royal enters the enemy citadel, then exchanges places with its partner.
      const partnerFrom = left(was, now, us).find((sq) => sq !== move.from);
      const partner = named(partnerFrom ? was.get(partnerFrom) : undefined);
      what =
        `${piece} from ${move.from} enters the citadel on ${move.to}, then swaps places with ` +
        `the ${partner}${partnerFrom ? ` on ${partnerFrom}` : ''}`;
      break;
    }
    case 'en passant':
      what = `${piece} from ${move.from} ${taken[0] ? takes(taken[0]) : 'takes'} en passant, to ${move.to}`;
      break;
    case 'pawn of pawns return': {
      // Its second arrival: it goes on to the pawn of kings' start cell, removing what stood there.
      const land = arrived(was, now, us)[0];
      const onTo = taken.includes(move.to);
      what = `${piece} from ${move.from} ${onTo ? takes(move.to) : `to ${move.to}`}`;
      what += land ? `, and returns to ${land}` : ', and leaves the board (no cell to return to)';
      const removed = taken.find((sq) => sq !== move.to);
      if (removed) what += `, removing the ${named(was.get(removed))} there`;
      break;
    }
    default: {
      const onTo = taken.includes(move.to);
      what = `${piece} from ${move.from} ${onTo ? takes(move.to) : `to ${move.to}`}`;
      if (move.promotion === 'pawnOfPawnsWaiting') what += ', where it waits to be placed again';
      else if (move.promotion) what += `, becomes ${withArticle(kindName(move.promotion))}`;
    }
  }
  return `${colorTitle(us)}: ${what}${ending(after)}`;
}

/** ", check", ", checkmate", or the end the move brought ("…: draw"). */
function ending(after: Position): string {
  const outcome = after.outcome();
  if (outcome?.reason === 'checkmate') return ', checkmate';
  const check = after.isCheck() ? ', check' : '';
  return outcome ? `${check}, ${outcome.text}` : check;
}
