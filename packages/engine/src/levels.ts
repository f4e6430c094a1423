/**
 * Strength levels 1-10 for people (issue 3). Each level limits the search (nodes and depth) and
 * adds controlled randomness to the choice among the best root moves, so low levels make human
 * mistakes (a weaker move that looks plausible) rather than random ones. Level 10 is full strength.
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
  { nodes: 40000, depth: 6, noise: 30, candidates: 3 },
  { nodes: 120000, depth: 8, noise: 15, candidates: 3 },
  { nodes: 400000, depth: 12, noise: 6, candidates: 2 },
];

export const MAX_LEVEL = 10;

/** Settings of a level, or null for full strength (level 10). */
export function levelSettings(level: number): LevelSettings | null {
  const l = Math.round(level);
  if (l >= MAX_LEVEL) return null;
  return TABLE[Math.max(1, l) - 1]!;
}

/** A normal deviate from a uniform source (Box-Muller). */
export function gaussian(random: () => number): number {
  const u = Math.max(1e-12, random());
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
