/**
 * Draws arrows and circles in an SVG laid over the pieces. Coordinates are in cells: the SVG's
 * view box is the board's bounding box, one unit per cell, so shapes scale with the board.
 */
import type { BoardLayout } from './layout.ts';
import { normalShape, type BoardShape } from './shapes.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Line width, arrow head length and half width, circle radius and width, in cells. */
const LINE = 0.16;
const HEAD = 0.42;
const HEAD_HALF = 0.3;
const RING_R = 0.44;
const RING_W = 0.08;

export class ShapesView {
  readonly element: SVGSVGElement;

  constructor(private readonly doc: Document) {
    this.element = doc.createElementNS(SVG_NS, 'svg');
    this.element.setAttribute('class', 'cb-shapes');
    this.element.setAttribute('aria-hidden', 'true');
  }

  /** Draws the app's shapes, the user's, and the one being drawn now. */
  draw(
    layout: BoardLayout,
    app: readonly BoardShape[],
    user: readonly BoardShape[],
    drawing: BoardShape | null,
  ): void {
    this.element.setAttribute('viewBox', `0 0 ${layout.files} ${layout.ranks}`);
    this.element.setAttribute('preserveAspectRatio', 'none');
    const parts: Element[] = [];
    const add = (s: BoardShape, kind: string): void => {
      if (!layout.has(s.from) || (s.to !== undefined && !layout.has(s.to))) return;
      const g = this.doc.createElementNS(SVG_NS, 'g');
      const n = normalShape(s);
      g.setAttribute('class', `cb-shape cb-${kind} cb-brush-${n.brush}`);
      g.dataset['from'] = n.from;
      if (n.to) g.dataset['to'] = n.to;
      this.paint(g, layout, n);
      parts.push(g);
    };
    for (const s of app) add(s, 'auto');
    for (const s of user) add(s, 'user');
    if (drawing) add(drawing, 'drawing');
    this.element.replaceChildren(...parts);
  }

  private paint(g: SVGGElement, layout: BoardLayout, s: BoardShape): void {
    const a = layout.place(s.from);
    const ax = a.col + 0.5;
    const ay = a.row + 0.5;
    if (s.to === undefined) {
      g.append(
        this.node('circle', {
          class: 'cb-ring',
          cx: ax,
          cy: ay,
          r: RING_R - RING_W / 2,
          'stroke-width': RING_W,
        }),
      );
      return;
    }
    const b = layout.place(s.to);
    const bx = b.col + 0.5;
    const by = b.row + 0.5;
    const len = Math.hypot(bx - ax, by - ay);
    const ux = (bx - ax) / len;
    const uy = (by - ay) / len;
    // The tip stops short of the centre so the arrow does not cover the target piece's middle.
    const tipX = bx - ux * 0.12;
    const tipY = by - uy * 0.12;
    const baseX = tipX - ux * HEAD;
    const baseY = tipY - uy * HEAD;
    g.append(
      this.node('line', {
        class: 'cb-arrow-line',
        x1: ax,
        y1: ay,
        x2: baseX + ux * 0.02,
        y2: baseY + uy * 0.02,
        'stroke-width': LINE,
        'stroke-linecap': 'round',
      }),
      this.node('polygon', {
        class: 'cb-arrow-head',
        points: [
          [tipX, tipY],
          [baseX - uy * HEAD_HALF, baseY + ux * HEAD_HALF],
          [baseX + uy * HEAD_HALF, baseY - ux * HEAD_HALF],
        ]
          .map(([x, y]) => `${x!.toFixed(3)},${y!.toFixed(3)}`)
          .join(' '),
      }),
    );
  }

  private node(name: string, attrs: Record<string, string | number>): SVGElement {
    const el = this.doc.createElementNS(SVG_NS, name);
    for (const [k, v] of Object.entries(attrs))
      el.setAttribute(k, typeof v === 'number' ? v.toFixed(3) : v);
    return el;
  }
}
