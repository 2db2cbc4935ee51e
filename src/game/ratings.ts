// Glicko-2 through the `glicko2` package. Each rated game is its own rating period: the bot
// answers one game at a time and players want to see their rating move after each game.
import glicko2 from 'glicko2';

export interface Rating {
  rating: number;
  rd: number;
  vol: number;
}

/** Glickman's recommended starting values; tau 0.5 is the middle of his suggested range. */
const GLICKO_SETTINGS = { tau: 0.5, rating: 1500, rd: 350, vol: 0.06 } as const;

export const INITIAL_RATING: Rating = {
  rating: GLICKO_SETTINGS.rating,
  rd: GLICKO_SETTINGS.rd,
  vol: GLICKO_SETTINGS.vol,
};

/** Players with fewer rated games than this are provisional: listed after established players. */
export const PROVISIONAL_GAMES = 5;

/** Both players' ratings after `winner` beat `loser`. */
export function rateGame(winner: Rating, loser: Rating): { winner: Rating; loser: Rating } {
  const ranking = new glicko2.Glicko2(GLICKO_SETTINGS);
  const w = ranking.makePlayer(winner.rating, winner.rd, winner.vol);
  const l = ranking.makePlayer(loser.rating, loser.rd, loser.vol);
  ranking.updateRatings([[w, l, 1]]);
  const read = (p: typeof w): Rating => ({ rating: p.getRating(), rd: p.getRd(), vol: p.getVol() });
  return { winner: read(w), loser: read(l) };
}
