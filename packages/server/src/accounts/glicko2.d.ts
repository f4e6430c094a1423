/** Types of the `glicko2` package (it ships none): the part of its API we use. */
declare module 'glicko2' {
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings: { tau: number; rating: number; rd: number; vol: number });
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    updateRatings(matches: Array<[Glicko2Player, Glicko2Player, number]>): void;
  }
  const glicko2: { Glicko2: typeof Glicko2 };
  export default glicko2;
}
