/**
 * What the browser tests load into a page: the board's public API, the test layouts, and
 * `mount`, which puts a board with a few pieces on the page and records what it reports.
 */
import {
  createBoard,
  type Board,
  type BoardPiece,
  type BoardShape,
  type BoardState,
  type Side,
} from '../src/index.ts';
import { layoutFrom } from './layouts.ts';

export * from '../src/index.ts';
export { PLAIN_8X8, SIDE_CITADELS, cornerCitadels, layoutFrom } from './layouts.ts';

export interface MountOptions {
  readonly picture: readonly string[];
  readonly orientation?: Side;
  readonly pieces?: readonly BoardPiece[];
  readonly legal?: Readonly<Record<string, readonly string[]>>;
  readonly premove?: Readonly<Record<string, readonly string[]>>;
  readonly shapes?: readonly BoardShape[];
  readonly lastMove?: { from: string; to: string };
}

export interface Mounted {
  readonly board: Board;
  /** What the board reported, in order: `move e2 e4`, `premove e2 e4`, `premove null`, ... */
  readonly events: string[];
  readonly state: BoardState;
}

const table =
  (t: Readonly<Record<string, readonly string[]>> | undefined) =>
  (from: string): readonly string[] =>
    t && Object.hasOwn(t, from) ? t[from]! : [];

/** Mounts a board in `#host` (replacing any) and keeps it as `window.mounted`. */
export function mount(o: MountOptions): Mounted {
  const host = document.getElementById('host')!;
  host.replaceChildren();
  const events: string[] = [];
  const board = createBoard(host, {
    label: 'Test board',
    animationMs: 0,
    onMove: (from, to) => events.push(`move ${from} ${to}`),
    onSquare: (sq) => events.push(`square ${sq}`),
    onPremove: (p) => events.push(p ? `premove ${p.from} ${p.to}` : 'premove null'),
    onShapes: (s) =>
      events.push(`shapes ${s.map((x) => `${x.from}${x.to ?? ''}:${x.brush}`).join(',')}`),
  });
  const state: BoardState = {
    ...layoutFrom(o.picture, o.orientation ?? 'white'),
    pieces: o.pieces ?? [],
    legalTargets: table(o.legal),
    premoveTargets: o.premove ? table(o.premove) : undefined,
    shapes: o.shapes,
    lastMove: o.lastMove,
  };
  board.set(state);
  const mounted = { board, events, state };
  (window as unknown as { mounted: Mounted }).mounted = mounted;
  return mounted;
}
