/**
 * The positions of `citadel bench`: every variant's start position plus one or two positions a
 * few fixed moves (SAN) later. Changing this list changes the bench signature.
 */
import type { GameSpec } from '@citadel/engine';

export const BENCH_POSITIONS: readonly GameSpec[] = [
  { variant: 'husun' },
  { variant: 'husun', moves: ['f4', 'g9', 'Nd4', 'Ni9'] },
  { variant: 'husun', moves: ['e4', 'h9', 'Ef4', 'Eg9', 'g4', 'f9'] },
  { variant: 'tamerlane' },
  { variant: 'tamerlane', moves: ['f4', 'f7', 'Nd4', 'Nj7'] },
  { variant: 'tamerlane', array: 'feminine', moves: ['h4', 'e7', 'Ce4', 'Ci7'] },
  { variant: 'tamerlane-full' },
  { variant: 'tamerlane-full', moves: ['e4', 'e7', 'Nl4', 'Nb7'] },
  { variant: 'persian-celtic' },
  { variant: 'persian-celtic', moves: ['f5', 'f7', 'Nh4', 'Nd8'] },
  { variant: 'persian-princess' },
  { variant: 'persian-princess', moves: ['e4', 'g8', 'S<>h2', 'Nh8'] },
  { variant: 'persian-eye' },
  { variant: 'persian-eye', moves: ['f5', 'e7', 'Nd4', 'Nh8'] },
  { variant: 'persian-omega' },
  { variant: 'persian-omega', moves: ['g5', 'g7', 'C<>h2', 'Nd8'] },
  { variant: 'chess' },
  { variant: 'chess', moves: ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6'] },
  { variant: 'chess', moves: ['d4', 'Nf6', 'c4', 'e6', 'Nc3', 'Bb4'] },
  { variant: 'shatranj' },
  { variant: 'shatranj', moves: ['e3', 'e6', 'Nf3', 'Nc6', 'c3', 'f6'] },
];
