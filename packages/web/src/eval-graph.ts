/**
 * The review's evaluation graph: White's winning chance after every move of the main line, as an
 * SVG area (White's share light, from the bottom), one point per move, the judged moves marked
 * in their colour, and the move shown as a vertical line. A click anywhere in a move's slot goes
 * to that move. The move list is the keyboard's way through the game; the graph is for the eye
 * and the mouse.
 */
import type { Judgement } from './game-review.ts';

const NS = 'http://www.w3.org/2000/svg';
const W = 1000;
const H = 200;

export interface GraphPoint {
  /** White's winning chance after the move, 0..1. */
  readonly share: number;
  /** Shown on hover: the move and the evaluation. */
  readonly title: string;
  readonly judgement: Judgement | null;
}

export interface EvalGraph {
  readonly element: HTMLElement;
  /**
   * Draws `moves` slots, the points known so far (`points[i]` is move i + 1) and the current
   * move (1-based; 0 = the start, null = off the main line).
   */
  update(
    moves: number,
    points: ReadonlyArray<GraphPoint | undefined>,
    current: number | null,
  ): void;
}

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

export function createEvalGraph(onPick: (move: number) => void): EvalGraph {
  const svg = el('svg', {
    class: 'eval-graph',
    viewBox: `0 0 ${W} ${H}`,
    preserveAspectRatio: 'none',
    role: 'img',
  });
  const element = document.createElement('figure');
  element.className = 'eval-graph-box';
  element.append(svg);
  svg.addEventListener('click', (e) => {
    const slot = (e.target as Element).closest('[data-ply]');
    if (slot) onPick(Number(slot.getAttribute('data-ply')));
  });

  function update(
    moves: number,
    points: ReadonlyArray<GraphPoint | undefined>,
    current: number | null,
  ): void {
    const slot = W / Math.max(1, moves);
    const x = (i: number): number => (i - 0.5) * slot;
    // A margin above and below keeps a mark at 0 or 1 whole.
    const y = (share: number): number => 6 + (1 - share) * (H - 12);
    const children: SVGElement[] = [
      el('rect', { class: 'eval-graph-bg', x: 0, y: 0, width: W, height: H }),
    ];
    const known: Array<[number, GraphPoint]> = [];
    points.forEach((p, i) => {
      if (p) known.push([i + 1, p]);
    });
    if (known.length) {
      const top = known.map(([i, p]) => `${x(i).toFixed(1)},${y(p.share).toFixed(1)}`);
      // The area runs level from the left edge to the first point and from the last to the right.
      const firstY = y(known[0]![1].share).toFixed(1);
      const [lastMove, lastPoint] = known.at(-1)!;
      const lastY = y(lastPoint.share).toFixed(1);
      const right = lastMove === moves ? W : x(lastMove);
      children.push(
        el('polygon', {
          class: 'eval-graph-area',
          points: `0,${H} 0,${firstY} ${top.join(' ')} ${right},${lastY} ${right},${H}`,
        }),
        el('polyline', { class: 'eval-graph-line', points: top.join(' ') }),
      );
    }
    children.push(el('line', { class: 'eval-graph-mid', x1: 0, y1: H / 2, x2: W, y2: H / 2 }));
    if (current !== null && current > 0)
      children.push(
        el('line', { class: 'eval-graph-now', x1: x(current), y1: 0, x2: x(current), y2: H }),
      );
    for (const [i, p] of known) {
      // A zero-length line with a round cap and an unscaled stroke: a round dot in a stretched box.
      const dot = el('line', {
        class: `eval-point${p.judgement ? ` ${p.judgement}` : ''}`,
        x1: x(i),
        y1: y(p.share),
        x2: x(i),
        y2: y(p.share),
        'data-ply': i,
      });
      children.push(dot);
    }
    for (let i = 1; i <= moves; i++) {
      const hit = el('rect', {
        class: 'eval-slot',
        x: (i - 1) * slot,
        y: 0,
        width: slot,
        height: H,
        'data-ply': i,
      });
      const title = el('title', {});
      title.textContent = points[i - 1]?.title ?? `Move ${i}`;
      hit.append(title);
      children.push(hit);
    }
    svg.replaceChildren(...children);
    const judged = known.filter(([, p]) => p.judgement).length;
    svg.setAttribute(
      'aria-label',
      `Evaluation graph: ${known.length} of ${moves} moves evaluated, ${judged} marked`,
    );
  }

  return { element, update };
}
