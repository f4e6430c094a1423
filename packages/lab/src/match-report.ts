/**
 * Where a match against another engine is won and lost, from its games' move comments
 * (`citadel match` writes `{+1.46/12 0.05s}` after each engine move): the score by our colour,
 * the ply at which each lost game was decided, which pieces each side moves in the opening, and
 * how often our draw scores were contradicted, and the games that ran to the match's ply limit
 * (`limitGames`).
 */
import { commentScore } from './tuning.ts';

/** One game as the report reads it: our colour (0 White, 1 Black), our points, the moves. */
export interface ReportGame {
  readonly ourColour: 0 | 1;
  readonly points: number;
  readonly moves: ReadonlyArray<{ readonly san: string; readonly comment?: string }>;
  /** Whether the game ended at the match's ply limit (`citadel match --max-plies`). */
  readonly atLimit?: boolean;
  /**
   * Keys of the game's positions (the same key for the same position, clocks left out): before
   * the first move, then after each move (`moves.length + 1` entries). Needed only to count
   * returns to earlier positions (`LimitGames`).
   */
  readonly positions?: readonly string[];
}

export interface ColourScore {
  readonly games: number;
  readonly points: number;
}

export interface MatchReport {
  /** Our games and points as White, then as Black. */
  readonly byColour: readonly [ColourScore, ColourScore];
  /** Lost games by the band of plies in which they were decided (`decidedAt`), 'never' included. */
  readonly lossesDecided: ReadonlyMap<string, number>;
  /** Moves per piece letter ('P' for pawns) in the opening plies, ours and the opponent's. */
  readonly openingMoves: {
    readonly ours: ReadonlyMap<string, number>;
    readonly theirs: ReadonlyMap<string, number>;
  };
  /**
   * Our moves with a score (not book), those scored exactly 0.00 (a draw our search saw), and of
   * these the ones after which the opponent's reply claimed `DECIDED_CP` or more, and twice
   * that, for itself: draws the opponent did not believe.
   */
  readonly drawScores: DrawScores;
  /** The games that reached the ply limit: who stood better, and who went back to old positions. */
  readonly limitGames: LimitGames;
}

/**
 * Games at the ply limit by our average score over our last `LIMIT_REPORT.scoredMoves` scored
 * moves: `ahead` at `LIMIT_REPORT.aheadCp` or more, `behind` at minus that or less, `level`
 * between. In the `ahead` games with position keys: the moves in the last
 * `LIMIT_REPORT.returnWindow` plies that recreated a
 * position seen earlier in the game, ours and the opponent's (shuffling instead of progress).
 */
export interface LimitGames {
  ahead: number;
  behind: number;
  level: number;
  ourReturns: number;
  theirReturns: number;
}

/** See `MatchReport.drawScores`. */
export interface DrawScores {
  scored: number;
  zero: number;
  contradicted: number;
  stronglyContradicted: number;
}

/** The opponent's score, read from our side (centipawns), that marks a game as decided... */
const DECIDED_CP = -150;
/** ...when it holds for this many of the opponent's turns running. */
const DECIDED_TURNS = 3;
/**
 * The bounds of `LimitGames` (exported so that a report prints the numbers it used): our score
 * in centipawns that counts as ahead, how many of our last scored moves are averaged, and how
 * many plies at the end of a game are searched for returns.
 */
export const LIMIT_REPORT = { aheadCp: 300, scoredMoves: 20, returnWindow: 200 } as const;
/** Bands of plies for `lossesDecided`: each label covers plies up to (not including) its bound. */
const BANDS: ReadonlyArray<readonly [string, number]> = [
  ['<30', 30],
  ['30-59', 60],
  ['60-99', 100],
  ['100-159', 160],
  ['160+', Infinity],
];

/**
 * The ply of the opponent's move from which its own score, read from our side, stayed at
 * `DECIDED_CP` or worse for `DECIDED_TURNS` of its turns running (a mate it announces counts),
 * or -1 when that never happened. Turns without a score (book moves) break no run.
 */
export function decidedAt(game: ReportGame): number {
  let run = 0;
  for (let ply = 0; ply < game.moves.length; ply++) {
    if (ply % 2 === game.ourColour) continue;
    // A mate counts as a capped score (`commentScore`), well past the mark.
    const theirs = commentScore(game.moves[ply]!.comment ?? '');
    if (theirs === null) continue;
    if (-theirs > DECIDED_CP) run = 0;
    else if (++run === DECIDED_TURNS) return ply - 2 * (DECIDED_TURNS - 1);
  }
  return -1;
}

