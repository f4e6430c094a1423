/**
 * The pieces as DOM: one absolutely placed element per piece over the cells, kept across states
 * so that a piece which moved slides from where it stood.
 */
import type { BoardLayout } from './layout.ts';
import { pieceSvg } from './pieces.ts';
import { parseSquare } from './squares.ts';
import type { BoardPiece } from './types.ts';

const pieceKey = (p: BoardPiece): string => `${p.color}|${p.kind}|${p.text}`;

export class PiecesView {
  /** The element the pieces are drawn in (placed over the cells). */
  readonly layer: HTMLElement;
  private els = new Map<string, HTMLElement>();

  constructor(private readonly doc: Document) {
    this.layer = doc.createElement('div');
    this.layer.className = 'cb-layer';
    this.layer.setAttribute('aria-hidden', 'true');
  }

  get(square: string): HTMLElement | undefined {
    return this.els.get(square);
  }

  /** Removes every piece (a new layout). */
  clear(): void {
    this.layer.replaceChildren();
    this.els.clear();
  }

  /** Dims the piece on `square` (it is being dragged), or none. */
  setLifted(square: string | null): void {
    for (const [sq, el] of this.els) el.classList.toggle('cb-lifted', sq === square);
  }

  /**
   * Shows `pieces`. With `animateMs` > 0, a piece that moved slides over, except the one that
   * was just dropped on `dropped` by a drag (it is already there).
   */
  place(
    layout: BoardLayout,
    pieces: readonly BoardPiece[],
    lastMove: { from: string; to: string } | undefined,
    animateMs: number,
    dropped: string | null,
  ): void {
    const old = this.els;
    const next = new Map<string, HTMLElement>();
    const wanted: BoardPiece[] = [];
    // 1. Pieces that stay where they were keep their element.
    for (const p of pieces) {
      const el = old.get(p.square);
      if (el && el.dataset['key'] === pieceKey(p)) {
        next.set(p.square, el);
        old.delete(p.square);
      } else wanted.push(p);
    }
    // 2. The rest take the nearest vacated element of the same colour (the same kind first, so a
    //    promotion re-draws in place), which then slides over.
    const vacated = [...old.entries()];
    const moves: Array<{ el: HTMLElement; from: string; to: string }> = [];
    // The piece that made the last move claims its element first (before a castling rook could).
    wanted.sort((x, y) => Number(y.square === lastMove?.to) - Number(x.square === lastMove?.to));
    for (const p of wanted) {
      let best =
        lastMove && lastMove.to === p.square
          ? vacated.findIndex(([sq, el]) => sq === lastMove.from && el.dataset['color'] === p.color)
          : -1;
      if (best < 0) {
        let bestScore = Infinity;
        const to = parseSquare(p.square) ?? [0, 0];
        vacated.forEach(([sq, el], i) => {
          if (el.dataset['color'] !== p.color) return;
          const from = parseSquare(sq) ?? [0, 0];
          const score =
            Math.hypot(from[0] - to[0], from[1] - to[1]) +
            (el.dataset['kind'] === p.kind ? 0 : 100);
          if (score < bestScore) {
            bestScore = score;
            best = i;
          }
        });
      }
      let el: HTMLElement;
      if (best >= 0) {
        const [from, reused] = vacated.splice(best, 1)[0]!;
        el = reused;
        this.draw(el, p);
        if (animateMs > 0 && from !== p.square) moves.push({ el, from, to: p.square });
      } else {
        el = this.doc.createElement('div');
        el.className = 'cb-piece';
        this.draw(el, p);
        this.layer.append(el);
      }
      next.set(p.square, el);
    }
    for (const [, el] of vacated) el.remove();
    this.els = next;
    const transformOf = (square: string): string => {
      const { col, row } = layout.place(square);
      return `translate(${col * 100}%, ${row * 100}%)`;
    };
    for (const [sq, el] of next) {
      // A slide still running from the previous state would show the piece at its old target.
      if (typeof el.getAnimations === 'function') for (const a of el.getAnimations()) a.cancel();
      el.style.transform = transformOf(sq);
      el.dataset['square'] = sq;
    }
    for (const m of moves) {
      if (dropped === m.to || typeof m.el.animate !== 'function') continue;
      m.el.animate([{ transform: transformOf(m.from) }, { transform: transformOf(m.to) }], {
        duration: animateMs,
        easing: 'cubic-bezier(0.25, 0.8, 0.35, 1)',
      });
    }
  }

  private draw(el: HTMLElement, p: BoardPiece): void {
    const key = pieceKey(p);
    if (el.dataset['key'] === key) return;
    el.dataset['key'] = key;
    el.dataset['color'] = p.color;
    el.dataset['kind'] = p.kind;
    el.innerHTML = pieceSvg(p.kind, p.color, p.text);
  }
}
