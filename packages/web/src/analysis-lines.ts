/**
 * The analysis board's best lines, kept per depth. The engine reports each MultiPV line of an
 * iteration as it finishes, so lines of two depths arrive interleaved; showing them slot by slot
 * mixes depths (the same first move twice, scores out of order). This store keeps every depth
 * apart and shows the deepest finished one: its lines sorted best first for the side to move,
 * one per first move. The deeper iteration still running is reported separately, marked as
 * unfinished.
 */
import type { UciScore } from '@citadel/engine';

export interface AnalysisLine {
  /** Score from the side to move's point of view (as the engine reports it). */
  readonly score: UciScore;
  /** The line's moves as move text; the first is the move the line recommends. */
  readonly pv: readonly string[];
  readonly depth: number;
}

export interface ShownLines {
  /** The deepest finished depth (0 while none has finished). */
  readonly depth: number;
  /** Its lines, best first, distinct first moves. */
  readonly lines: readonly AnalysisLine[];
  /** The depth being searched beyond it, with how many of its lines have finished (or null). */
  readonly searching: { readonly depth: number; readonly found: number } | null;
}

/** A score as a number that sorts: mates beyond every centipawn score, sooner mates further out. */
export function scoreRank(s: UciScore): number {
  if (s.type === 'cp') return s.value;
  return s.value > 0 ? 1_000_000 - s.value : -1_000_000 - s.value;
}

export class LineStore {
  private readonly byDepth = new Map<number, AnalysisLine[]>();
  private finishedDepth = 0;

  /** `wanted`: lines asked for, capped by the number of legal moves. */
  constructor(private readonly wanted: number) {}

  /** Records line `multiPv` (1-based) of an iteration. */
  add(multiPv: number, line: AnalysisLine): void {
    if (multiPv < 1 || multiPv > this.wanted) return;
    const lines = this.byDepth.get(line.depth) ?? [];
    lines[multiPv - 1] = line;
    this.byDepth.set(line.depth, lines);
    // An iteration ends before the next one starts: a deeper line finishes every shallower depth.
    for (const d of this.byDepth.keys())
      if (d < line.depth || this.count(d) >= this.wanted)
        this.finishedDepth = Math.max(this.finishedDepth, d);
  }

  /** The engine said its search finished `depth` (its last complete iteration). */
  finish(depth: number): void {
    if (this.byDepth.has(depth)) this.finishedDepth = Math.max(this.finishedDepth, depth);
  }

  shown(): ShownLines {
    const depth = this.finishedDepth;
    const lines = sortedDistinct(this.byDepth.get(depth) ?? []);
    let searching: ShownLines['searching'] = null;
    for (const d of this.byDepth.keys())
      if (d > depth && (!searching || d > searching.depth))
        searching = { depth: d, found: this.count(d) };
    return { depth, lines, searching };
  }

  private count(depth: number): number {
    return (this.byDepth.get(depth) ?? []).filter((l) => l !== undefined).length;
  }
}

/** Best first (stable), and only the first line of each first move. */
export function sortedDistinct(lines: readonly (AnalysisLine | undefined)[]): AnalysisLine[] {
  const present = lines.filter((l): l is AnalysisLine => l !== undefined && l.pv.length > 0);
  const sorted = present
    .map((l, i) => ({ l, i }))
    .sort((a, b) => scoreRank(b.l.score) - scoreRank(a.l.score) || a.i - b.i)
    .map((x) => x.l);
  const seen = new Set<string>();
  return sorted.filter((l) => {
    const first = l.pv[0]!;
    if (seen.has(first)) return false;
    seen.add(first);
    return true;
  });
}
