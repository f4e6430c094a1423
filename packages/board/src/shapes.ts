/**
 * Arrows and circles on the board: the user draws them with the right mouse button, and the app
 * shows its own (an engine's best move). This file is the pure model; `shapes-view.ts` draws.
 */

export const BRUSHES = ['green', 'red', 'blue', 'yellow'] as const;
export type Brush = (typeof BRUSHES)[number];

/** An arrow from `from` to `to`, or a circle on `from` when `to` is absent or equal. */
export interface BoardShape {
  readonly from: string;
  readonly to?: string | undefined;
  /** Colour; green when absent. */
  readonly brush?: Brush | undefined;
}

export function isBrush(value: unknown): value is Brush {
  return typeof value === 'string' && (BRUSHES as readonly string[]).includes(value);
}

/** Which keys were held: Shift or Ctrl paints red, Alt blue, Alt with Shift yellow. */
export interface BrushKeys {
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
}

export function brushFor(keys: BrushKeys): Brush {
  const red = keys.shiftKey || keys.ctrlKey || keys.metaKey;
  if (keys.altKey) return red ? 'yellow' : 'blue';
  return red ? 'red' : 'green';
}

const sameSquares = (a: BoardShape, b: BoardShape): boolean =>
  a.from === b.from && (a.to ?? a.from) === (b.to ?? b.from);

/** A shape in its plain form: a circle has no `to`, the brush is always named. */
export function normalShape(s: BoardShape): BoardShape {
  const to = s.to !== undefined && s.to !== s.from ? s.to : undefined;
  return to === undefined
    ? { from: s.from, brush: s.brush ?? 'green' }
    : { from: s.from, to, brush: s.brush ?? 'green' };
}

/**
 * Drawing a shape again removes it; drawing it in another colour recolours it; anything else
 * adds it. Returns a new list.
 */
export function toggleShape(shapes: readonly BoardShape[], shape: BoardShape): BoardShape[] {
  const s = normalShape(shape);
  const i = shapes.findIndex((x) => sameSquares(x, s));
  if (i < 0) return [...shapes, s];
  const old = shapes[i]!;
  const rest = shapes.filter((_, j) => j !== i);
  return (old.brush ?? 'green') === s.brush ? rest : [...rest.slice(0, i), s, ...rest.slice(i)];
}
