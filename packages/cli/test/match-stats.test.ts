import { describe, expect, it } from 'vitest';
import {
  Tally,
  eloFromScore,
  formatElo,
  formatMargin,
  llrPentanomial,
  llrTrinomial,
  los,
  parseSprt,
  pentanomialElo,
  scoreFromElo,
  sprtBounds,
  sprtState,
  trinomialElo,
} from '../src/match/stats.ts';

// Expected values are worked out by hand from the formulas in stats.ts:
//   elo(s) = -400 log10(1/s - 1); interval = elo(m ± 1.96 σ/√N); margin = (upper - lower) / 2;
//   LLR = N (s1 - s0)(2m - s0 - s1) / (2 σ²); bounds ln(β/(1-α)), ln((1-β)/α).
describe('Elo from a score', () => {
  it('60% is +70.4 Elo, 50% is 0, and the conversion inverts', () => {
    expect(eloFromScore(0.6)).toBeCloseTo(70.4365, 3);
    expect(eloFromScore(0.5)).toBe(0);
    expect(eloFromScore(0.4)).toBeCloseTo(-70.4365, 3);
    expect(scoreFromElo(70.4365)).toBeCloseTo(0.6, 5);
    expect(eloFromScore(1)).toBe(Infinity);
    expect(eloFromScore(0)).toBe(-Infinity);
  });
});

describe('trinomial error bars', () => {
  it('60 wins, 40 losses: +70.4 ± 70.6 (interval +2.8 .. +143.9)', () => {
    const e = trinomialElo({ wins: 60, losses: 40, draws: 0 });
    expect(e.score).toBeCloseTo(0.6, 10);
    expect(e.elo).toBeCloseTo(70.44, 2);
    expect(e.margin).toBeCloseTo(70.57, 2);
    expect(e.lower).toBeCloseTo(2.77, 2);
    expect(e.upper).toBeCloseTo(143.91, 2);
  });

  it('draws narrow the interval: 50-30-20 is +70.4 ± 62.6', () => {
    const e = trinomialElo({ wins: 50, losses: 30, draws: 20 });
    expect(e.elo).toBeCloseTo(70.44, 2);
    expect(e.margin).toBeCloseTo(62.59, 2);
  });

  it('no games or a clean sweep give no defined margin, shown as n/a', () => {
    const none = trinomialElo({ wins: 0, losses: 0, draws: 0 });
    expect(none.margin).toBeNaN();
    expect(formatElo(none)).toBe('+0.0 ± n/a');
    const sweep = trinomialElo({ wins: 3, losses: 0, draws: 0 });
    expect(sweep.elo).toBe(Infinity);
    expect(formatMargin(sweep)).toBe('n/a');
  });

  it('two identical pairs leave the pentanomial error undefined (n/a), a third different one defines it', () => {
    expect(formatMargin(pentanomialElo([0, 0, 2, 0, 0]))).toBe('n/a');
    expect(formatMargin(pentanomialElo([0, 0, 2, 1, 0]))).toMatch(/^\d+\.\d$/);
    const t = new Tally();
    for (let pair = 0; pair < 2; pair++) {
      t.add(1, pair);
      t.add(0, pair);
    }
    expect(t.summary()).toContain('(pentanomial ± n/a)');
  });
});

describe('pentanomial error bars', () => {
  it('pairs 2,8,20,12,8 (score 58%): +56.1 ± 52.2', () => {
    const e = pentanomialElo([2, 8, 20, 12, 8]);
    expect(e.score).toBeCloseTo(0.58, 10);
    expect(e.elo).toBeCloseTo(56.07, 2);
    expect(e.margin).toBeCloseTo(52.19, 2);
    expect(e.n).toBe(50);
  });

  it('a symmetric distribution is 0 Elo', () => {
    expect(pentanomialElo([5, 10, 20, 10, 5]).elo).toBeCloseTo(0, 10);
  });
});

describe('likelihood of superiority', () => {
  it('is 50% when even and 97.7% for 60 wins against 40 losses', () => {
    expect(los({ wins: 7, losses: 7, draws: 3 })).toBeCloseTo(0.5, 10);
    expect(los({ wins: 60, losses: 40, draws: 0 })).toBeCloseTo(0.97725, 4);
  });
});

