// Written by `npm run fit-eval -- --games 2000 --seed 1 --players hard --every 6 --rounds 1 --budget 1 --lambda 0.3`:
// winChance's weights per rule set and pawn count, in the order of FEATURE_NAMES. Do not edit by hand.
export const WIN_WEIGHTS: Readonly<Record<string, readonly number[]>> = {
  'kendall-5': [-0.010082, 0.082828],
  'traditional-5': [-0.030763, 0.43123],
  'pennsic-5': [-0.0083828, 0.20261],
  'dancers-5': [0.011313, 0.17939],
  'regency-5': [-0.0076238, 0.20393],
  'kendall-7': [-0.0032636, 0.046756],
};
