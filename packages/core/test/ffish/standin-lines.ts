/**
 * Fixed move sequences (FSF UCI move text, stand-in coordinates) from the stand-ins' start
 * positions to the midgame positions of the perft table in `standin-perft.ts`.
 *
 * Coordinates: husun10 a1..j10 = husun b2..k11 (file +1, rank +1); tamerlane11 a1..k10 =
 * tamerlane b1..l10 (file +1, same rank). Promotion moves end with `f` (general).
 *
 * The `*-open` and `*-middle` lines were produced by a seeded random playout that prefers captures
 * and pawn advances (then frozen here); the `*-promo` lines are composed by hand so that both
 * sides have a pawn one step from promotion (captures into promotion included).
 */
import type { StandinVariant } from './standins.ts';

export interface StandinLine {
  readonly label: string;
  readonly variant: StandinVariant;
  readonly moves: readonly string[];
  readonly note: string;
}

const m = (s: string): readonly string[] => s.split(' ');

export const STANDIN_LINES: readonly StandinLine[] = [
  {
    label: 'husun10-open',
    variant: 'husun10',
    moves: m('e2e3 h9h8 c2c3 d9d8 d1g4 a9a8 g4b9 e9e8 b9a10 b10d9'),
    note: '10 plies: a White war machine took b9 and the rook on a10; open diagonals, checks',
  },
  {
    label: 'husun10-middle',
    variant: 'husun10',
    moves: m(
      'b2b3 a9a8 a2a3 i9i8 d2d3 e9e8 h2h3 e8e7 i2i3 d9d8 e2e3 j9j8 d3d4 f9f8 j2j3 j8j7 d1j7 b9b8 ' +
        'j7i8 j10j3 a3a4 h9i8 h1j3 g10a4 a1a4 b8b7 c2c3 b7b6 c3c4 b6b5 a4a2 b5c4 f2f3 a8a7 a2a7 i8i7',
    ),
    note: '36 plies: several trades, rook on the 7th, many captures and checks within 3 plies',
  },
  {
    label: 'husun10-promo',
    variant: 'husun10',
    moves: m('b2b3 i9i8 b3b4 i8i7 b4b5 i7i6 b5b6 i6i5 b6b7 i5i4 b7b8 i4i3 b8c9 i3h2'),
    note: '14 plies: White c9 (promotes by capturing b10/d10), Black h2 (promotes by capturing g1/i1)',
  },
  {
    label: 'tamerlane11-open',
    variant: 'tamerlane11',
    moves: m('a3a4 h8h7 a4a5 h7h6 e2d1 h6h5 b2c4 h5h4 i1h4 g8g7 c4d6'),
    note: '11 plies, Black to move: a camel took a pawn on h4, a knight on d6 forks c8 / e8',
  },
  {
    label: 'tamerlane11-middle',
    variant: 'tamerlane11',
    moves: m(
      'a3a4 h8h7 g2h2 j9k7 a4a5 h7h6 c3c4 k7j9 h2g2 h6h5 c1b4 e9d9 e1c1 b8b7 a5a6 b7a6 a2a6 a8a7 ' +
        'c4c5 h5h4 c5c6 h4i3 b4a7 i3j2',
    ),
    note: '24 plies: Black pawn on j2 promotes next by j1 or by capturing i1 / k1; White rook and camel raiding',
  },
  {
    label: 'tamerlane11-promo',
    variant: 'tamerlane11',
    moves: m('c3c4 i8i7 c4c5 i7i6 c5c6 i6i5 c6c7 i5i4 c7d8 i4h3 d8d9 h3h2'),
    note: '12 plies: White d9 (d10 push or captures c10/e10), Black h2 (h1 push or captures g1/i1)',
  },
];
