/**
 * Match statistics: logistic Elo from a score, 95% error bars from the trinomial (win/draw/loss
 * per game) or pentanomial (score of a game pair: 0, ½, 1, 1½, 2) distribution, likelihood of
 * superiority, and the sequential probability ratio test (SPRT) in its generalised form (GSPRT,
 * Michel Van den Bergh's normal approximation, as fishtest uses):
 *
 *   LLR ≈ N · (s1 − s0) · (2·m − s0 − s1) / (2·σ²)
 *
 * with N samples (games or pairs), m their mean score (per game, 0..1), σ² the sample variance of
 * one sample, s0/s1 the expected scores of elo0/elo1. Bounds: ln(β/(1−α)) and ln((1−β)/α).
 * Every score here is from engine 1's side.
 */

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** Logistic Elo difference of an expected score (0..1); ±Infinity at 0 and 1. */
export function eloFromScore(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return 400 * Math.log10(score / (1 - score));
}

/** Expected score of a logistic Elo difference. */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + Math.pow(10, -elo / 400));
}

/** Games from engine 1's side. */
export interface Wdl {
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

/** Pair counts by pair score 0, ½, 1, 1½, 2 (engine 1's points over the two games). */
export type Pentanomial = readonly [number, number, number, number, number];

export interface EloEstimate {
  /** Mean score per game, 0..1. */
  readonly score: number;
  readonly elo: number;
  /**
   * Half-width of the 95% interval in Elo ((upper − lower) / 2); Infinity when unbounded; NaN
   * while not defined (fewer than two samples, or all samples alike).
   */
  readonly margin: number;
  /** The 95% interval in Elo. */
  readonly lower: number;
  readonly upper: number;
  /** Number of samples (games or pairs). */
  readonly n: number;
}

interface Distribution {
  readonly n: number;
  readonly mean: number;
  /** Variance of one sample. */
  readonly variance: number;
}

/** Mean and per-sample variance of a discrete distribution given counts of each value. */
function distribution(values: readonly number[], counts: readonly number[]): Distribution {
  const n = counts.reduce((a, c) => a + c, 0);
  if (n === 0) return { n: 0, mean: 0.5, variance: 0 };
  let mean = 0;
  for (let i = 0; i < values.length; i++) mean += (values[i]! * counts[i]!) / n;
  let variance = 0;
  for (let i = 0; i < values.length; i++) variance += (counts[i]! * (values[i]! - mean) ** 2) / n;
  return { n, mean, variance };
}

const TRINOMIAL_VALUES = [0, 0.5, 1] as const;
/** Pair scores per game (pair points / 2). */
const PENTANOMIAL_VALUES = [0, 0.25, 0.5, 0.75, 1] as const;

function trinomial(wdl: Wdl): Distribution {
  return distribution(TRINOMIAL_VALUES, [wdl.losses, wdl.draws, wdl.wins]);
}

function pentanomial(pairs: Pentanomial): Distribution {
  return distribution(PENTANOMIAL_VALUES, pairs);
}

function estimate(d: Distribution): EloEstimate {
  if (d.n === 0)
    return { score: 0.5, elo: 0, margin: NaN, lower: -Infinity, upper: Infinity, n: 0 };
  // One sample, or samples all alike, say nothing about the spread: the error is not defined yet.
  if (d.n < 2 || d.variance === 0)
    return {
      score: d.mean,
      elo: eloFromScore(d.mean),
      margin: NaN,
      lower: -Infinity,
      upper: Infinity,
      n: d.n,
    };
  const se = Math.sqrt(d.variance / d.n);
  const lower = eloFromScore(d.mean - Z95 * se);
  const upper = eloFromScore(d.mean + Z95 * se);
  return {
    score: d.mean,
    elo: eloFromScore(d.mean),
    margin: (upper - lower) / 2,
    lower,
    upper,
    n: d.n,
  };
}

/** Elo and its 95% error bar from game results (trinomial model). */
export function trinomialElo(wdl: Wdl): EloEstimate {
  return estimate(trinomial(wdl));
}

/** Elo and its 95% error bar from game-pair results (pentanomial model). */
export function pentanomialElo(pairs: Pentanomial): EloEstimate {
  return estimate(pentanomial(pairs));
}

/** The error function (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7). */
export function erf(x: number): number {
  const s = Math.sign(x);
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-a * a);
  return s * y;
}

/** Likelihood of superiority: the probability that engine 1 is the stronger (draws ignored). */
export function los(wdl: Wdl): number {
  const decisive = wdl.wins + wdl.losses;
  if (decisive === 0) return 0.5;
  return 0.5 * (1 + erf((wdl.wins - wdl.losses) / Math.sqrt(2 * decisive)));
}

export interface SprtParams {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
}

export type SprtVerdict = 'H0' | 'H1' | 'continue';

export interface SprtState {
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  readonly verdict: SprtVerdict;
}

/** The SPRT stopping bounds: [ln(β/(1−α)), ln((1−β)/α)]. */
export function sprtBounds(alpha: number, beta: number): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

function gsprtLlr(d: Distribution, elo0: number, elo1: number): number {
  if (d.n === 0 || d.variance <= 0) return 0;
  const s0 = scoreFromElo(elo0);
  const s1 = scoreFromElo(elo1);
  return (d.n * (s1 - s0) * (2 * d.mean - s0 - s1)) / (2 * d.variance);
}

