/**
 * The `glicko2` package (CommonJS, without types of its own), typed for the part of it we use.
 * It is loaded through `require` with these types, so no ambient module declaration has to be
 * included by every program that compiles the server (the CLI's and web app's tests, scripts).
 */
import { createRequire } from 'node:module';

export interface Glicko2Player {
  getRating(): number;
  getRd(): number;
  getVol(): number;
}

/** A rating system: players, and the update of their ratings after a rating period's games. */
export interface Glicko2Ranking {
  makePlayer(rating: number, rd: number, vol: number): Glicko2Player;
  /** Each game as [player, opponent, the first player's score: 1, 0.5 or 0]. */
  updateRatings(matches: Array<[Glicko2Player, Glicko2Player, number]>): void;
}

interface Glicko2Module {
  Glicko2: new (settings: {
    tau: number;
    rating: number;
    rd: number;
    vol: number;
  }) => Glicko2Ranking;
}

export const { Glicko2 } = createRequire(import.meta.url)('glicko2') as Glicko2Module;
