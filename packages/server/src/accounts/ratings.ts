/**
 * Glicko-2 ratings per variant (the `glicko2` package): each rated game is its own rating period,
 * as the big chess sites do. New players start at 1500, deviation 350, volatility 0.06.
 */
import { Glicko2 } from './glicko2.ts';
import type { RatingRow } from '../storage/store.ts';

export const START = { rating: 1500, rd: 350, volatility: 0.06 } as const;

/** The two players' ratings after a game; `score` is White's (1, 0.5 or 0). */
export function rateGame(
  white: RatingRow,
  black: RatingRow,
  score: 0 | 0.5 | 1,
): [RatingRow, RatingRow] {
  const system = new Glicko2({
    tau: 0.5,
    rating: START.rating,
    rd: START.rd,
    vol: START.volatility,
  });
  const w = system.makePlayer(white.rating, white.rd, white.volatility);
  const b = system.makePlayer(black.rating, black.rd, black.volatility);
  system.updateRatings([[w, b, score]]);
  const after = (p: typeof w, r: RatingRow): RatingRow => ({
    ...r,
    rating: p.getRating(),
    rd: p.getRd(),
    volatility: p.getVol(),
    games: r.games + 1,
  });
  return [after(w, white), after(b, black)];
}

export const startRating = (accountId: number, variant: string): RatingRow => ({
  accountId,
  variant,
  ...START,
  games: 0,
});
