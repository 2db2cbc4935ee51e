// Types for the parts of the `glicko2` package (1.2.x, untyped CommonJS) that ratings.ts uses.
declare module 'glicko2' {
  export interface GlickoSettings {
    tau?: number;
    rating?: number;
    rd?: number;
    vol?: number;
  }

  export interface GlickoPlayer {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }

  /** [player, opponent, outcome for player: 1 win, 0.5 draw, 0 loss] */
  export type GlickoMatch = [GlickoPlayer, GlickoPlayer, number];

  export class Glicko2 {
    constructor(settings?: GlickoSettings);
    makePlayer(rating?: number, rd?: number, vol?: number): GlickoPlayer;
    updateRatings(matches: GlickoMatch[]): void;
  }

  const glicko2: { Glicko2: typeof Glicko2 };
  export default glicko2;
}
