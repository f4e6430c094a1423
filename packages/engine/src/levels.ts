/**
 * Strength levels 1-10 for people. Each level limits the search (nodes and depth) and
 * adds controlled randomness to the choice among the best root moves, so low levels make human
 * mistakes (a weaker move that looks plausible) rather than random ones. Level 10 is full strength.
 *
 * The node caps grow about threefold a level, and each level's think time (`levelMovetime`) is long
 * enough for its cap to bind at ~150K nodes/s, so a level plays the same in the browser, the
 * terminal and `packages/lab/scripts/levels.ts`, and level 10 searches about twice level 9's nodes.
 */
export interface LevelSettings {
  readonly nodes: number;
  readonly depth: number;
  /** Standard deviation of the noise added to each root move's score, centipawns. */
  readonly noise: number;
  /** How many of the best root moves are candidates. */
  readonly candidates: number;
}

const TABLE: readonly LevelSettings[] = [
  { nodes: 40, depth: 1, noise: 300, candidates: 8 },
  { nodes: 120, depth: 2, noise: 220, candidates: 7 },
  { nodes: 400, depth: 2, noise: 160, candidates: 6 },
  { nodes: 1200, depth: 3, noise: 110, candidates: 5 },
  { nodes: 4000, depth: 4, noise: 75, candidates: 4 },
  { nodes: 12000, depth: 5, noise: 50, candidates: 4 },
  { nodes: 30000, depth: 7, noise: 25, candidates: 3 },
  { nodes: 80000, depth: 9, noise: 12, candidates: 3 },
  { nodes: 200000, depth: 12, noise: 5, candidates: 2 },
];

/** Think time per move of each level, ms (levels 1-10). */
const MOVETIME: readonly number[] = [140, 180, 220, 260, 300, 340, 400, 800, 1500, 3000];

export const MAX_LEVEL = 10;

/** A level as a whole number within 1-10 (the nearest). */
const clampLevel = (level: number): number => Math.min(MAX_LEVEL, Math.max(1, Math.round(level)));

/** Settings of a level, or null for full strength (level 10). */
export function levelSettings(level: number): LevelSettings | null {
  const l = clampLevel(level);
  return l === MAX_LEVEL ? null : TABLE[l - 1]!;
}

/** How long a level thinks per move when no clock says otherwise, ms. */
export function levelMovetime(level: number): number {
  return MOVETIME[clampLevel(level) - 1]!;
}

/** A normal deviate from a uniform source (Box-Muller). */
export function gaussian(random: () => number): number {
  const u = Math.max(1e-12, random());
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
