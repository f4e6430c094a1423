/**
 * The rules core against the independent reference generator (written from docs/rules.md alone):
 * seeded random games in every variant, array and rule switch, from the start and from positions
 * built around the special rules; at every ply the legal move sets must be equal, and so must the
 * position after each move (compared through the reference's own FEN reading of both).
 */
import { sampleSize } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import { Position, VARIANT_IDS, mulberry32 as rng } from '../../src/index.ts';
import { referenceLegalMoves } from './reference.ts';

interface Case {
  readonly variant: string;
  readonly options?: { array?: string; rules?: Record<string, string> };
  readonly fen?: string;
}

const CASES: Case[] = [
  ...VARIANT_IDS.map((variant) => ({ variant })),
  { variant: 'tamerlane', options: { array: 'feminine' } },
  {
    variant: 'tamerlane',
    options: { rules: { 'citadel-claim-or-swap': 'on', 'pawn-of-pawns-occupied': 'on' } },
  },
  { variant: 'persian-omega', options: { rules: { 'omega-rendezvous': 'off' } } },
  // Special-rule positions: pawns of pawns about to arrive, royals near the citadels, a lone king.
  {
    variant: 'tamerlane',
    fen: '*10k*/2P[P3]1P[P]2P[P2]4*/*11*/*11*/*11*/*11*/*11*/*5K5*/*2p[p2]1p[h]3p[p3]3/*11* w Ss - 0 1',
  },
  {
    variant: 'tamerlane',
    fen: '*P[P=]9k*/12*/*w3w6*/*11*/*2e8*/*11*/*w3w6*/*3N7*/*5K6/*9p[p=]1* w Ss - 0 1',
  },
  {
    variant: 'tamerlane',
    fen: '*11*/12*/*K10*/*11*/*11*/*11*/*3H2A4*/*10k*/*1h9a/*11* w Ss - 0 1',
    options: { rules: { 'citadel-claim-or-swap': 'on' } },
  },
  {
    variant: 'tamerlane',
    fen: '*5r4k*/12*/*11*/*11*/*11*/*1N9*/*3P[P]7*/*11*/*5K6/*11* w Ss - 0 1',
  },
  {
    variant: 'tamerlane-full',
    fen: '*2l2s2x1k*/12*/*3g2t4*/*11*/*2B8*/*4L6*/*7S3*/*1X9*/*5K4G1/*2T8* w Ss - 0 1',
  },
  {
    variant: 'husun',
    fen: '1**********1/*9k*/*1P8*/*10*/*3n6*/*10*/*10*/*10*/*10*/*6p3*/*1K8*/1**********1 w - - 0 1',
  },
  {
    variant: 'persian-eye',
    fen: 'f*********f/*r3k1b1r*/*ppp2pppp*/*3p5*/*4p4*/*9*/*3P5*/*2N1P4*/*PPP2PPPP*/*R3KSB1R*/F*********F w KQkqVv - 0 1',
  },
];

const GAMES = sampleSize(1, 3);
const PLIES = 50;

describe('core against the reference generator', () => {
  for (const c of CASES) {
    const label = `${c.variant}${c.options ? ' ' + JSON.stringify(c.options) : ''}${c.fen ? ' from ' + c.fen : ''}`;
    it(label, () => {
      let compared = 0;
      for (let g = 0; g < GAMES; g++) {
        const random = rng(7919 * g + label.length);
        const start = c.fen
          ? Position.fromFen(c.variant, c.fen, c.options)
          : Position.start(c.variant, c.options);
        if (!start.ok) throw new Error(start.error);
        const pos = start.value;
        for (let ply = 0; ply < PLIES; ply++) {
          const fen = pos.fen();
          const ours = pos
            .legalMoves()
            .map((m) => m.text)
            .sort();
          const theirs = referenceLegalMoves(c.variant, fen, c.options).sort();
          expect(ours, `${label} game ${g} ply ${ply}: ${fen}`).toEqual(theirs);
          compared++;
          if (ours.length === 0) break;
          pos.play(ours[Math.floor(random() * ours.length)]!);
        }
      }
      expect(compared).toBeGreaterThan(GAMES);
    });
  }
});