/** The piece letter of a SAN move: 'P' for a pawn (its SAN starts with a file letter). */
function pieceLetter(san: string): string {
  return /^[a-z]/.test(san) ? 'P' : san[0]!;
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The report of these games; the opening is plies `openingFrom` to `openingTo` (not included). */
export function matchReport(
  games: readonly ReportGame[],
  openingFrom = 4,
  openingTo = 30,
): MatchReport {
  const byColour: [ColourScore, ColourScore] = [
    { games: 0, points: 0 },
    { games: 0, points: 0 },
  ];
  // Every band, in order (zero when no loss fell in it), then 'never'.
  const lossesDecided = new Map<string, number>([
    ...BANDS.map(([label]) => [label, 0] as const),
    ['never', 0],
  ]);
  const ours = new Map<string, number>();
  const theirs = new Map<string, number>();
  const drawScores: DrawScores = { scored: 0, zero: 0, contradicted: 0, stronglyContradicted: 0 };
  const limitGames: LimitGames = { ahead: 0, behind: 0, level: 0, ourReturns: 0, theirReturns: 0 };
  for (const game of games) {
    countDrawScores(game, drawScores);
    if (game.atLimit) countLimitGame(game, limitGames);
    const { games: n, points } = byColour[game.ourColour];
    byColour[game.ourColour] = { games: n + 1, points: points + game.points };
    if (game.points === 0) {
      const ply = decidedAt(game);
      bump(lossesDecided, ply < 0 ? 'never' : BANDS.find(([, bound]) => ply < bound)![0]);
    }
    const end = Math.min(openingTo, game.moves.length);
    for (let ply = openingFrom; ply < end; ply++)
      bump(ply % 2 === game.ourColour ? ours : theirs, pieceLetter(game.moves[ply]!.san));
  }
  return { byColour, lossesDecided, openingMoves: { ours, theirs }, drawScores, limitGames };
}

/** Adds one game that reached the ply limit to `into` (`MatchReport.limitGames`). */
function countLimitGame(game: ReportGame, into: LimitGames): void {
  const scores: number[] = [];
  for (let ply = game.ourColour; ply < game.moves.length; ply += 2) {
    const ours = commentScore(game.moves[ply]!.comment ?? '');
    if (ours !== null) scores.push(ours);
  }
  const last = scores.slice(-LIMIT_REPORT.scoredMoves);
  const average = last.reduce((a, b) => a + b, 0) / Math.max(1, last.length);
  if (average <= -LIMIT_REPORT.aheadCp) into.behind++;
  else if (average < LIMIT_REPORT.aheadCp) into.level++;
  else {
    into.ahead++;
    countReturns(game, into);
  }
}

/** Adds the moves of the game's last `returnWindow` plies that recreated an earlier position. */
function countReturns(game: ReportGame, into: LimitGames): void {
  const keys = game.positions;
  if (!keys) return;
  const from = Math.max(0, game.moves.length - LIMIT_REPORT.returnWindow);
  // keys[ply] is the position before the move at `ply`, keys[ply + 1] the one after it.
  const seen = new Set(keys.slice(0, from + 1));
  for (let ply = from; ply < game.moves.length; ply++) {
    const key = keys[ply + 1]!;
    if (seen.has(key)) {
      if (ply % 2 === game.ourColour) into.ourReturns++;
      else into.theirReturns++;
    }
    seen.add(key);
  }
}

/** Adds one game's draw-score counts (`MatchReport.drawScores`) to `into`. */
function countDrawScores(game: ReportGame, into: DrawScores): void {
  for (let ply = game.ourColour; ply < game.moves.length; ply += 2) {
    const ours = commentScore(game.moves[ply]!.comment ?? '');
    if (ours === null) continue;
    into.scored++;
    if (ours !== 0) continue;
    into.zero++;
    const reply = commentScore(game.moves[ply + 1]?.comment ?? '');
    if (reply === null) continue;
    if (reply >= -DECIDED_CP) into.contradicted++;
    if (reply >= -2 * DECIDED_CP) into.stronglyContradicted++;
  }
}