/**
 * A sample with a single outcome (a clean sweep) has no variance and the approximation no value;
 * it is then taken with one even sample (a draw, or a drawn pair) added, so a long enough sweep
 * still decides the test.
 */
function withVariance(values: readonly number[], counts: readonly number[]): Distribution {
  const d = distribution(values, counts);
  if (d.n === 0 || d.variance > 0) return d;
  const middle = (values.length - 1) / 2;
  return distribution(
    values,
    counts.map((c, i) => (i === middle ? c + 1 : c)),
  );
}

/** Log-likelihood ratio of elo1 against elo0 from game results (trinomial GSPRT). */
export function llrTrinomial(wdl: Wdl, elo0: number, elo1: number): number {
  return gsprtLlr(withVariance(TRINOMIAL_VALUES, [wdl.losses, wdl.draws, wdl.wins]), elo0, elo1);
}

/** Log-likelihood ratio of elo1 against elo0 from game pairs (pentanomial GSPRT). */
export function llrPentanomial(pairs: Pentanomial, elo0: number, elo1: number): number {
  return gsprtLlr(withVariance(PENTANOMIAL_VALUES, pairs), elo0, elo1);
}

/** The SPRT state for a log-likelihood ratio: H1 (elo1 holds) above, H0 below the bounds. */
export function sprtState(llr: number, p: SprtParams): SprtState {
  const { lower, upper } = sprtBounds(p.alpha, p.beta);
  const verdict: SprtVerdict = llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue';
  return { llr, lower, upper, verdict };
}

/** Parses `elo0,elo1[,alpha,beta]` (alpha and beta default to 0.05). */
export function parseSprt(text: string): SprtParams | string {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length !== 2 && parts.length !== 4)
    return `--sprt takes elo0,elo1[,alpha,beta] (got '${text}')`;
  const nums = parts.map(Number);
  if (nums.some((x) => !Number.isFinite(x)) || parts.some((s) => s === ''))
    return `--sprt takes numbers: elo0,elo1[,alpha,beta] (got '${text}')`;
  const [elo0, elo1, alpha = 0.05, beta = 0.05] = nums as [number, number, number?, number?];
  if (elo1 <= elo0) return `--sprt needs elo0 < elo1 (got ${elo0}, ${elo1})`;
  if (!(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5))
    return `--sprt alpha and beta must lie between 0 and 0.5 (got ${alpha}, ${beta})`;
  return { elo0, elo1, alpha, beta };
}

const signed = (x: number, digits = 1): string =>
  Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(digits)}` : x > 0 ? '+inf' : '-inf';

/** `+70.4 ± 72.1` (or `± inf`). */
export function formatElo(e: EloEstimate): string {
  return `${signed(e.elo)} ± ${formatMargin(e)}`;
}

/** The 95% error bar: `n/a` while it is not defined (fewer than two samples, or all alike). */
export function formatMargin(e: EloEstimate): string {
  if (Number.isNaN(e.margin)) return 'n/a';
  return Number.isFinite(e.margin) ? e.margin.toFixed(1) : 'inf';
}

/** Running tally of a match from engine 1's side, with pairs for the pentanomial model. */
export class Tally {
  wins = 0;
  losses = 0;
  draws = 0;
  readonly pairs: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  private readonly pending = new Map<number, number>();

  /** Adds a game: `points` for engine 1 (1, ½, 0); `pair` groups the two games of an opening. */
  add(points: number, pair: number): void {
    if (points === 1) this.wins++;
    else if (points === 0) this.losses++;
    else this.draws++;
    const other = this.pending.get(pair);
    if (other === undefined) this.pending.set(pair, points);
    else {
      this.pending.delete(pair);
      this.pairs[Math.round((other + points) * 2)]!++;
    }
  }

  get games(): number {
    return this.wins + this.losses + this.draws;
  }

  get pairCount(): number {
    return this.pairs.reduce((a, c) => a + c, 0);
  }

  wdl(): Wdl {
    return { wins: this.wins, losses: this.losses, draws: this.draws };
  }

  /** SPRT state: pentanomial once a pair is complete, trinomial before. */
  sprt(p: SprtParams): SprtState {
    const llr =
      this.pairCount > 0
        ? llrPentanomial(this.pairs, p.elo0, p.elo1)
        : llrTrinomial(this.wdl(), p.elo0, p.elo1);
    return sprtState(llr, p);
  }

  /** `2-1-1 (62.5%) Elo +88.7 ± 210.3 (pentanomial ± 180.2), LOS 76.0%`: W-L-D from engine 1's side. */
  summary(): string {
    const wdl = this.wdl();
    const tri = trinomialElo(wdl);
    let line = `${this.wins}-${this.losses}-${this.draws} (${(100 * tri.score).toFixed(1)}%) Elo ${formatElo(tri)}`;
    if (this.pairCount > 1) {
      const penta = pentanomialElo(this.pairs);
      line += ` (pentanomial ± ${formatMargin(penta)})`;
    }
    return `${line}, LOS ${(100 * los(wdl)).toFixed(1)}%`;
  }
}