describe('SPRT', () => {
  it('bounds for alpha = beta = 0.05 are ±2.94', () => {
    const b = sprtBounds(0.05, 0.05);
    expect(b.lower).toBeCloseTo(-2.9444, 4);
    expect(b.upper).toBeCloseTo(2.9444, 4);
  });

  it('LLR of 60-40-0 for [0, 10] is +0.556, negative for 40-60-0', () => {
    expect(llrTrinomial({ wins: 60, losses: 40, draws: 0 }, 0, 10)).toBeCloseTo(0.5563, 4);
    expect(llrTrinomial({ wins: 40, losses: 60, draws: 0 }, 0, 10)).toBeLessThan(0);
    // At the midpoint score of elo0 and elo1 the test leans to neither side.
    expect(llrTrinomial({ wins: 50, losses: 50, draws: 0 }, -10, 10)).toBeCloseTo(0, 10);
  });

  it('pentanomial LLR of pairs 2,8,20,12,8 for [0, 10] is +0.763', () => {
    expect(llrPentanomial([2, 8, 20, 12, 8], 0, 10)).toBeCloseTo(0.7635, 4);
  });

  it('verdicts: H1 above the upper bound, H0 below the lower, continue between', () => {
    const p = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };
    expect(sprtState(3, p).verdict).toBe('H1');
    expect(sprtState(-3, p).verdict).toBe('H0');
    expect(sprtState(0.5, p).verdict).toBe('continue');
    const strong = new Tally();
    for (let i = 0; i < 400; i++) strong.add(i % 5 === 0 ? 0.5 : i % 3 === 0 ? 0 : 1, i >> 1);
    expect(strong.sprt(p).verdict).toBe('H1');
    const weak = new Tally();
    for (let i = 0; i < 400; i++) weak.add(i % 5 === 0 ? 0.5 : i % 3 === 0 ? 1 : 0, i >> 1);
    expect(weak.sprt(p).verdict).toBe('H0');
  });

  it('a clean sweep is taken with one draw added: 10 losses decide H0, 5 do not', () => {
    expect(llrTrinomial({ wins: 0, losses: 10, draws: 0 }, 0, 10)).toBeCloseTo(-3.5368, 4);
    expect(llrTrinomial({ wins: 0, losses: 5, draws: 0 }, 0, 10)).toBeCloseTo(-1.0538, 4);
    expect(llrTrinomial({ wins: 5, losses: 0, draws: 0 }, 0, 10)).toBeGreaterThan(0);
    expect(llrPentanomial([10, 0, 0, 0, 0], 0, 10)).toBeCloseTo(-3.5368, 4);
    expect(llrTrinomial({ wins: 0, losses: 0, draws: 0 }, 0, 10)).toBe(0);
  });

  it('parses elo0,elo1[,alpha,beta]', () => {
    expect(parseSprt('0,5')).toEqual({ elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 });
    expect(parseSprt('-1.5, 3.5, 0.1, 0.2')).toEqual({
      elo0: -1.5,
      elo1: 3.5,
      alpha: 0.1,
      beta: 0.2,
    });
    expect(typeof parseSprt('5,0')).toBe('string');
    expect(typeof parseSprt('0')).toBe('string');
    expect(typeof parseSprt('0,5,0.6,0.05')).toBe('string');
  });
});

describe('Tally', () => {
  it('counts games and pairs from engine 1 side', () => {
    const t = new Tally();
    t.add(1, 0);
    t.add(0.5, 1);
    t.add(0.5, 0); // pair 0: 1.5 points
    t.add(0, 1); // pair 1: 0.5 points
    t.add(1, 2); // pair 2 incomplete
    expect(t.wdl()).toEqual({ wins: 2, losses: 1, draws: 2 });
    expect(t.pairs).toEqual([0, 1, 0, 1, 0]);
    expect(t.summary()).toMatch(/^2-1-2 \(60\.0%\) Elo \+70\.4 ± /);
  });
});
